// The engine with per-hook trust review (HookSpec.review): only runnable hooks are dispatched; hooks/list and
// hooks/explain say why the others are not (untrusted, modified, disabled) and name the state file. Test-only dialect.
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine.js';
import { REVIEW_STATE_PATH, reviewDialect, type ReviewedFixture } from '../../helpers/review-dialect.js';
import { scriptedRunner } from '../engine/fakes.js';
import { eventParams } from '../engine/manual-runner.js';

const A: ReviewedFixture = { key: 'global:a', event: 'PreToolUse', command: 'allow', hash: 'sha256:a1' };
const B: ReviewedFixture = { key: 'global:b', event: 'PreToolUse', command: 'allow', hash: 'sha256:b1' };
const M: ReviewedFixture = { key: 'managed:m', event: 'PreToolUse', command: 'allow', hash: 'sha256:m1', managed: true };

function setup(fixtures: ReviewedFixture[], bypassHookTrust = false) {
  const review = reviewDialect(fixtures);
  const engine = new Engine({ dialect: review.dialect, runner: scriptedRunner(), workspace: '/ws' });
  const context = { workspace: '/ws', home: '/home/u', bypassHookTrust };
  engine.load(context);
  const ran = async () => (await engine.dispatch('PreToolUse', eventParams())).result.runs.map((run) => run.hookId);
  const listed = (index: number) => engine.hooks().find((info) => info.id === `review:${index}`);
  return { review, engine, context, ran, listed, reload: () => engine.reload(context) };
}

describe('engine: per-hook review', () => {
  it('"Hooks are skipped until trusted unless they come from a trusted managed source."', async () => {
    const { review, ran, reload } = setup([A, B, M]);
    expect(await ran()).toEqual(['review:2']);
    review.state.set('global:a', { enabled: true, trusted_hash: 'sha256:a1' });
    reload();
    expect(await ran()).toEqual(['review:0', 'review:2']);
  });

  it('a hook trusted for another hash is modified: skipped, hooks/list says so and names the state file', async () => {
    const { review, ran, listed, reload } = setup([A]);
    review.state.set('global:a', { enabled: true, trusted_hash: 'sha256:old' });
    reload();
    expect(await ran()).toEqual([]);
    const info = listed(0);
    expect(info).toMatchObject({ state: 'modified', enabled: false, review: { key: 'global:a', trustStatus: 'modified', currentHash: 'sha256:a1', enabled: true, managed: false, runnable: false } });
    expect(info?.stateReason).toContain(REVIEW_STATE_PATH);
    expect(info?.trustKey).toBeUndefined();
  });

  it('states: trusted and managed are active, untrusted untrusted, disabled parked; each reason names the state file', () => {
    const { review, listed, reload } = setup([A, B, M, { ...A, key: 'global:d', hash: 'sha256:d' }]);
    review.state.set('global:a', { enabled: true, trusted_hash: 'sha256:a1' });
    review.state.set('global:d', { enabled: false, trusted_hash: 'sha256:d' });
    reload();
    expect(listed(0)).toMatchObject({ state: 'active', enabled: true });
    expect(listed(0)?.stateReason).toBeUndefined();
    expect(listed(1)).toMatchObject({ state: 'untrusted', enabled: false });
    expect(listed(1)?.stateReason).toContain(`not trusted in ${REVIEW_STATE_PATH}`);
    expect(listed(2)).toMatchObject({ state: 'active', review: { trustStatus: 'managed', managed: true, runnable: true } });
    expect(listed(3)).toMatchObject({ state: 'parked', enabled: false, review: { trustStatus: 'disabled', enabled: false } });
    expect(listed(3)?.stateReason).toContain(`disabled in ${REVIEW_STATE_PATH}`);
  });

  it('"Explicitly disabled hooks remain disabled." under the bypass, while untrusted and modified ones run', async () => {
    const { review, ran, listed, reload } = setup([A, B, { ...A, key: 'global:d', hash: 'sha256:d' }], true);
    review.state.set('global:b', { enabled: true, trusted_hash: 'sha256:other' });
    review.state.set('global:d', { enabled: false });
    reload();
    expect(await ran()).toEqual(['review:0', 'review:1']);
    // Statuses shown stay the real ones; runnable says what runs.
    expect(listed(0)).toMatchObject({ state: 'active', review: { trustStatus: 'untrusted', runnable: true } });
    expect(listed(1)).toMatchObject({ state: 'active', review: { trustStatus: 'modified', runnable: true } });
    expect(listed(2)).toMatchObject({ state: 'parked', review: { trustStatus: 'disabled', runnable: false } });
  });

  it('hooks/explain says why a reviewed hook is no candidate: untrusted, modified, disabled, with the state file', () => {
    const { review, engine, reload } = setup([A, B, { ...A, key: 'global:d', hash: 'sha256:d' }]);
    review.state.set('global:b', { enabled: true, trusted_hash: 'sha256:other' });
    review.state.set('global:d', { enabled: false });
    reload();
    const explained = engine.explain('PreToolUse', eventParams()).hooks;
    const detail = (id: string) => explained.find((entry) => entry.id === id);
    expect(detail('review:0')).toMatchObject({ verdict: expect.not.stringMatching(/^runs$/) });
    expect(JSON.stringify(detail('review:0'))).toContain(`not trusted in ${REVIEW_STATE_PATH} (\\"global:a\\")`);
    expect(JSON.stringify(detail('review:1'))).toContain('changed since it was trusted');
    expect(JSON.stringify(detail('review:2'))).toContain(`disabled in ${REVIEW_STATE_PATH}`);
  });
});
