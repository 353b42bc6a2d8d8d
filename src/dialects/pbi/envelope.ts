// The JSON pbi-agent writes to a hook's stdin (seed 003 "Hook input", facts §7): fixed key order, compact, ASCII
// escapes, no trailing newline. Rendering only.
import type { EventContext } from '../../engine/dialect.js';

export function renderStdin(context: EventContext): string {
  void context;
  return '{}';
}
