// What to tell someone who toggled a hook for the session about making it last: the dialect's words when it has
// them (Dialect.persistentToggle), else general advice naming the hook's file and line. Text only.
import type { Dialect, HookSpec } from './dialect.js';

function where(hook: HookSpec): string {
  const line = hook.location?.line;
  return `${hook.location?.file ?? hook.source}${line !== undefined ? ` (line ${line})` : ''}`;
}

export function persistentToggleAdvice(dialect: Dialect, hook: HookSpec, enabled: boolean): string {
  const own = dialect.persistentToggle?.(hook, enabled);
  if (own !== undefined) return own;
  if (hook.scope === 'client') return `this lasts for this session; a programmatic hook lives only as long as its registration (hooks/unregister removes it)`;
  if (enabled)
    return hook.disabled === true
      ? `this lasts for this session; to enable it for good, change what parks it: ${hook.disabledBy ?? `its entry in ${where(hook)}`}`
      : `this lasts for this session; it is enabled in ${where(hook)}`;
  return `this lasts for this session; to disable it for good, remove or disable its entry in ${where(hook)}`;
}
