// Acceptance (part H): bonsai's trust gate through the built sidecar — hookd asks the client (hooks/approve) once per
// configuration load for each project shell/http hook, and this test plays a client that answers once, session,
// project, deny, garbage, or never. Checks by running the hooks (a marker file) and by hooks/list states.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bonsaiSetup, session, startBonsai, waitForHook, writeGlobal, writeProject, type BonsaiSetup, type BonsaiTable } from '../helpers/bonsai.js';
import { waitUntil } from '../helpers/processes.js';
import type { RpcMessage, Sidecar } from '../helpers/sidecar.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

const approvals = (sidecar: Sidecar): RpcMessage[] => sidecar.serverRequests.filter((message) => message.method === 'hooks/approve');
const bash = (setup: BonsaiSetup, command: string) => ({ session: session(setup), toolName: 'bash', toolInput: { command }, toolUseId: 'call-approve' });

/** A project hook on PreBash that appends a line to `<workspace>/fired.log` each time it runs. */
const marker = (setup: BonsaiSetup) => join(setup.workspace, 'fired.log');
const firing = (setup: BonsaiSetup, extra: Partial<BonsaiTable> = {}): BonsaiTable => ({
  name: 'audit-bash',
  event: 'PreBash',
  action: { type: 'shell', command: `echo "$BONSAI_COMMAND" >> ${JSON.stringify(marker(setup))}` },
  ...extra,
});
const firedCount = (setup: BonsaiSetup): number => (existsSync(marker(setup)) ? readFileSync(marker(setup), 'utf8').split('\n').filter(Boolean).length : 0);

/** Starts a sidecar whose client answers hooks/approve with `answer` (a function of the request's params). */
async function startAnswering(setup: BonsaiSetup, answer: (params: any) => unknown, capabilities = { modelJudge: true, hookApproval: true }) {
  return startBonsai(setup, open, { capabilities }, (sidecar) => sidecar.onRequest('hooks/approve', answer));
}

const isActive = (hook: any) => hook.state === 'active';

describe('bonsai trust: hooks/approve answered by the client (built sidecar)', () => {
  it('"A project hook with a shell or http action needs a one-time approval before it first runs, shown as a permission-style prompt (action command/URL; once / session / project / deny)"', async () => {
    const setup = bonsaiSetup();
    writeProject(setup, [firing(setup), { name: 'notify-server', event: 'PostBash', action: { type: 'http', url: 'http://127.0.0.1:9/notify' } }]);
    const { sidecar } = await startAnswering(setup, () => ({ answer: 'once' }));
    expect(await waitUntil(() => approvals(sidecar).length === 2, 20_000)).toBe(true);
    const asked = approvals(sidecar).map((message) => message.params as Record<string, unknown>);
    const byName = Object.fromEntries(asked.map((params) => [params.name, params]));
    expect(byName['audit-bash']).toMatchObject({ hookId: 'project:audit-bash', event: 'PreBash', source: setup.projectFile, actionType: 'shell', summary: (firing(setup).action as { command: string }).command });
    expect(byName['notify-server']).toMatchObject({ hookId: 'project:notify-server', event: 'PostBash', actionType: 'http', summary: 'http://127.0.0.1:9/notify' });
    expect(String(byName['audit-bash']!.hash)).toMatch(/^sha256:[0-9a-f]{64}$/);
    await waitForHook(sidecar, 'audit-bash', isActive);
    await sidecar.request('hooks/PreBash', { session: session(setup), command: 'cargo build' });
    expect(readFileSync(marker(setup), 'utf8').trim()).toBe('cargo build');
  });

  it('"Global-config hooks are pre-trusted — you wrote your own home file."', async () => {
    const setup = bonsaiSetup();
    writeGlobal(setup, [firing(setup)]);
    const { sidecar } = await startAnswering(setup, () => ({ answer: 'deny' }));
    await sidecar.request('hooks/PreBash', { session: session(setup), command: 'make' });
    expect(firedCount(setup)).toBe(1);
    expect(approvals(sidecar)).toHaveLength(0);
  });

  it('"llm_prompt hooks skip the gate: they only reach the model provider you already authorized."', async () => {
    const setup = bonsaiSetup();
    writeProject(setup, [{ name: 'judge-bash', event: 'PreBash', blocking: true, action: { type: 'llm_prompt', prompt: 'Is {{command}} safe? Reply with strict JSON.' } }]);
    const { sidecar } = await startAnswering(setup, () => ({ answer: 'deny' }));
    sidecar.onRequest('hooks/judge', () => ({ text: '{"decision":"block","reason":"not today"}' }));
    const result = await sidecar.request('hooks/PreBash', { session: session(setup), command: 'rm -rf /' });
    expect(result.decision).toBe('block');
    expect(result.reason).toContain('not today');
    expect(approvals(sidecar)).toHaveLength(0);
  });

  it('"Until answered, /hooks shows the entry as awaiting approval and it does not fire." (a client that never answers blocks nothing)', async () => {
    const setup = bonsaiSetup();
    writeProject(setup, [firing(setup)]);
    const { sidecar, init } = await startAnswering(setup, () => new Promise(() => {}));
    expect(init.hooks).toHaveLength(1);
    expect(await waitUntil(() => approvals(sidecar).length === 1, 20_000)).toBe(true);
    const hook = await waitForHook(sidecar, 'audit-bash', () => true);
    expect(hook.state).toBe('awaiting_approval');
    const result = await sidecar.request('hooks/PreBash', { session: session(setup), command: 'ls' });
    expect(result).toMatchObject({ decision: 'none', continue: true });
    expect(result.runs.filter((run: any) => run.status === 'ok')).toEqual([]);
    expect(firedCount(setup)).toBe(0);
  });

  it('"Trust is decided once per configuration at engine build, not per fire": one hooks/approve per load, however often the hook fires', async () => {
    const setup = bonsaiSetup();
    writeProject(setup, [firing(setup)]);
    const { sidecar } = await startAnswering(setup, () => ({ answer: 'once' }));
    await waitForHook(sidecar, 'audit-bash', isActive);
    for (const command of ['a', 'b', 'c']) await sidecar.request('hooks/PreBash', { session: session(setup), command });
    expect(firedCount(setup)).toBe(3);
    expect(approvals(sidecar)).toHaveLength(1);
  });

  it('"once" lasts for one configuration load: a reload asks again; "session" lasts for the hookd process', async () => {
    const setup = bonsaiSetup();
    writeProject(setup, [firing(setup), firing(setup, { name: 'audit-bash-2' })]);
    const { sidecar } = await startAnswering(setup, (params) => ({ answer: params.name === 'audit-bash' ? 'once' : 'session' }));
    await waitForHook(sidecar, 'audit-bash', isActive);
    await waitForHook(sidecar, 'audit-bash-2', isActive);
    expect(approvals(sidecar)).toHaveLength(2);
    await sidecar.request('hooks/reload', {});
    expect(await waitUntil(() => approvals(sidecar).length === 3, 20_000)).toBe(true);
    expect((approvals(sidecar)[2]!.params as { name: string }).name).toBe('audit-bash');
    await waitForHook(sidecar, 'audit-bash', isActive);
    expect((await waitForHook(sidecar, 'audit-bash-2', () => true)).state).toBe('active');
  });

  it('"project" answers persist in the trust store: the next hookd process does not ask again', async () => {
    const setup = bonsaiSetup();
    writeProject(setup, [firing(setup)]);
    const first = await startAnswering(setup, () => ({ answer: 'project' }));
    await waitForHook(first.sidecar, 'audit-bash', isActive);
    await first.sidecar.close();
    const second = await startAnswering(setup, () => ({ answer: 'deny' }));
    await second.sidecar.request('hooks/PreBash', { session: session(setup), command: 'after restart' });
    expect(readFileSync(marker(setup), 'utf8')).toContain('after restart');
    expect(approvals(second.sidecar)).toHaveLength(0);
  });

  it('"The trust record hashes the complete effect declaration — name, event, action, matcher, timeout, blocking, failure policy — so editing any of it re-prompts."', async () => {
    const setup = bonsaiSetup();
    writeProject(setup, [firing(setup)]);
    const first = await startAnswering(setup, () => ({ answer: 'project' }));
    await waitForHook(first.sidecar, 'audit-bash', isActive);
    const firstHash = (approvals(first.sidecar)[0]!.params as { hash: string }).hash;
    await first.sidecar.close();
    // Only the timeout changes: still a new effect declaration.
    writeProject(setup, [firing(setup, { timeout_secs: 31 })]);
    const second = await startAnswering(setup, () => new Promise(() => {}));
    expect(await waitUntil(() => approvals(second.sidecar).length === 1, 20_000)).toBe(true);
    expect((approvals(second.sidecar)[0]!.params as { hash: string }).hash).not.toBe(firstHash);
    expect((await waitForHook(second.sidecar, 'audit-bash', () => true)).state).toBe('awaiting_approval');
  });

  it('"deny": the hook does not fire and is listed as denied', async () => {
    const setup = bonsaiSetup();
    writeProject(setup, [firing(setup)]);
    const { sidecar } = await startAnswering(setup, () => ({ answer: 'deny' }));
    await waitForHook(sidecar, 'audit-bash', (hook) => hook.state === 'denied');
    const result = await sidecar.request('hooks/PreBash', { session: session(setup), command: 'ls' });
    expect(result).toMatchObject({ decision: 'none', continue: true });
    expect(firedCount(setup)).toBe(0);
  });

  it('"denial is fail-closed": a denied blocking on_failure = "block" guard blocks every event it matches, saying it was denied', async () => {
    const setup = bonsaiSetup();
    writeProject(setup, [firing(setup, { name: 'guard-bash', blocking: true, on_failure: 'block' })]);
    const { sidecar } = await startAnswering(setup, () => ({ answer: 'deny' }));
    await waitForHook(sidecar, 'guard-bash', (hook) => hook.state === 'denied');
    const result = await sidecar.request('hooks/PreBash', { session: session(setup), command: 'ls' });
    expect(result.decision).toBe('block');
    expect(result.reason).toMatch(/denied/);
    expect(result.runs[0]).toMatchObject({ hookId: 'project:guard-bash', failureClass: 'untrusted' });
    expect(firedCount(setup)).toBe(0);
    // Through PreToolUse of the declared shell tool too (its PreBash unit).
    expect((await sidecar.request('hooks/PreToolUse', bash(setup, 'ls'))).decision).toBe('block');
  });

  it('a fail-closed guard awaiting approval blocks its events until approved ("until answered … it does not fire")', async () => {
    const setup = bonsaiSetup();
    writeProject(setup, [firing(setup, { name: 'guard-bash', blocking: true, on_failure: 'block' })]);
    const { sidecar } = await startAnswering(setup, () => new Promise(() => {}));
    expect(await waitUntil(() => approvals(sidecar).length === 1, 20_000)).toBe(true);
    const result = await sidecar.request('hooks/PreBash', { session: session(setup), command: 'ls' });
    expect(result.decision).toBe('block');
    expect(result.reason).toMatch(/awaiting approval/);
    expect(firedCount(setup)).toBe(0);
  });

  it('a garbage answer leaves the hook awaiting approval, with a diagnostic', async () => {
    const setup = bonsaiSetup();
    writeProject(setup, [firing(setup)]);
    const { sidecar } = await startAnswering(setup, () => ({ answer: 'maybe later' }));
    expect(await waitUntil(() => sidecar.notifications.some((message) => message.method === 'hooks/diagnostics' && JSON.stringify(message.params).includes('audit-bash')), 20_000)).toBe(true);
    expect((await waitForHook(sidecar, 'audit-bash', () => true)).state).toBe('awaiting_approval');
    await sidecar.request('hooks/PreBash', { session: session(setup), command: 'ls' });
    expect(firedCount(setup)).toBe(0);
  });

  it('an error answer leaves the hook awaiting approval', async () => {
    const setup = bonsaiSetup();
    writeProject(setup, [firing(setup)]);
    const { sidecar } = await startAnswering(setup, () => {
      throw new Error('the user closed the prompt');
    });
    expect(await waitUntil(() => approvals(sidecar).length === 1, 20_000)).toBe(true);
    expect(await waitUntil(() => sidecar.notifications.some((message) => message.method === 'hooks/diagnostics' && JSON.stringify(message.params).includes('audit-bash')), 20_000)).toBe(true);
    expect((await waitForHook(sidecar, 'audit-bash', () => true)).state).toBe('awaiting_approval');
  });

  it('a client without the hookApproval capability is told the hook awaits approval, and trust/set still approves it', async () => {
    const setup = bonsaiSetup();
    writeProject(setup, [firing(setup)]);
    const { sidecar, init } = await startBonsai(setup, open, { capabilities: { modelJudge: true } });
    expect(JSON.stringify(init.diagnostics)).toMatch(/approval/);
    expect(approvals(sidecar)).toHaveLength(0);
    const hook = await waitForHook(sidecar, 'audit-bash', () => true);
    expect(hook.state).toBe('awaiting_approval');
    await sidecar.request('trust/set', { key: hook.trustKey, trusted: true, persist: false });
    await waitForHook(sidecar, 'audit-bash', isActive);
    await sidecar.request('hooks/PreBash', { session: session(setup), command: 'trusted by trust/set' });
    expect(firedCount(setup)).toBe(1);
  });
});
