// Which spawn path the runner uses — the native supervisor (docs/supervisor.md) or the pure-Node fallback — and
// the report of that choice (initialize `spawnPath`, `hookd check`, the startup log line). It decides and
// describes; it never spawns.

export type SpawnPathName = 'supervisor' | 'node';
export type SpawnPathRequest = 'auto' | SpawnPathName;

export type SpawnPathReport = {
  /** The path hook processes are started by now. */
  readonly active: SpawnPathName;
  /** What was asked for (HOOKD_SPAWN_PATH, default auto). */
  readonly requested: SpawnPathRequest;
  /** One sentence: why this path (e.g. the binary's location, or why the supervisor is not available). */
  readonly detail: string;
};

export const SPAWN_PATH_VARIABLE = 'HOOKD_SPAWN_PATH';

/** HOOKD_SPAWN_PATH as given; anything else than the three names reads as auto (with `invalid` set to the value). */
export function requestedSpawnPath(env: Readonly<Record<string, string | undefined>> = process.env): { readonly requested: SpawnPathRequest; readonly invalid?: string } {
  const value = env[SPAWN_PATH_VARIABLE]?.trim().toLowerCase();
  if (value === undefined || value === '') return { requested: 'auto' };
  if (value === 'auto' || value === 'supervisor' || value === 'node') return { requested: value };
  return { requested: 'auto', invalid: env[SPAWN_PATH_VARIABLE] ?? '' };
}
