// review/revoke through src/review/actions.ts: a reviewed hook's trusted hash is removed through the dialect's review
// store (enabled kept), a per-file row's key is untrusted in hookd's trust store and the engine (its running tree is
// killed), managed hooks and hooks needing no trust are refused. Test-only dialect with review; a real process for the kill.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine.js';
import { applyReviewAction } from '../../../src/review/actions.js';
import { ReviewActionError, type ReviewContext } from '../../../src/review/review-context.js';
import { createProcessRunner } from '../../../src/runner/process-runner.js';
import { TrustStore } from '../../../src/trust/store.js';
import { isAlive, waitUntil } from '../../helpers/processes.js';
import { REVIEW_STATE_PATH, reviewDialect, type ReviewedFixture } from '../../helpers/review-dialect.js';
import { scratchDir } from '../../helpers/scratch.js';
import { fakeDialect, hook, scriptedRunner } from '../engine/fakes.js';
import { eventParams } from '../engine/manual-runner.js';

const A: ReviewedFixture = { key: 'global:a', event: 'PreToolUse', command: 'allow', hash: 'sha256:a1' };
const M: ReviewedFixture = { key: 'managed:m', event: 'PreToolUse', command: 'allow', hash: 'sha256:m1', managed: true };

const trustStore = () => new TrustStore(join(scratchDir('hookd-revoke-'), 'trust.json'));

function setup(fixtures: ReviewedFixture[]) {
  const review = reviewDialect(fixtures);
  const engine = new Engine({ dialect: review.dialect, runner: scriptedRunner(), workspace: '/ws' });
  const loadContext = { workspace: '/ws', home: '/home/u' };
  engine.load(loadContext);
  const context: ReviewContext = { engine, dialect: review.dialect, loadContext, trustStore: trustStore() };
  const ran = async () => (await engine.dispatch('PreToolUse', eventParams())).result.runs.map((run) => run.hookId);
  return { review, context, ran };
}

async function refusal(promise: Promise<unknown>): Promise<ReviewActionError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ReviewActionError);
  return error as ReviewActionError;
}

describe('review actions: revoke', () => {
  it('"revoke removes trusted_hash" — a trusted hook becomes untrusted (enabled kept) and is skipped from the next event', async () => {
    const { review, context, ran } = setup([A]);
    await applyReviewAction(context, 'trust', 'global:a');
    expect(await ran()).toEqual(['review:0']);
    const { hook: row, listing } = await applyReviewAction(context, 'revoke', 'global:a');
    expect(review.state.get('global:a')).toEqual({ enabled: true });
    expect(row).toMatchObject({ key: 'global:a', trustStatus: 'untrusted', enabled: true, runnable: false });
    expect(listing.reviewRequiredCount).toBe(1);
    expect(await ran()).toEqual([]);
  });

  it('revoke of a disabled hook keeps it disabled (enabled unchanged)', async () => {
    const { review, context } = setup([A]);
    await applyReviewAction(context, 'trust', 'global:a');
    await applyReviewAction(context, 'disable', 'global:a');
    const { hook: row } = await applyReviewAction(context, 'revoke', 'global:a');
    expect(review.state.get('global:a')).toEqual({ enabled: false });
    expect(row).toMatchObject({ trustStatus: 'disabled', runnable: false });
  });

  it('managed hooks are trusted by policy: revoke is not_allowed and writes nothing', async () => {
    const { review, context, ran } = setup([M]);
    const refused = await refusal(applyReviewAction(context, 'revoke', 'managed:m'));
    expect([refused.kind, refused.message]).toEqual(['not_allowed', 'managed hooks are trusted by policy; their trust cannot be revoked']);
    expect(review.state.size).toBe(0);
    expect(await ran()).toEqual(['review:0']);
  });

  it('an unknown key is not_found; a failed write is a persistence error naming the state file and the hook keeps running', async () => {
    const { review, context, ran } = setup([A]);
    expect((await refusal(applyReviewAction(context, 'revoke', 'global:nope'))).kind).toBe('not_found');
    await applyReviewAction(context, 'trust', 'global:a');
    review.failWrites = true;
    const failed = await refusal(applyReviewAction(context, 'revoke', 'global:a'));
    expect(failed.kind).toBe('persistence');
    expect(failed.message).toContain(REVIEW_STATE_PATH);
    expect(await ran()).toEqual(['review:0']);
  });

  it('a per-file row: revoke untrusts its trustKey in hookd\'s trust store and the engine — the hook stops running', async () => {
    const dialect = fakeDialect([{ ...hook('project:x', 'PreToolUse', 'allow'), scope: 'project', trustKey: 'project:/ws', trustHash: 'sha256:x' }]);
    const engine = new Engine({ dialect, runner: scriptedRunner(), workspace: '/ws' });
    const loadContext = { workspace: '/ws', home: '/home/u' };
    engine.load(loadContext);
    const store = trustStore();
    const context = { engine, dialect, loadContext, trustStore: store };
    await applyReviewAction(context, 'trust', 'project:x');
    expect((await engine.dispatch('PreToolUse', eventParams())).result.runs.map((run) => run.hookId)).toEqual(['project:x']);
    const { hook: row } = await applyReviewAction(context, 'revoke', 'project:x');
    expect(row).toMatchObject({ trustKey: 'project:/ws', runnable: false });
    expect(row.trustStatus).not.toBe('trusted');
    expect(new TrustStore(store.path).isTrusted('project:/ws')).toBe(false);
    expect((await engine.dispatch('PreToolUse', eventParams())).result.runs).toEqual([]);
  });

  it('a per-file row: revoke kills the key\'s running hook tree at once (engine.setTrusted false); its event is answered', async () => {
    const dir = scratchDir('hookd-revoke-run-');
    const pidFile = join(dir, 'pid');
    const command = `echo $$ > '${pidFile}'; exec sleep 30`;
    const dialect = fakeDialect([{ ...hook('project:slow', 'PreToolUse', command, { timeoutMs: 60_000 }), scope: 'project', trustKey: 'project:/ws', trustHash: 'sha256:s' }]);
    const engine = new Engine({ dialect, runner: createProcessRunner(), workspace: dir, baseEnv: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, killGraceMs: 200 });
    const loadContext = { workspace: dir, home: dir };
    engine.load(loadContext);
    const context = { engine, dialect, loadContext, trustStore: trustStore() };
    await applyReviewAction(context, 'trust', 'project:slow');
    const pending = engine.dispatch('PreToolUse', eventParams());
    expect(await waitUntil(() => { try { return readFileSync(pidFile, 'utf8').trim() !== ''; } catch { return false; } }, 10_000)).toBe(true);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(isAlive(pid)).toBe(true);
    await applyReviewAction(context, 'revoke', 'project:slow');
    const { result } = await pending;
    expect(result.runs.map((run) => run.status)).not.toEqual(['ok']);
    expect(isAlive(pid)).toBe(false);
  });

  it('a hook that needs no trust review: revoke is not_allowed ("it has no trust to revoke")', async () => {
    const dialect = fakeDialect([{ ...hook('user:y', 'PreToolUse', 'allow'), scope: 'user' }]);
    const engine = new Engine({ dialect, runner: scriptedRunner(), workspace: '/ws' });
    const loadContext = { workspace: '/ws', home: '/home/u' };
    engine.load(loadContext);
    const refused = await refusal(applyReviewAction({ engine, dialect, loadContext, trustStore: trustStore() }, 'revoke', 'user:y'));
    expect(refused.kind).toBe('not_allowed');
    expect(refused.message).toContain('it has no trust to revoke');
  });
});
