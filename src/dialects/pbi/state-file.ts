// ~/.pbi-agent/hooks_state.json, byte-compatible with pbi-agent 0.40.0 (facts §4): read (bounded; an unusable file is
// empty), each hook's status (incl. the single-handler fallback, limited to entries no current hook owns), and locked,
// atomic writes that keep every foreign entry. Owns the file format; deciding what runs is the loader's.
import { join } from 'node:path';
import type { ReviewStore } from '../../engine/dialect.js';
import type { ReviewStatus } from '../../protocol/index.js';

export function defaultHookStatePath(home: string): string {
  return join(home, '.pbi-agent', 'hooks_state.json');
}

/** The `state` object as loaded (every entry kept, objects or not) and why the file was unusable, if it was. */
export type HookStateSnapshot = { readonly state: Readonly<Record<string, unknown>>; readonly problem?: string };

export function readHookState(path: string): HookStateSnapshot {
  void path;
  return { state: {} };
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

/** trusted | untrusted | modified | disabled (managed hooks are decided by the loader and never looked up). */
export function lookupReviewStatus(query: StatusQuery, snapshot: HookStateSnapshot): Exclude<ReviewStatus, 'managed'> {
  void query;
  void snapshot;
  return 'untrusted';
}

export function createPbiReviewStore(path: string): ReviewStore {
  return {
    path,
    trust: async () => {
      throw new Error('pbi review store: not implemented yet');
    },
    setEnabled: async () => {
      throw new Error('pbi review store: not implemented yet');
    },
  };
}
