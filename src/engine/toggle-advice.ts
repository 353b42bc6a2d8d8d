// What to tell someone who toggled a hook for the session about making it last: the dialect's words when it has
// them (Dialect.persistentToggle), else general advice naming the hook's file and line. Text only.
import type { Dialect, HookSpec } from './dialect.js';

function where(hook: HookSpec): string {
  const line = hook.location?.line;
  return `${hook.location?.file ?? hook.source}${line !== undefined ? ` (line ${line})` : ''}`;
}

/** One sentence: how to make `enabled` outlast the session (or that the configuration already says so). */
export function persistentToggleAdvice(dialect: Dialect, hook: HookSpec, enabled: boolean): string {
  if (hook.scope === 'client') return 'a programmatic hook lives only as long as its registration (hooks/unregister removes it)';
  const own = dialect.persistentToggle?.(hook, enabled);
  if (own !== undefined) return own;
  if (enabled)
    return hook.disabled === true
      ? `to enable it for good, change what parks it: ${hook.disabledBy ?? `its entry in ${where(hook)}`}`
      : `its configuration already enables it (${where(hook)})`;
  return hook.disabled === true ? `its configuration already disables it (${hook.disabledBy ?? where(hook)})` : `to disable it for good, remove or disable its entry in ${where(hook)}`;
}
