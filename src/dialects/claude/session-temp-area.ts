// The per-session temp area where long hook output is saved (`<tmpdir>/hookd-<pid>/<session>/`), with a byte budget
// per session and in all. Owns creating and removing those files; it never decides what is saved or how it is shown.
import { createHash, randomUUID } from 'node:crypto';
import { lstatSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** At most this many UTF-8 bytes are saved for one session; past it, long output is truncated instead. */
export const SESSION_TEMP_BUDGET_BYTES = 8 * 1024 * 1024;
/** At most this many UTF-8 bytes are saved by one hookd process over all its sessions. */
export const TOTAL_TEMP_BUDGET_BYTES = 64 * 1024 * 1024;

export type SavedFile = { readonly ok: true; readonly path: string } | { readonly ok: false; readonly error: string };

export type TempAreaOptions = {
  /** The directory that holds one sub-directory per session (default `<tmpdir>/hookd-<pid>`). */
  readonly root?: string;
  readonly sessionBudgetBytes?: number;
  readonly totalBudgetBytes?: number;
};

/** Why an existing `root` must not be used (a symlink, not a directory, or another user's), else undefined. */
function foreignRoot(root: string): string | undefined {
  let stats;
  try {
    stats = lstatSync(root);
  } catch {
    return undefined; // not there yet: created with mode 0700
  }
  if (stats.isSymbolicLink() || !stats.isDirectory()) return `${root} exists and is not a directory hookd made`;
  const uid = process.getuid?.();
  if (uid !== undefined && stats.uid !== uid) return `${root} belongs to another user`;
  return undefined;
}

/** A session id as a directory name: safe characters kept (at most 64), plus a hash so different ids never collide. */
export function sessionDirName(sessionId: string): string {
  const safe = sessionId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
  const hash = createHash('sha256').update(sessionId).digest('hex').slice(0, 12);
  return `${safe}-${hash}`;
}

export class SessionTempArea {
  readonly root: string;
  readonly #sessionBudget: number;
  readonly #totalBudget: number;
  readonly #usedBySession = new Map<string, number>();
  #usedInAll = 0;
  #exitHookInstalled = false;

  constructor(options: TempAreaOptions = {}) {
    this.root = options.root ?? join(tmpdir(), `hookd-${process.pid}`);
    this.#sessionBudget = options.sessionBudgetBytes ?? SESSION_TEMP_BUDGET_BYTES;
    this.#totalBudget = options.totalBudgetBytes ?? TOTAL_TEMP_BUDGET_BYTES;
  }

  /** The directory of one session's files (not created by this call). */
  sessionDir(sessionId: string): string {
    return join(this.root, sessionDirName(sessionId));
  }

  /**
   * Writes `text` to a new file `hook-<uuid>-<label>.txt` in the session's directory, unless that would pass the
   * session's or the process's byte budget. The whole area is removed when the process exits.
   */
  save(sessionId: string, label: string, text: string): SavedFile {
    const bytes = Buffer.byteLength(text, 'utf8');
    const used = this.#usedBySession.get(sessionId) ?? 0;
    if (used + bytes > this.#sessionBudget) return { ok: false, error: `the session's ${this.#sessionBudget}-byte budget for saved output is spent` };
    if (this.#usedInAll + bytes > this.#totalBudget) return { ok: false, error: `hookd's ${this.#totalBudget}-byte budget for saved output is spent` };
    const dir = this.sessionDir(sessionId);
    const path = join(dir, `hook-${randomUUID()}-${label.replace(/[^A-Za-z0-9_-]/g, '_')}.txt`);
    try {
      this.#installExitHook();
      const foreign = foreignRoot(this.root);
      if (foreign !== undefined) return { ok: false, error: foreign };
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      writeFileSync(path, text, { encoding: 'utf8', mode: 0o600, flag: 'wx' });
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    this.#usedBySession.set(sessionId, used + bytes);
    this.#usedInAll += bytes;
    return { ok: true, path };
  }

  /** Removes one session's files (the session ended). Its budget starts afresh. */
  removeSession(sessionId: string): void {
    if (!this.#usedBySession.has(sessionId)) return;
    this.#usedInAll -= this.#usedBySession.get(sessionId) ?? 0;
    this.#usedBySession.delete(sessionId);
    rmSync(this.sessionDir(sessionId), { recursive: true, force: true });
  }

  /** Removes the whole area (every session's files). Safe to call more than once. */
  removeAll(): void {
    this.#usedBySession.clear();
    this.#usedInAll = 0;
    try {
      rmSync(this.root, { recursive: true, force: true });
    } catch {
      // exiting: nothing better to do than leave it
    }
  }

  #installExitHook(): void {
    if (this.#exitHookInstalled) return;
    this.#exitHookInstalled = true;
    process.once('exit', () => this.removeAll());
  }
}

/** The area hookd's claude dialect uses: `<tmpdir>/hookd-<pid>/`, removed when hookd exits. */
export const sessionTempArea = new SessionTempArea();

/** The dialect's after-dispatch step: a session's saved output is removed once its SessionEnd was dispatched. */
export function removeEndedSession(event: string, sessionId: string): void {
  if (event === 'SessionEnd') sessionTempArea.removeSession(sessionId);
}
