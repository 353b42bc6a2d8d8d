// Starting the hookd sidecar: which command (see discovery.ts), which environment, piped stdio. Only spawns; talking
// to it and ending it belong to the connection.
import { spawn } from 'node:child_process';
import { findHookd, type DiscoveryOptions, type FoundHookd } from './discovery.js';
import type { HookdSpawnedProcess } from './process-types.js';

export type HookdProcessOptions = Omit<DiscoveryOptions, 'env'> & {
  /** More arguments, e.g. `['--log-level', 'info']`. */
  readonly args?: readonly string[];
  /** Added to this process's environment (hooks inherit it); a key set to `undefined` is removed. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** hookd's working directory (default: this process's). Hooks run in the workspace regardless. */
  readonly cwd?: string;
};

/** `[file, args]` of the process to start: `hookdJs`, `command`, $HOOKD_BIN, the `hookd-sidecar` package's bin, `hookd-sidecar` on PATH. */
export function resolveCommand(options: HookdProcessOptions): [string, string[]] {
  const found = findHookd(options, hookdEnvironment(options.env));
  return [found.file, [...found.args, ...(options.args ?? [])]];
}

export function hookdEnvironment(overrides: HookdProcessOptions['env'] = {}): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

/** A spawned hookd and the program it is (how it was found, for error messages). */
export type SpawnedHookd = { readonly child: HookdSpawnedProcess; readonly found: FoundHookd };

/** Spawns the discovered hookd with piped stdin, stdout and stderr; also says which program it is. */
export function spawnDiscoveredHookd(options: HookdProcessOptions = {}): SpawnedHookd {
  const env = hookdEnvironment(options.env);
  const found = findHookd(options, env);
  const child = spawn(found.file, [...found.args, ...(options.args ?? [])], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env,
    ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
    windowsHide: true,
  });
  // EPIPE when hookd is gone surfaces through the writer and the exit; never as an uncaught stream error.
  child.stdin.on('error', () => {});
  return { child, found };
}

/** Spawns hookd with piped stdin, stdout and stderr (its own logs; the connection drains them). */
export function spawnHookdProcess(options: HookdProcessOptions = {}): HookdSpawnedProcess {
  return spawnDiscoveredHookd(options).child;
}
