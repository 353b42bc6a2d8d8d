// PreToolUse guard: blocks `rm -rf` (exit 2, reason on stderr, as Claude Code hooks do).
import { readInput } from './read-input.mjs';

const input = await readInput();
const command = String(input.tool_input?.command ?? '');
if (/\brm\s+(-[a-zA-Z]*r[a-zA-Z]*f|-[a-zA-Z]*f[a-zA-Z]*r)\b/.test(command)) {
  process.stderr.write(`Blocked by guard-rm: "${command}" deletes recursively. Remove files one by one instead.\n`);
  process.exit(2);
}
process.exit(0);
