// pbi trust review through the built sidecar: an untrusted project hook is skipped with a startup warning
// (hooks/reviewWarnings + stderr), review/trust makes it run and writes hooks_state.json, review/disable stops it.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scratchDir } from '../helpers/scratch.js';
import { Sidecar, type RpcMessage } from '../helpers/sidecar.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

describe('pbi review (built sidecar)', () => {
  it('"Hooks are skipped until trusted unless they come from a trusted managed source." — warned, trusted, disabled', async () => {
    const root = scratchDir('hookd-pbi-review-');
    const workspace = join(root, 'ws');
    const home = join(root, 'home');
    const out = join(root, 'ran');
    mkdirSync(join(workspace, '.agents'), { recursive: true });
    mkdirSync(home, { recursive: true });
    writeFileSync(join(workspace, '.agents', 'hooks.json'), JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'shell', hooks: [{ type: 'command', command: `echo ran >> '${out}'` }] }] } }));
    const statePath = join(root, 'hooks_state.json');
    const sidecar = new Sidecar('ndjson', [], process.env);
    open.push(sidecar);
    const notified: RpcMessage[] = [];
    sidecar.onMessage((message) => message.method === 'hooks/reviewWarnings' && notified.push(message));
    await sidecar.request('initialize', { protocolVersion: '0.1', clientInfo: { name: 'pbi-review-e2e', version: '1' }, dialect: 'pbi', workspace, home, options: { hookStatePath: statePath } });
    const ran = async () => {
      await sidecar.request('hooks/PreToolUse', { session: { id: 's1' }, toolName: 'shell', toolInput: { command: 'ls' } });
      return existsSync(out) ? readFileSync(out, 'utf8').split('\n').filter(Boolean).length : 0;
    };
    expect(await ran()).toBe(0);
    expect(notified[0]?.params).toEqual({
      warnings: ['1 command hook requires trust review and will be skipped. Run `hookd hooks` or open Settings → Hooks (`hookd ui`).'],
      reviewRequiredCount: 1,
      trustBypassActive: false,
    });
    const listing = await sidecar.request('review/list');
    const row = listing.hooks[0];
    expect(row).toMatchObject({ trustStatus: 'untrusted', source: 'project', runnable: false });
    const trusted = await sidecar.request('review/trust', { key: row.key });
    expect(trusted.hooks[0]).toMatchObject({ trustStatus: 'trusted', runnable: true });
    expect(JSON.parse(readFileSync(statePath, 'utf8')).state[row.key]).toEqual({ enabled: true, trusted_hash: row.currentHash });
    expect(await ran()).toBe(1);
    const disabled = await sidecar.request('review/disable', { key: row.key });
    expect(disabled.hooks[0]).toMatchObject({ trustStatus: 'disabled', runnable: false });
    expect(await ran()).toBe(1);
  });
});
