// A test-only dialect with per-hook trust review (HookSpec.review, Dialect.reviewStore, bypassesReview), its review
// state held in memory, for engine and src/review tests before (and besides) the real pbi loader. Spawns nothing.
import type { Dialect, HookSpec, LoadContext, ReviewStore } from '../../src/engine/dialect.js';
import type { EventName, ReviewStatus } from '../../src/protocol/index.js';
import { fakeDialect, hook } from '../unit/engine/fakes.js';

/** One configured hook: its review key, the hash of its definition as written now, and whether a policy manages it. */
export type ReviewedFixture = { readonly key: string; readonly event: EventName; readonly command: string; readonly hash: string; readonly managed?: boolean; readonly matcher?: string };

export type ReviewEntry = { enabled?: boolean; trusted_hash?: string };

export const REVIEW_STATE_PATH = '/home/u/.review-test/hooks_state.json';

/** The status pbi's rules give: disabled first, then trusted for this hash, modified for another, else untrusted. */
function statusOf(fixture: ReviewedFixture, entry: ReviewEntry | undefined): ReviewStatus {
  if (fixture.managed === true) return 'managed';
  if (entry?.enabled === false) return 'disabled';
  if (entry?.trusted_hash === undefined) return 'untrusted';
  return entry.trusted_hash === fixture.hash ? 'trusted' : 'modified';
}

export type ReviewDialect = {
  dialect: Dialect;
  /** The state "file" (key → entry); tests read it and may edit it as another process would. */
  readonly state: Map<string, ReviewEntry>;
  /** The hooks the next load returns; tests edit them as a user edits the file. */
  fixtures: ReviewedFixture[];
  /** Set: the next write fails (as a read-only state file would). */
  failWrites: boolean;
};

export function reviewDialect(initial: ReviewedFixture[]): ReviewDialect {
  const state = new Map<string, ReviewEntry>();
  const holder: ReviewDialect = { dialect: undefined as unknown as Dialect, state, fixtures: initial, failWrites: false };
  const bypass = (context: LoadContext) => context.bypassHookTrust === true;
  const write = async (change: () => void) => {
    if (holder.failWrites) throw new Error('EACCES: permission denied');
    change();
  };
  const store: ReviewStore = {
    path: REVIEW_STATE_PATH,
    trust: (key, currentHash) => write(() => void state.set(key, { enabled: true, trusted_hash: currentHash })),
    setEnabled: (key, enabled) => write(() => void state.set(key, { ...state.get(key), enabled })),
    revoke: (key) => write(() => void state.set(key, { enabled: state.get(key)?.enabled ?? true })),
  };
  const load = (context: LoadContext) => {
    const hooks = holder.fixtures.map((fixture, index): HookSpec => {
      const status = statusOf(fixture, state.get(fixture.key));
      const runnable = status === 'trusted' || status === 'managed' || (bypass(context) && status !== 'disabled');
      return {
        ...hook(`review:${index}`, fixture.event, fixture.command, { statusMessage: `running ${fixture.key}` }),
        ...(fixture.matcher !== undefined ? { matcher: fixture.matcher } : {}),
        source: '/home/u/.review-test/hooks.json',
        scope: 'user',
        location: { file: '/home/u/.review-test/hooks.json', line: index + 1 },
        review: { key: fixture.key, status, currentHash: fixture.hash, managed: fixture.managed === true, runnable, diagnostics: [] },
      };
    });
    return { hooks, diagnostics: [{ severity: 'warning' as const, file: '/home/u/.review-test/hooks.json', message: "skipping unsupported hook type 'prompt'" }], sources: [REVIEW_STATE_PATH] };
  };
  holder.dialect = fakeDialect([], { name: 'review-test', load, reviewStore: () => store, bypassesReview: bypass });
  return holder;
}
