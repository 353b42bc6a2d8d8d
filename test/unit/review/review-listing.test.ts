// src/review: the listing (rows, diagnostics, counts, startup warnings), the actions through the dialect's review
// store and hookd's trust store (then a reload), and pbi-agent's JSON shapes. Test-only dialect with review.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine.js';
import { applyReviewAction } from '../../../src/review/actions.js';
import { reviewListing, reviewRequiredWarning, reviewWarnings } from '../../../src/review/listing.js';
import { pythonIndentedJson, toApiJson, toCliJson } from '../../../src/review/pbi-shapes.js';
import { ReviewActionError, type ReviewContext } from '../../../src/review/review-context.js';
import { TrustStore } from '../../../src/trust/store.js';
import { REVIEW_STATE_PATH, reviewDialect, type ReviewedFixture } from '../../helpers/review-dialect.js';
import { fakeDialect, hook, scriptedRunner } from '../engine/fakes.js';
import { eventParams } from '../engine/manual-runner.js';

const A: ReviewedFixture = { key: 'global:a', event: 'PreToolUse', command: 'allow', hash: 'sha256:a1', matcher: 'shell' };
const B: ReviewedFixture = { key: 'global:b', event: 'PreToolUse', command: 'allow', hash: 'sha256:b1' };
const M: ReviewedFixture = { key: 'managed:m', event: 'PreToolUse', command: 'allow', hash: 'sha256:m1', managed: true };

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function trustStore(): TrustStore {
  const dir = mkdtempSync(join(tmpdir(), 'hookd-review-'));
  dirs.push(dir);
  return new TrustStore(join(dir, 'trust.json'));
}

function setup(fixtures: ReviewedFixture[], bypassHookTrust = false) {
  const review = reviewDialect(fixtures);
  const engine = new Engine({ dialect: review.dialect, runner: scriptedRunner(), workspace: '/ws' });
  const loadContext = { workspace: '/ws', home: '/home/u', bypassHookTrust };
  engine.load(loadContext);
  const context: ReviewContext = { engine, dialect: review.dialect, loadContext, trustStore: trustStore() };
  const ran = async () => (await engine.dispatch('PreToolUse', eventParams())).result.runs.map((run) => run.hookId);
  return { review, engine, context, ran };
}

async function refusal(promise: Promise<unknown>): Promise<ReviewActionError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ReviewActionError);
  return error as ReviewActionError;
}

describe('review listing', () => {
  it('one row per hook in discovery order, with the columns the CLI and the page show', () => {
    const { context } = setup([A, M]);
    const listing = reviewListing(context);
    expect(listing).toMatchObject({ dialect: 'review-test', reviewRequiredCount: 1, trustBypassActive: false, statePath: REVIEW_STATE_PATH });
    expect(listing.diagnostics).toEqual(["/home/u/.review-test/hooks.json: skipping unsupported hook type 'prompt'"]);
    expect(listing.hooks).toEqual([
      {
        key: 'global:a',
        trustStatus: 'untrusted',
        currentHash: 'sha256:a1',
        enabled: true,
        managed: false,
        runnable: false,
        diagnostics: [],
        id: 'review:0',
        event: 'PreToolUse',
        matcher: 'shell',
        command: 'allow',
        source: 'global',
        sourcePath: '/home/u/.review-test/hooks.json',
        statusMessage: 'running global:a',
        timeoutMs: 1000,
      },
      expect.objectContaining({ key: 'managed:m', trustStatus: 'managed', managed: true, runnable: true, source: 'managed', matcher: null }),
    ]);
  });

  it('"Startup warnings appear in CLI stderr and in the web app when untrusted or modified hooks are discovered. Those hooks remain skipped."', async () => {
    const { review, engine, context, ran } = setup([A, B, { ...A, key: 'global:c', hash: 'sha256:c' }, { ...A, key: 'global:d', hash: 'sha256:d' }]);
    review.state.set('global:b', { trusted_hash: 'sha256:old' });
    review.state.set('global:c', { enabled: false });
    review.state.set('global:d', { enabled: true, trusted_hash: 'sha256:d' });
    engine.reload(context.loadContext);
    const listing = reviewListing(context);
    // untrusted + modified; not the disabled one, not the trusted one
    expect(listing.reviewRequiredCount).toBe(2);
    expect(listing.warnings).toEqual(['2 command hooks require trust review and will be skipped. Run `hookd hooks` or open Settings → Hooks (`hookd ui`).']);
    expect(reviewWarnings(listing)).toEqual({ warnings: listing.warnings, reviewRequiredCount: 2, trustBypassActive: false });
    expect(await ran()).toEqual(['review:3']);
  });

  it('warning grammar: "1 command hook requires …" (singular), nothing when none needs review', () => {
    expect(reviewRequiredWarning(1)).toBe('1 command hook requires trust review and will be skipped. Run `hookd hooks` or open Settings → Hooks (`hookd ui`).');
    expect(reviewRequiredWarning(0)).toBeUndefined();
    const { context } = setup([M]);
    expect(reviewListing(context).warnings).toEqual([]);
  });

  it('"This makes untrusted and modified hooks runnable for that process and emits a warning." (bypass replaces the review warning, even with no hooks)', () => {
    expect(reviewListing(setup([A, B], true).context)).toMatchObject({
      trustBypassActive: true,
      reviewRequiredCount: 2,
      warnings: ['dangerously bypassing hook trust review; untrusted hooks may run.'],
    });
    expect(reviewListing(setup([], true).context).warnings).toEqual(['dangerously bypassing hook trust review; untrusted hooks may run.']);
  });

  it('other dialects: a per-file-trusted hook is a row with its trustKey; a hook needing no review is trusted', () => {
    const dialect = fakeDialect([{ ...hook('project:x', 'PreToolUse', 'allow'), scope: 'project', trustKey: 'project:/ws', trustHash: 'sha256:x' }, { ...hook('user:y', 'PreToolUse', 'allow'), scope: 'user' }]);
    const engine = new Engine({ dialect, runner: scriptedRunner(), workspace: '/ws' });
    const loadContext = { workspace: '/ws', home: '/home/u' };
    engine.load(loadContext);
    const listing = reviewListing({ engine, dialect, loadContext, trustStore: trustStore() });
    expect(listing.hooks.map((row) => [row.key, row.trustStatus, row.runnable, row.trustKey, row.source])).toEqual([
      ['project:x', 'untrusted', false, 'project:/ws', 'project'],
      ['user:y', 'trusted', true, undefined, 'user'],
    ]);
    expect(listing.reviewRequiredCount).toBe(1);
  });
});

describe('review actions', () => {
  it('trust writes the current hash through the review store and reloads: the hook runs on the next event', async () => {
    const { review, context, ran } = setup([A, B]);
    const { listing, hook: row } = await applyReviewAction(context, 'trust', 'global:a');
    expect(review.state.get('global:a')).toEqual({ enabled: true, trusted_hash: 'sha256:a1' });
    expect(row).toMatchObject({ key: 'global:a', trustStatus: 'trusted', runnable: true });
    expect(listing.reviewRequiredCount).toBe(1);
    expect(await ran()).toEqual(['review:0']);
  });

  it('an edit after trust makes it modified and skipped; disable keeps it off even under bypass; enable brings it back', async () => {
    const { review, engine, context, ran } = setup([A]);
    await applyReviewAction(context, 'trust', 'global:a');
    review.fixtures = [{ ...A, hash: 'sha256:a2' }];
    engine.reload(context.loadContext);
    expect(reviewListing(context).hooks[0]?.trustStatus).toBe('modified');
    expect(await ran()).toEqual([]);
    const disabled = await applyReviewAction(context, 'disable', 'global:a');
    expect(disabled.hook).toMatchObject({ trustStatus: 'disabled', enabled: false, runnable: false });
    expect(review.state.get('global:a')).toEqual({ enabled: false, trusted_hash: 'sha256:a1' });
    const bypassed = { ...context, loadContext: { ...context.loadContext, bypassHookTrust: true } };
    engine.reload(bypassed.loadContext);
    expect(await ran()).toEqual([]);
    const enabled = await applyReviewAction(bypassed, 'enable', 'global:a');
    expect(enabled.hook).toMatchObject({ trustStatus: 'modified', enabled: true, runnable: true });
    expect(await ran()).toEqual(['review:0']);
  });

  it('"Managed hooks from trusted policy sources run without user trust state and cannot be disabled through the normal CLI/API/UI controls."', async () => {
    const { review, context, ran } = setup([M]);
    expect(await ran()).toEqual(['review:0']);
    expect((await refusal(applyReviewAction(context, 'disable', 'managed:m'))).kind).toBe('not_allowed');
    expect((await refusal(applyReviewAction(context, 'enable', 'managed:m'))).message).toBe('managed hooks cannot be disabled or enabled manually');
    // A trust of a managed hook is a no-op: nothing is written.
    expect((await applyReviewAction(context, 'trust', 'managed:m')).hook.trustStatus).toBe('managed');
    expect(review.state.size).toBe(0);
  });

  it('an unknown key is not_found; a failed write is a persistence error naming the state file, nothing changes', async () => {
    const { review, context, ran } = setup([A]);
    const missing = await refusal(applyReviewAction(context, 'trust', 'global:nope'));
    expect([missing.kind, missing.message]).toEqual(['not_found', 'hook not found: global:nope']);
    review.failWrites = true;
    const failed = await refusal(applyReviewAction(context, 'trust', 'global:a'));
    expect(failed.kind).toBe('persistence');
    expect(failed.message).toContain(REVIEW_STATE_PATH);
    expect(await ran()).toEqual([]);
  });

  it('a per-file row: trust records its trustKey in hookd\'s trust store (the hook runs); disable/enable are not allowed', async () => {
    const dialect = fakeDialect([{ ...hook('project:x', 'PreToolUse', 'allow'), scope: 'project', trustKey: 'project:/ws', trustHash: 'sha256:x' }]);
    const engine = new Engine({ dialect, runner: scriptedRunner(), workspace: '/ws' });
    const loadContext = { workspace: '/ws', home: '/home/u' };
    engine.load(loadContext);
    const store = trustStore();
    const context = { engine, dialect, loadContext, trustStore: store };
    const { hook: row } = await applyReviewAction(context, 'trust', 'project:x');
    expect(row).toMatchObject({ trustStatus: 'trusted', runnable: true, trustKey: 'project:/ws' });
    expect(new TrustStore(store.path).isTrusted('project:/ws')).toBe(true);
    expect((await engine.dispatch('PreToolUse', eventParams())).result.runs.map((run) => run.hookId)).toEqual(['project:x']);
    const refused = await refusal(applyReviewAction(context, 'disable', 'project:x'));
    expect(refused.kind).toBe('not_allowed');
    expect(refused.message).toContain('trusted per file');
  });
});

describe('pbi-agent JSON shapes', () => {
  it('toApiJson: facts §14 key order (runnable before diagnostics) plus dialect and warnings; timeout in seconds', () => {
    const api = toApiJson(reviewListing(setup([A]).context));
    expect(Object.keys(api)).toEqual(['hooks', 'diagnostics', 'review_required_count', 'trust_bypass_active', 'dialect', 'warnings']);
    expect(Object.keys(api.hooks[0] ?? {})).toEqual(['key', 'event', 'matcher', 'command', 'source', 'source_path', 'status_message', 'timeout', 'trust_status', 'current_hash', 'enabled', 'managed', 'runnable', 'diagnostics']);
    expect(api.hooks[0]).toMatchObject({ timeout: 1, trust_status: 'untrusted', source: 'global', matcher: 'shell', status_message: 'running global:a' });
  });

  it('toCliJson: facts §13 shape {"hooks", "diagnostics"}, diagnostics before runnable; printed as Python indent=2 with non-ASCII escaped', () => {
    const cli = toCliJson(reviewListing(setup([A]).context));
    expect(Object.keys(cli)).toEqual(['hooks', 'diagnostics']);
    expect(Object.keys(cli.hooks[0] ?? {}).slice(-3)).toEqual(['managed', 'diagnostics', 'runnable']);
    expect(pythonIndentedJson({ hooks: [], diagnostics: [] })).toBe('{\n  "hooks": [],\n  "diagnostics": []\n}\n');
    expect(pythonIndentedJson({ s: 'héllo ✓ 😀' })).toBe('{\n  "s": "h\\u00e9llo \\u2713 \\ud83d\\ude00"\n}\n');
  });
});
