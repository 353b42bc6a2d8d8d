// Per-session temp directories (under os.tmpdir()) and the per-run environment files hooks append
// `export NAME=value` lines to (claude: CLAUDE_ENV_FILE). Creates, reads (bounded) and removes files; knows no dialect.
import { closeSync, constants, fstatSync, mkdtempSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'dotenv';

/** An environment file longer than this is not read at all (a partial read could cut a line in two). */
export const MAX_ENV_FILE_BYTES = 64 * 1024;
/** At most this many variables are taken from one file. */
export const MAX_ENV_FILE_VARIABLES = 1000;

export type EnvFileRead = { readonly variables: Record<string, string>; readonly problem?: string };

/** Every live instance, so one process 'exit' listener can remove whatever directories are left. */
const live = new Set<SessionTempDirs>();
let exitListener = false;

export class SessionTempDirs {
  readonly #dirs = new Map<string, string>();
  #files = 0;

  constructor() {
    live.add(this);
    if (!exitListener) {
      exitListener = true;
      process.on('exit', () => {
        for (const dirs of live) dirs.removeAll();
      });
    }
  }

  /** The session's directory, made on first use. */
  dirFor(sessionId: string): string {
    let dir = this.#dirs.get(sessionId);
    if (dir === undefined) {
      dir = mkdtempSync(join(tmpdir(), 'hookd-session-'));
      this.#dirs.set(sessionId, dir);
    }
    return dir;
  }

  /** A fresh empty file (0600) in the session's directory; undefined when it cannot be made (the hook then runs without it). */
  newEnvFile(sessionId: string, event: string): string | undefined {
    try {
      this.#files += 1;
      const file = join(this.dirFor(sessionId), `${event}-hook-${this.#files}.sh`);
      writeFileSync(file, '', { flag: 'wx', mode: 0o600 });
      return file;
    } catch {
      return undefined;
    }
  }

  removeSession(sessionId: string): void {
    const dir = this.#dirs.get(sessionId);
    if (dir === undefined) return;
    this.#dirs.delete(sessionId);
    rmSync(dir, { recursive: true, force: true, maxRetries: 3, retryDelay: 20 });
  }

  removeAll(): void {
    for (const sessionId of [...this.#dirs.keys()]) {
      try {
        this.removeSession(sessionId);
      } catch {
        // best effort on the way out
      }
    }
  }

  /** Forget this instance once its directories are gone (a new initialize replaces the engine). */
  dispose(): void {
    this.removeAll();
    live.delete(this);
  }
}

/** Reads and removes one environment file: `export NAME=value` / `NAME=value` / `declare -x NAME=value` lines, parsed by dotenv, at most MAX_ENV_FILE_BYTES. */
export function readEnvFile(file: string): EnvFileRead {
  let text: string;
  try {
    // Never block on a FIFO or follow a link the hook put in the file's place.
    const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
    try {
      const stat = fstatSync(fd);
      if (!stat.isFile()) return { variables: {}, problem: 'its environment file was replaced by something that is not a regular file: ignored' };
      const size = stat.size;
      if (size > MAX_ENV_FILE_BYTES) return { variables: {}, problem: `its environment file has ${size} bytes, over the limit of ${MAX_ENV_FILE_BYTES}: ignored` };
      const buffer = Buffer.alloc(Math.min(size, MAX_ENV_FILE_BYTES) + 1);
      const read = readSync(fd, buffer, 0, buffer.length, 0);
      if (read > MAX_ENV_FILE_BYTES) return { variables: {}, problem: `its environment file grew past the limit of ${MAX_ENV_FILE_BYTES} bytes: ignored` };
      text = buffer.subarray(0, read).toString('utf8');
    } finally {
      closeSync(fd);
    }
  } catch {
    // removed or replaced by the hook: nothing to collect
    return { variables: {} };
  } finally {
    rmSync(file, { force: true });
  }
  // bash's `export -p` writes `declare -x NAME="value"`; Claude Code sources the file, so such lines apply too.
  const parsed = parse(text.replace(/^[ \t]*declare[ \t]+-[A-Za-z]*x[A-Za-z]*[ \t]+/gm, 'export '));
  const names = Object.keys(parsed);
  if (names.length <= MAX_ENV_FILE_VARIABLES) return { variables: parsed };
  const variables: Record<string, string> = {};
  for (const name of names.slice(0, MAX_ENV_FILE_VARIABLES)) variables[name] = parsed[name]!;
  return { variables, problem: `its environment file sets ${names.length} variables; only the first ${MAX_ENV_FILE_VARIABLES} are kept` };
}
