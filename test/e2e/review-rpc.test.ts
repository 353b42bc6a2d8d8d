// review/* through the built sidecar for a dialect trusted per file (bamboo): the listing's rows, trust of a per-file
// row (its trustKey, persisted; the hook runs), refusals -32012 / -32011 / -32602, and no review warnings notification.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bambooSetup, bambooSidecar, initializeBamboo, writeBambooConfig } from '../helpers/bamboo.js';
import type { RpcMessage, Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace } from '../helpers/workspace.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

const preToolUse = { session: { id: 'e2e-review' }, toolName: 'Bash', toolInput: { command: 'ls' }, toolUseId: 'toolu_review_1' };

async function start(args: string[] = []) {
  const setup = bambooSetup();
  const order = join(makeWorkspace('hookd-review-out-'), 'order');
  const appendName = (name: string) => ({ PreToolUse: [{ hooks: [{ type: 'command', command: `printf '%s\\n' ${name} >> '${order}'` }] }] });
  writeBambooConfig(setup.userFile, appendName('user'));
  writeBambooConfig(setup.projectFile, appendName('project'));
  const sidecar = bambooSidecar(setup, 'ndjson', args);
  open.push(sidecar);
  const notified: RpcMessage[] = [];
  sidecar.onMessage((message) => message.method === 'hooks/reviewWarnings' && notified.push(message));
  await initializeBamboo(sidecar, setup);
  const ran = async () => {
    const before = existsSync(order) ? readFileSync(order, 'utf8') : '';
    await sidecar.request('hooks/PreToolUse', preToolUse);
    return readFileSync(order, 'utf8').slice(before.length).split('\n').filter(Boolean);
  };
  return { setup, sidecar, ran, notified, trustStore: join(setup.dataDir, '..', 'trust.json') };
}

describe('review/* (bamboo, built sidecar)', () => {
  it('review/list: the project hook is an untrusted row with its trustKey, the user hook trusted; review/trust of the row runs it', async () => {
    const { setup, sidecar, ran, trustStore } = await start();
    const listing = await sidecar.request('review/list');
    expect(listing).toMatchObject({ dialect: 'bamboo', reviewRequiredCount: 1, trustBypassActive: false });
    const project = listing.hooks.find((row: { sourcePath: string }) => row.sourcePath === setup.projectFile);
    const user = listing.hooks.find((row: { sourcePath: string }) => row.sourcePath === setup.userFile);
    expect(project).toMatchObject({ trustStatus: 'untrusted', runnable: false, trustKey: `workspace:${setup.workspace}`, event: 'PreToolUse' });
    expect(user).toMatchObject({ trustStatus: 'trusted', runnable: true });
    expect(user.trustKey).toBeUndefined();
    expect(await ran()).toEqual(['user']);

    const after = await sidecar.request('review/trust', { key: project.key });
    expect(after.hooks.find((row: { key: string }) => row.key === project.key)).toMatchObject({ trustStatus: 'trusted', runnable: true });
    expect(after.reviewRequiredCount).toBe(0);
    expect((await ran()).sort()).toEqual(['project', 'user']);
    expect(JSON.parse(readFileSync(trustStore, 'utf8'))).toMatchObject({ trusted: expect.anything() });
  });

  it('refusals: disable of a per-file row -32012, an unknown key -32011, a missing key -32602; no hooks/reviewWarnings', async () => {
    const { setup, sidecar, notified } = await start(['--dangerously-bypass-hook-trust']);
    const listing = await sidecar.request('review/list');
    const project = listing.hooks.find((row: { sourcePath: string }) => row.sourcePath === setup.projectFile);
    const disable = await sidecar.call('review/disable', { key: project.key });
    expect(disable.error?.code).toBe(-32012);
    expect(disable.error?.message).toContain('trusted per file');
    const unknown = await sidecar.call('review/trust', { key: 'global:nope' });
    expect(unknown.error).toMatchObject({ code: -32011, message: expect.stringContaining('hook not found: global:nope') });
    const missing = await sidecar.call('review/enable', {});
    expect(missing.error?.code).toBe(-32602);
    expect(missing.error?.message).toContain('key');
    // bamboo reports untrusted files through hooks/diagnostics; the review warnings are for dialects with review.
    await sidecar.request('ping');
    expect(notified).toEqual([]);
  });
});
