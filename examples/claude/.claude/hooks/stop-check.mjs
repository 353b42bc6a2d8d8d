// Stop: keeps the agent working until it says the tests pass (decision block + reason).
import { readInput } from './read-input.mjs';

const input = await readInput();
if (!input.stop_hook_active && !/tests pass/i.test(input.last_assistant_message ?? '')) {
  process.stdout.write(JSON.stringify({ decision: 'block', reason: 'Run npm test and report that the tests pass before stopping.' }));
}
