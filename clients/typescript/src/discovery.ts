// Which program is the hookd sidecar: an explicit `hookdJs` / `command` first, then $HOOKD_BIN, then the bin of the
// `hookd-sidecar` package installed beside this client, then `hookd-sidecar` on PATH, then `hookd` on PATH (the same
// order as the Python and Rust clients; whatever is found must pass the serverInfo check). Finds; never spawns.
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, isAbsolute, join, resolve } from 'node:path';

/** The npm package of the sidecar and its unambiguous command (`hookd` on PATH may be an unrelated program). */
export const SIDECAR_PACKAGE = 'hookd-sidecar';
export const SIDECAR_COMMAND = 'hookd-sidecar';
/** The last resort: the package installs it too, but an unrelated npm package also installs a `hookd`. */
export const PLAIN_COMMAND = 'hookd';
export const HOOKD_BIN_VARIABLE = 'HOOKD_BIN';

export type DiscoveryOptions = {
  /** The hookd executable and leading arguments, e.g. `'/opt/hookd/bin/hookd-sidecar'` or `['npx', 'hookd-sidecar']`. */
  readonly command?: string | readonly string[];
  /** Path of hookd's `dist/cli.js`: run with this Node (`process.execPath`); wins over `command`. */
  readonly hookdJs?: string;
  /** Where $HOOKD_BIN is read (default: this process's environment merged with `env`). */
  readonly env?: Readonly<Record<string, string | undefined>>;
};

/** The program found: what to spawn, and how it was found (named in errors). */
export type FoundHookd = {
  readonly file: string;
  readonly args: readonly string[];
  /** The path (or the command, when it is not on PATH) of the program, for messages. */
  readonly program: string;
  readonly via: 'hookdJs' | 'command' | 'HOOKD_BIN' | 'package' | 'PATH';
};

/** The bin `hookd-sidecar` of the package when the module resolver finds it from this client; else undefined. */
export function packageBin(from: string = import.meta.url): string | undefined {
  let manifestPath: string;
  try {
    manifestPath = createRequire(from).resolve(`${SIDECAR_PACKAGE}/package.json`);
  } catch {
    return undefined;
  }
  try {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin?: string | Record<string, string> };
    const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.[SIDECAR_COMMAND];
    if (bin === undefined) return undefined;
    const file = join(dirname(manifestPath), bin);
    return statSync(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

/** The full path of `command` as the shell would find it on `PATH` (or the command itself when not found). */
export function onPath(command: string, path: string | undefined): string {
  if (command.includes('/') || command.includes('\\')) return isAbsolute(command) ? command : resolve(command);
  for (const dir of (path ?? '').split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return command;
}

/** Applies the discovery order; `env` is the sidecar's environment (for HOOKD_BIN and PATH). */
export function findHookd(options: DiscoveryOptions, env: Readonly<Record<string, string | undefined>>): FoundHookd {
  if (options.hookdJs !== undefined) return { file: process.execPath, args: [options.hookdJs], program: options.hookdJs, via: 'hookdJs' };
  if (options.command !== undefined) {
    const [file, ...args] = typeof options.command === 'string' ? [options.command] : options.command;
    if (file === undefined || file === '') throw new TypeError('hookd command is empty');
    return { file, args, program: onPath(file, env.PATH), via: 'command' };
  }
  const fromEnv = env[HOOKD_BIN_VARIABLE];
  if (fromEnv !== undefined && fromEnv !== '') {
    // A .js file (e.g. a checkout's dist/cli.js) runs with this Node, as in the Python and Rust clients.
    if (/\.[cm]?js$/.test(fromEnv)) return { file: process.execPath, args: [fromEnv], program: resolve(fromEnv), via: 'HOOKD_BIN' };
    return { file: fromEnv, args: [], program: onPath(fromEnv, env.PATH), via: 'HOOKD_BIN' };
  }
  const bin = packageBin();
  if (bin !== undefined) return { file: process.execPath, args: [bin], program: bin, via: 'package' };
  const sidecar = onPath(SIDECAR_COMMAND, env.PATH);
  if (sidecar === SIDECAR_COMMAND) {
    const plain = onPath(PLAIN_COMMAND, env.PATH);
    if (plain !== PLAIN_COMMAND) return { file: plain, args: [], program: plain, via: 'PATH' };
  }
  return { file: sidecar === SIDECAR_COMMAND ? SIDECAR_COMMAND : sidecar, args: [], program: sidecar, via: 'PATH' };
}
