// How to make a session toggle of a bonsai hook (hooks/setEnabled, `hookd hooks enable|disable`) last: its `enabled`
// key in its `[[hooks]]` table, as the seed says ("edit enabled in config to persist"). Text only.
import type { HookSpec } from '../../engine/dialect.js';
import { bonsaiDataOrUndefined } from './hook-data.js';

/** Undefined for a hook bonsai did not load (a programmatic one): hookd's general advice applies. */
export function persistentToggle(hook: HookSpec, enabled: boolean): string | undefined {
  const data = bonsaiDataOrUndefined(hook);
  if (data === undefined) return undefined;
  const table = `its [[hooks]] table (name = "${data.name}") in ${data.file}${data.line !== undefined ? `, line ${data.line}` : ''}`;
  if (enabled) return data.enabled ? `${table} already enables it` : `to enable it for good, set enabled = true (or remove enabled = false) in ${table}`;
  return data.enabled ? `to disable it for good, set enabled = false in ${table}` : `${table} already parks it (enabled = false)`;
}
