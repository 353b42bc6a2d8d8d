// ~/.gemini/trusted_hooks.json (`{ "<project>": ["<name>:<command>", …] }`, Gemini CLI's TrustedHooksManager) read
// (bounded) and used as a review store: trust records a project hook as known, revoke removes it. Locked and atomic
// writes in Gemini's bytes (JSON.stringify(…, null, 2), no final newline); every other entry is kept as it was.
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { ReviewStore } from '../../engine/dialect.js';
import { readConfigFile } from '../../config/read-config-file.js';
import { writeFileAtomic } from '../../trust/atomic-write.js';
import { coalescedWrites } from '../../trust/coalesced-writes.js';

/** The file as loaded: each project's entries (strings only), and why the file was unusable, if it was. */
export type TrustedHooksSnapshot = { readonly projects: ReadonlyMap<string, readonly string[]>; readonly problem?: string };

type Parsed = { readonly ok: true; readonly value: Record<string, unknown> } | { readonly ok: false; readonly problem: string; readonly missing?: boolean };

/** The review status a project hook's key has: `trusted` when its project lists it, else `untrusted`. */
export function trustedHooksStatus(snapshot: TrustedHooksSnapshot, project: string, key: string): 'trusted' | 'untrusted' {
  return snapshot.projects.get(resolve(project))?.includes(key) === true ? 'trusted' : 'untrusted';
}

/** hookd's `currentHash` of a Gemini hook: Gemini records no hash, so it is the SHA-256 of the `<name>:<command>` key itself. */
export function geminiKeyHash(key: string): string {
  return `sha256:${createHash('sha256').update(key, 'utf8').digest('hex')}`;
}

/**
 * Reads the file as Gemini does (JSON.parse, no comments). Missing: empty. Unreadable, invalid, not an object: empty,
 * with `problem` (Gemini warns and starts from `{}`). A project whose value is not an array of strings keeps only its
 * strings (none for a non-array).
 */
export function readTrustedHooks(path: string): TrustedHooksSnapshot {
  const parsed = parseFile(path);
  if (!parsed.ok) return { projects: new Map(), ...(parsed.missing === true ? {} : { problem: parsed.problem }) };
  const projects = new Map<string, readonly string[]>();
  for (const [project, list] of Object.entries(parsed.value)) {
    projects.set(project, Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : []);
  }
  return { projects };
}

function parseFile(path: string): Parsed {
  const read = readConfigFile(path);
  if (read.status === 'missing') return { ok: false, problem: `${path} does not exist`, missing: true };
  if (read.status === 'rejected') return { ok: false, problem: `${path} ${read.reason}` };
  let value: unknown;
  try {
    value = JSON.parse(read.bytes.toString('utf8'));
  } catch (error) {
    return { ok: false, problem: `${path} is not valid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, problem: `${path} is not a JSON object` };
  return { ok: true, value: value as Record<string, unknown> };
}

type Change = (list: readonly unknown[]) => unknown[];

/**
 * `project` is the workspace (Gemini's project root); keys are Gemini's `<name>:<command>`. trust appends the key to
 * the project's list (created when missing, as Gemini's trustHooks does); revoke removes every copy of it (hookd's own
 * action: Gemini never forgets a hook). setEnabled is refused: Gemini turns hooks off in settings.json
 * (hooksConfig.disabled), which hookd does not edit. A file that exists but is not a JSON object is never
 * overwritten (Gemini would replace it with only this project's list): the write fails naming the file.
 */
export function createGeminiReviewStore(path: string, project?: string): ReviewStore {
  const root = project !== undefined ? resolve(project) : undefined;
  // One write per batch of calls (a hundred trusts at once are one file write, not a hundred), applied in call order.
  const queue = coalescedWrites<Change>(path, async (changes, assertHeld) => {
    const parsed = parseFile(path);
    if (!parsed.ok && parsed.missing !== true) throw new Error(`cannot update ${path}: ${parsed.problem}; hookd does not overwrite it (fix or remove the file)`);
    const value: Record<string, unknown> = parsed.ok ? parsed.value : {};
    for (const change of changes) {
      const current = value[root!];
      value[root!] = change(Array.isArray(current) ? current : []);
    }
    await writeFileAtomic(path, JSON.stringify(value, null, 2), { mode: 0o644, beforeRename: assertHeld });
  });
  const update = async (key: string, change: Change): Promise<void> => {
    if (root === undefined) throw new Error(`cannot update ${path}: no project is known for the key ${JSON.stringify(key)}`);
    // Queued at once (call order is write order); the lock creates ~/.gemini when missing.
    await queue(change);
  };
  return {
    path,
    trust: (key) => update(key, (list) => (list.includes(key) ? [...list] : [...list, key])),
    setEnabled: (key, enabled) =>
      Promise.reject(
        new Error(
          `gemini hooks are ${enabled ? 'enabled' : 'disabled'} in settings.json, not in ${path}: ${enabled ? 'remove' : 'add'} ${JSON.stringify(key.slice(0, key.indexOf(':')) || key.slice(key.indexOf(':') + 1))} ${enabled ? 'from' : 'to'} "hooksConfig.disabled" (hookd does not edit settings files)`,
        ),
      ),
    revoke: (key) => update(key, (list) => list.filter((item) => item !== key)),
  };
}
