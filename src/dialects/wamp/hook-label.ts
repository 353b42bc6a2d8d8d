// How a WAMP warning names a hook: the command as written (what the user recognises in their hooks.json), cut short.
// Wording only; decides nothing.
import type { HookSpec } from '../../engine/dialect.js';

const MAX_LABEL_CHARS = 80;

/** `"~/.wamp/bin/guard.sh"` for a command handler, else the hook's id. */
export function hookLabel(hook: HookSpec): string {
  const text = hook.handler.type === 'command' ? hook.handler.command.trim() : hook.id;
  const chars = Array.from(text);
  return JSON.stringify(chars.length > MAX_LABEL_CHARS ? `${chars.slice(0, MAX_LABEL_CHARS - 1).join('')}…` : text);
}
