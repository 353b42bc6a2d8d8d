// `hookd hooks enable|disable <name>`: a one-shot command has no agent session to toggle, so it changes nothing and
// says so: the hook's state and provenance, that the toggle belongs to a session (hooks/setEnabled), and how to make
// it last. Exit 0 when the configuration already says what was asked, 1 otherwise (nothing was changed).
import { persistentToggleAdvice } from '../engine/toggle-advice.js';
import { hooksEngine } from './hooks-engine.js';
import { hookLine } from './hooks-list.js';
import { UsageError, type CommonFlags } from './load-options.js';

export function runHooksToggle(name: string, enabled: boolean, flags: CommonFlags & { json?: boolean }, print: (line: string) => void): number {
  const { engine } = hooksEngine(flags);
  const found = engine.findHook(name);
  if (found.kind === 'none') throw new UsageError(`no hook named "${name}"${found.known.length > 0 ? ` (known: ${found.known.join(', ')})` : ' (none are configured)'}`);
  const verb = enabled ? 'enable' : 'disable';
  if (found.kind === 'invalid') {
    const hook = engine.hooks().find((info) => info.state === 'invalid' && (info.name === name || info.id === name));
    if (flags.json) print(JSON.stringify({ hook, changed: false, persist: `fix the entry in ${found.entry.source}` }, null, 2));
    else print(`${hook !== undefined ? hookLine(hook) : name}\nit did not load: fix it in ${found.entry.source}${found.entry.line !== undefined ? ` (line ${found.entry.line})` : ''}; there is nothing to ${verb}`);
    return 1;
  }
  const hook = engine.describe(found.hook);
  const already = enabled === (found.hook.disabled !== true);
  const persist = persistentToggleAdvice(engine.dialect, found.hook, enabled);
  const session =
    `hooks ${verb} is a session toggle: an agent's hookd session turns a hook off or on with hooks/setEnabled, for that session only. ` +
    'This one-shot command has no session, so nothing was changed.';
  if (flags.json) {
    print(JSON.stringify({ hook, changed: false, alreadyConfigured: already, session, persist }, null, 2));
    return already ? 0 : 1;
  }
  print(hookLine(hook));
  print(session);
  print(persist.charAt(0).toUpperCase() + persist.slice(1));
  return already ? 0 : 1;
}
