// ~/.pbi-agent/hooks_state.json, byte-compatible with pbi-agent 0.40.0 (facts §4): read (bounded; an unusable file is
// empty), each hook's status (incl. the single-handler fallback, limited to entries no current hook owns), and locked,
// atomic writes that keep every foreign entry. Owns the file format; deciding what runs is the loader's.
import { join } from 'node:path';
import type { ReviewStore } from '../../engine/dialect.js';
import type { ReviewStatus } from '../../protocol/index.js';
import { readConfigFile } from '../../config/read-config-file.js';
import { writeFileAtomic } from '../../trust/atomic-write.js';
import { coalescedWrites } from '../../trust/coalesced-writes.js';
import { dumpStateJson, isStateObject, parseStateJson, type StateObject, type StateValue } from './state-json.js';

export function defaultHookStatePath(home: string): string {
  return join(home, '.pbi-agent', 'hooks_state.json');
}

/** The `state` object as loaded (every entry kept, objects or not) and why the file was unusable, if it was. */
/**
 * `problem`: why the file is unusable (`<path>: <why>; treated as empty`); `overwritable` false: it cannot even be read
 * (not a regular file, too large, permissions) and no write replaces it.
 */
export type HookStateSnapshot = { readonly state: Readonly<Record<string, unknown>>; readonly problem?: string; readonly overwritable?: boolean };

type ReadOutcome = { readonly snapshot: HookStateSnapshot; readonly unreadable?: string };

export function readHookState(path: string): HookStateSnapshot {
  return readOutcome(path).snapshot;
}

/** `unreadable`: the bytes could not be read at all (not a regular file, too large, permissions) — never overwritten. */
function readOutcome(path: string): ReadOutcome {
  const empty = (problem: string, overwritable = true): HookStateSnapshot => ({ state: emptyState(), problem: `${path}: ${problem}; treated as empty`, overwritable });
  const read = readConfigFile(path);
  if (read.status === 'missing') return { snapshot: { state: emptyState() } };
  if (read.status === 'rejected') return { snapshot: empty(read.reason, false), unreadable: read.reason };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(read.bytes);
  } catch {
    // ignoreBOM keeps a BOM in the text, where Python's json refuses it too.
    return { snapshot: empty('is not valid UTF-8') };
  }
  const parsed = parseStateJson(text);
  if (!parsed.ok) return { snapshot: empty(parsed.problem) };
  if (!isStateObject(parsed.value)) return { snapshot: empty('the top level is not an object') };
  const state = parsed.value['state'];
  if (!Object.hasOwn(parsed.value, 'state') || !isStateObject(state)) return { snapshot: empty("'state' is missing or not an object") };
  return { snapshot: { state } };
}

function emptyState(): Record<string, StateValue> {
  return Object.create(null) as Record<string, StateValue>;
}

export type StatusQuery = {
  readonly key: string;
  readonly currentHash: string;
  /** `<source>:<path>:<Event>:<matcher>:` (pbiKeyPrefix). */
  readonly keyPrefix: string;
  /** The raw `hooks` list of its group has length 1 (counting invalid handlers). */
  readonly soleHandlerOfGroup: boolean;
  /** Keys of every hook discovered now: an entry one of them owns is never inherited by another hook. */
  readonly liveKeys: ReadonlySet<string>;
};

/**
 * trusted | untrusted | modified | disabled (managed hooks are decided by the loader and never looked up).
 * Facts §4: the hook's own entry; else, for the sole handler of its group, the one entry under its key prefix — here
 * only among orphans (entries no hook discovered now owns: the hook's own earlier version), so trust or disable of a
 * live neighbour never leaks. With an entry: `"enabled": false` exactly → disabled; the trusted hash equal → trusted;
 * else modified.
 */
export function lookupReviewStatus(query: StatusQuery, snapshot: HookStateSnapshot): Exclude<ReviewStatus, 'managed'> {
  const entry = entryFor(query, snapshot.state);
  if (entry === undefined) return 'untrusted';
  if (entry['enabled'] === false) return 'disabled';
  if (typeof entry['trusted_hash'] === 'string' && entry['trusted_hash'] === query.currentHash) return 'trusted';
  return 'modified';
}

function entryFor(query: StatusQuery, state: Readonly<Record<string, unknown>>): StateObject | undefined {
  const own = Object.hasOwn(state, query.key) ? state[query.key] : undefined;
  if (isStateObject(own)) return own;
  if (!query.soleHandlerOfGroup) return undefined;
  let found: StateObject | undefined;
  let count = 0;
  for (const [key, value] of Object.entries(state)) {
    if (!key.startsWith(query.keyPrefix) || !isStateObject(value) || query.liveKeys.has(key)) continue;
    found = value;
    count++;
    if (count > 1) return undefined;
  }
  return found;
}

/** The whole file as pbi-agent writes it: `{"state": …}` only, 2-space indent, keys sorted, trailing newline. */
export function renderHookState(state: Readonly<Record<string, unknown>>): string {
  return `${dumpStateJson({ state: state as StateObject })}\n`;
}

/** The entry's next value; undefined removes it. */
type EntryChange = (entry: unknown) => StateObject | undefined;

/**
 * Writes through the trust store lock (one writer across processes), re-reading the file under it so a concurrent
 * writer's entries survive, and atomically (temp file, fsync, rename). Calls made while a write is under way go into
 * the next write together, applied in call order. A file that is invalid JSON or has the wrong shape is replaced (as
 * pbi-agent does); one that cannot be read at all is left alone and the write fails.
 */
export function createPbiReviewStore(path: string): ReviewStore {
  const write = async (changes: ReadonlyArray<readonly [string, EntryChange]>, assertHeld: () => void): Promise<void> => {
    const current = readOutcome(path);
    if (current.unreadable !== undefined) throw new Error(`cannot update ${path}: it ${current.unreadable}`);
    const state: Record<string, unknown> = Object.assign(emptyState(), current.snapshot.state);
    for (const [key, change] of changes) {
      const next = change(Object.hasOwn(state, key) ? state[key] : undefined);
      if (next === undefined) delete state[key];
      else state[key] = next;
    }
    await writeFileAtomic(path, renderHookState(state), { beforeRename: assertHeld });
  };
  const queue = coalescedWrites(path, write);
  const update = (key: string, change: EntryChange): Promise<void> => queue([key, change]);

  return {
    path,
    // Exactly {"enabled": true, "trusted_hash": h}: trusting re-enables and drops extra fields of the entry.
    trust: (key, currentHash) => update(key, () => record({ enabled: true, trusted_hash: currentHash })),
    // Only "enabled" changes; a missing or non-object entry becomes {"enabled": …}.
    setEnabled: (key, enabled) => update(key, (entry) => Object.assign(emptyState(), isStateObject(entry) ? entry : {}, { enabled })),
    // hookd's own action (pbi-agent has none): the entry loses "trusted_hash"; see withoutTrustedHash.
    revoke: (key) => update(key, (entry) => withoutTrustedHash(entry)),
  };
}

/**
 * The entry without its trusted hash. What is left of a plain trust, `{"enabled": true}`, is removed instead: pbi-agent
 * reads an entry without a matching hash as `modified` (facts §4), a missing one as `untrusted`, which a revoked hook
 * is. A disabled entry, or one with fields of its own, keeps them. No entry (or not an object): nothing to revoke.
 */
function withoutTrustedHash(entry: unknown): StateObject | undefined {
  if (!isStateObject(entry)) return undefined;
  const kept: StateObject = Object.assign(emptyState(), entry);
  delete (kept as Record<string, unknown>)['trusted_hash'];
  const rest = Object.keys(kept);
  return rest.length === 0 || (rest.length === 1 && kept['enabled'] === true) ? undefined : kept;
}

function record(fields: Record<string, StateValue>): StateObject {
  return Object.assign(emptyState(), fields);
}
