// Starting the hookd sidecar: which command, which environment, piped stdio. Only spawns; talking to it and
// ending it belong to the connection.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

export type HookdProcessOptions = {
  /** The hookd executable and leading arguments, e.g. `'hookd'` (default, from PATH) or `['npx', 'hookd']`. */
  readonly command?: string | readonly string[];
  /** Path of hookd's `dist/cli.js`: run with this Node (`process.execPath`); wins over `command`. */
  readonly hookdJs?: string;
  /** More arguments, e.g. `['--log-level', 'info']`. */
  readonly args?: readonly string[];
  /** Added to this process's environment (hooks inherit it); a key set to `undefined` is removed. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** hookd's working directory (default: this process's). Hooks run in the workspace regardless. */
  readonly cwd?: string;
};

/** `[file, args]` of the process to start. */
export function resolveCommand(options: HookdProcessOptions): [string, string[]] {
  const extra = [...(options.args ?? [])];
  if (options.hookdJs !== undefined) return [process.execPath, [options.hookdJs, ...extra]];
  const command = options.command ?? 'hookd';
  if (typeof command === 'string') return [command, extra];
  const [file, ...rest] = command;
  if (file === undefined || file === '') throw new TypeError('hookd command is empty');
  return [file, [...rest, ...extra]];
}

export function hookdEnvironment(overrides: HookdProcessOptions['env'] = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

/** Spawns hookd with piped stdin, stdout and stderr (its own logs; the connection drains them). */
export function spawnHookdProcess(options: HookdProcessOptions = {}): ChildProcessWithoutNullStreams {
  const [file, args] = resolveCommand(options);
  const child = spawn(file, args, {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: hookdEnvironment(options.env),
    ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
    windowsHide: true,
  });
  // EPIPE when hookd is gone surfaces through the writer and the exit; never as an uncaught stream error.
  child.stdin.on('error', () => {});
  return child;
}
