// PostToolUse after Write/Edit: pretends to format the file and tells the model (additionalContext).
import { readInput } from './read-input.mjs';

const input = await readInput();
const file = input.tool_input?.file_path ?? '(unknown file)';
process.stdout.write(
  JSON.stringify({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: `Formatted ${file} with the project style.` } }),
);
