// Approval of bonsai project hooks through the built sidecar: hookd asks the client (hooks/approve) once per
// configuration load, and this test plays the client — answering once / session / project / deny, garbage, an
// error, or never. Hooks append to a log file in the workspace, so "it fires" is what the file shows.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { waitUntil } from '../helpers/processes.js';
import { scratchDir } from '../helpers/scratch.js';
import { Sidecar, type RpcMessage } from '../helpers/sidecar.js';

const session = { id: 'e2e-approval' };
const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

type Setup = { readonly home: string; readonly workspace: string; readonly projectFile: string; readonly globalFile: string; readonly log: string };

function setup(files: { project?: string; global?: string }): Setup {
  const root = scratchDir('hookd-bonsai-approval-');
  const home = join(root, 'home');
  const workspace = join(root, 'ws');
  for (const dir of [join(home, '.bonsai'), join(workspace, '.bonsai')]) mkdirSync(dir, { recursive: true });
  const projectFile = join(workspace, '.bonsai', 'config.toml');
  const globalFile = join(home, '.bonsai', 'config.toml');
  if (files.project !== undefined) writeFileSync(projectFile, files.project);
  if (files.global !== undefined) writeFileSync(globalFile, files.global);
  return { home, workspace, projectFile, globalFile, log: join(workspace, 'fired.log') };
}

/** A SessionStart hook that appends its name to fired.log (hooks run in the workspace). */
const logging = (name: string) => `[[hooks]]
name = "${name}"
event = "SessionStart"
action = { type = "shell", command = "echo ${name} >> fired.log" }
`;

type Ask = { readonly id: number | string; readonly params: Record<string, any>; answer(result: unknown): void; fail(message: string): void };

/** Starts hookd (dialect bonsai) with the client answering hooks/approve by hand: each question lands in `asks`. */
async function start(s: Setup, options: { capabilities?: Record<string, boolean>; watch?: boolean } = {}) {
  const sidecar = new Sidecar();
  open.push(sidecar);
  const asks: Ask[] = [];
  const messages: RpcMessage[] = [];
  sidecar.onMessage((message) => messages.push(message));
  sidecar.onRequest(
    'hooks/approve',
    (params, id) =>
      new Promise((resolve, reject) => {
        asks.push({ id, params, answer: resolve, fail: (message) => reject(Object.assign(new Error(message), { code: -32000 })) });
      }),
  );
  const init = await sidecar.request('initialize', {
    protocolVersion: '0.1',
    clientInfo: { name: 'approval-agent' },
    dialect: 'bonsai',
    workspace: s.workspace,
    home: s.home,
    capabilities: options.capabilities ?? { hookApproval: true },
    options: { watch: options.watch ?? false },
  });
  const askCount = async (count: number) => {
    expect(await waitUntil(() => asks.length >= count, 10_000), `${count} hooks/approve question(s) expected, got ${asks.length}`).toBe(true);
  };
  return { sidecar, init, asks, messages, askCount };
}

const fired = (s: Setup): string[] => (existsSync(s.log) ? readFileSync(s.log, 'utf8').split('\n').filter(Boolean) : []);
const sessionStart = (sidecar: Sidecar) => sidecar.request('hooks/SessionStart', { session, source: 'startup' });
const listed = async (sidecar: Sidecar, name: string) => ((await sidecar.request('hooks/list')).hooks as Array<Record<string, any>>).find((hook) => hook.id === `project:${name}`);
const approvalNotes = (messages: RpcMessage[]) => messages.filter((message) => message.method === 'hooks/diagnostics' && (message.params as { trigger?: string }).trigger === 'approval');
/** A request that is answered: every hooks/approve answer reaches hookd before it (one input stream, in order). */
const roundTrip = (sidecar: Sidecar) => sidecar.request('ping');

describe('bonsai trust: approvals through the built sidecar', () => {
  it('"A project hook with a shell or http action needs a one-time approval before it first runs, shown as a permission-style prompt (action command/URL; once / session / project / deny)."', async () => {
    const s = setup({
      project: `${logging('fmt')}
[[hooks]]
name = "notify"
event = "PostToolUse"
matcher = { tool = "write" }
action = { type = "http", url = "http://127.0.0.1:9/hook", headers = {} }
`,
    });
    const { asks, askCount, messages, init } = await start(s);
    await askCount(2);
    // The initialize answer comes first; the questions never hold it up.
    const initAt = messages.findIndex((message) => (message.result as { dialect?: string } | undefined)?.dialect === 'bonsai');
    const firstAsk = messages.findIndex((message) => message.method === 'hooks/approve');
    expect(initAt).toBeGreaterThanOrEqual(0);
    expect(initAt).toBeLessThan(firstAsk);
    expect(init.hooks.map((hook: { id: string; trust?: string }) => [hook.id, hook.trust])).toEqual([
      ['project:fmt', 'awaiting_approval'],
      ['project:notify', 'awaiting_approval'],
    ]);
    const byName = new Map(asks.map((ask) => [ask.params.name, ask.params]));
    expect(byName.get('fmt')).toMatchObject({ hookId: 'project:fmt', event: 'SessionStart', source: s.projectFile, actionType: 'shell', summary: 'echo fmt >> fired.log', hash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) });
    expect(byName.get('notify')).toMatchObject({ hookId: 'project:notify', event: 'PostToolUse', actionType: 'http', summary: 'http://127.0.0.1:9/hook', matcher: '{ tool = "write" }' });
  });

  it('"Until answered, /hooks shows the entry as awaiting approval and it does not fire."', async () => {
    const s = setup({ project: logging('fmt') });
    const { sidecar, asks, askCount } = await start(s);
    await askCount(1);
    const result = await sessionStart(sidecar);
    expect(result.runs).toEqual([]);
    expect(fired(s)).toEqual([]);
    expect(await listed(sidecar, 'fmt')).toMatchObject({ trust: 'awaiting_approval', enabled: false, trustKey: `bonsai-hook:${s.projectFile}#fmt` });
    const list = await sidecar.request('hooks/list');
    expect(list.diagnostics.find((diagnostic: { code?: string }) => diagnostic.code === 'awaiting_approval')).toMatchObject({ file: s.projectFile, line: 1, severity: 'warning' });
    asks[0]?.answer({ answer: 'once' });
    await roundTrip(sidecar);
    expect((await sessionStart(sidecar)).runs.map((run: { hookId: string }) => run.hookId)).toEqual(['project:fmt']);
    expect(fired(s)).toEqual(['fmt']);
  });

  it('"Global-config hooks are pre-trusted — you wrote your own home file."', async () => {
    const s = setup({ global: logging('mine'), project: logging('theirs') });
    const { sidecar, asks, askCount } = await start(s);
    await askCount(1);
    expect(asks.map((ask) => ask.params.name)).toEqual(['theirs']);
    const result = await sessionStart(sidecar);
    expect(result.runs.map((run: { hookId: string }) => run.hookId)).toEqual(['global:mine']);
    expect(fired(s)).toEqual(['mine']);
    const hooks = (await sidecar.request('hooks/list')).hooks as Array<Record<string, unknown>>;
    expect(hooks.find((hook) => hook.id === 'global:mine')).not.toHaveProperty('trust');
  });

  it('"llm_prompt hooks skip the gate: they only reach the model provider you already authorized."', async () => {
    const s = setup({
      project: `[[hooks]]
name = "review"
event = "PreFileWrite"
blocking = true
action = { type = "llm_prompt", prompt = "Block only data loss." }

${logging('fmt')}`,
    });
    const { sidecar, asks, askCount } = await start(s, { capabilities: { hookApproval: true, modelJudge: true } });
    await askCount(1);
    await roundTrip(sidecar);
    expect(asks.map((ask) => ask.params.name)).toEqual(['fmt']);
    const review = await listed(sidecar, 'review');
    expect(review).toMatchObject({ enabled: true, handlerType: 'prompt' });
    expect(review).not.toHaveProperty('trust');
  });

  it('"once" lasts for one configuration load: after hooks/reload it is asked again and does not fire until answered', async () => {
    const s = setup({ project: logging('fmt') });
    const { sidecar, asks, askCount } = await start(s);
    await askCount(1);
    asks[0]?.answer({ answer: 'once' });
    await roundTrip(sidecar);
    await sessionStart(sidecar);
    expect(fired(s)).toEqual(['fmt']);
    await sidecar.request('hooks/reload');
    await askCount(2);
    expect(asks[1]?.params.hash).toBe(asks[0]?.params.hash);
    expect((await sessionStart(sidecar)).runs).toEqual([]);
    expect(fired(s)).toEqual(['fmt']);
  });

  it('"session" lasts for this hookd process: a reload asks nothing and the hook keeps firing; a new hookd asks again', async () => {
    const s = setup({ project: logging('fmt') });
    const first = await start(s);
    await first.askCount(1);
    first.asks[0]?.answer({ answer: 'session' });
    await roundTrip(first.sidecar);
    await first.sidecar.request('hooks/reload');
    await sessionStart(first.sidecar);
    await roundTrip(first.sidecar);
    expect(first.asks).toHaveLength(1);
    expect(fired(s)).toEqual(['fmt']);
    await first.sidecar.close();
    const second = await start(s);
    await second.askCount(1);
    expect((await sessionStart(second.sidecar)).runs).toEqual([]);
  });

  it('"project" is recorded in the trust store (key and hash) and read back at the next initialize: no question, the hook fires', async () => {
    const s = setup({ project: logging('fmt') });
    const first = await start(s);
    await first.askCount(1);
    first.asks[0]?.answer({ answer: 'project' });
    await roundTrip(first.sidecar);
    const key = `bonsai-hook:${s.projectFile}#fmt`;
    const storePath = join(s.home, '.hookd', 'trust.json');
    expect(await waitUntil(() => existsSync(storePath) && readFileSync(storePath, 'utf8').includes(key), 10_000)).toBe(true);
    const stored = JSON.parse(readFileSync(storePath, 'utf8')) as { trusted: Record<string, { trustedHash?: string }> };
    expect(stored.trusted[key]?.trustedHash).toBe(first.asks[0]?.params.hash);
    await first.sidecar.close();

    const second = await start(s);
    expect(second.init.hooks[0]).toMatchObject({ id: 'project:fmt', trust: 'trusted', enabled: true });
    await sessionStart(second.sidecar);
    await roundTrip(second.sidecar);
    expect(second.asks).toEqual([]);
    expect(fired(s)).toEqual(['fmt']);
    const trust = await second.sidecar.request('trust/list');
    expect(trust.entries).toEqual([expect.objectContaining({ key, state: 'trusted', trustedHash: first.asks[0]?.params.hash })]);
  });

  it('"deny": the hook does not fire, is listed denied, and a reload in the same process does not ask again', async () => {
    const s = setup({ project: logging('fmt') });
    const { sidecar, asks, askCount, messages } = await start(s);
    await askCount(1);
    asks[0]?.answer({ answer: 'deny' });
    await roundTrip(sidecar);
    expect(await waitUntil(() => approvalNotes(messages).length > 0, 10_000)).toBe(true);
    expect(approvalNotes(messages).at(-1)?.params).toMatchObject({ diagnostics: expect.arrayContaining([expect.objectContaining({ code: 'denied', file: s.projectFile })]) });
    expect((await sessionStart(sidecar)).runs).toEqual([]);
    expect(await listed(sidecar, 'fmt')).toMatchObject({ trust: 'denied', enabled: false });
    await sidecar.request('hooks/reload');
    await roundTrip(sidecar);
    expect(asks).toHaveLength(1);
    expect(fired(s)).toEqual([]);
  });

  it('"The trust record hashes the complete effect declaration — name, event, action, matcher, timeout, blocking, failure policy — so editing any of it re-prompts."', async () => {
    const base = { name: '"guard"', event: '"PreToolUse"', matcher: '{ tool = "bash" }', action: '{ type = "shell", command = "true" }', timeout_secs: '10', blocking: 'false', on_failure: '"warn"' };
    const toml = (fields: Record<string, string>) => `[[hooks]]\n${Object.entries(fields).map(([field, value]) => `${field} = ${value}`).join('\n')}\n`;
    const s = setup({ project: toml(base) });
    const { sidecar, asks, askCount } = await start(s);
    await askCount(1);
    asks[0]?.answer({ answer: 'session' });
    const edits: Array<[string, string]> = [
      ['name', '"guard-two"'],
      ['event', '"PostToolUse"'],
      ['action', '{ type = "shell", command = "true # edited" }'],
      ['matcher', '{ tool = "sh*" }'],
      ['timeout_secs', '11'],
      ['blocking', 'true'],
      ['on_failure', '"block"'],
    ];
    const hashes = new Set([asks[0]?.params.hash]);
    for (const [index, [field, value]] of edits.entries()) {
      writeFileSync(s.projectFile, toml({ ...base, [field]: value }));
      await sidecar.request('hooks/reload');
      await askCount(index + 2);
      const ask = asks[index + 1]!;
      expect(hashes.has(ask.params.hash), `editing ${field} asks again with another hash`).toBe(false);
      hashes.add(ask.params.hash);
      ask.answer({ answer: 'session' });
    }
    // Not an effect: writing the default `enabled = true` out (into the declaration approved last) asks nothing.
    writeFileSync(s.projectFile, `${toml({ ...base, on_failure: '"block"' })}enabled = true\n`);
    await sidecar.request('hooks/reload');
    await roundTrip(sidecar);
    expect(asks).toHaveLength(edits.length + 1);
    expect(await listed(sidecar, 'guard')).toMatchObject({ trust: 'trusted', enabled: true });
  });

  it('an edit picked up by hot reload asks again (the watcher reloads both files)', async () => {
    const s = setup({ project: logging('fmt') });
    const { asks, askCount } = await start(s, { watch: true });
    await askCount(1);
    asks[0]?.answer({ answer: 'session' });
    writeFileSync(s.projectFile, logging('fmt').replace('echo fmt', 'echo fmt-edited'));
    await askCount(2);
    expect(asks[1]?.params.summary).toBe('echo fmt-edited >> fired.log');
    expect(asks[1]?.params.hash).not.toBe(asks[0]?.params.hash);
  });

  it('"Trust is decided once per configuration at engine build, not per fire": events while and after the question ask nothing more', async () => {
    const s = setup({ project: logging('fmt') });
    const { sidecar, asks, askCount } = await start(s);
    await askCount(1);
    for (let fire = 0; fire < 3; fire++) await sessionStart(sidecar);
    asks[0]?.answer({ answer: 'session' });
    await roundTrip(sidecar);
    for (let fire = 0; fire < 3; fire++) await sessionStart(sidecar);
    expect(asks).toHaveLength(1);
    expect(fired(s)).toEqual(['fmt', 'fmt', 'fmt']);
  });

  it('an answer that fails the schema (garbage) leaves the hook awaiting approval, with a diagnostic saying why', async () => {
    const s = setup({ project: logging('fmt') });
    const { sidecar, asks, askCount, messages } = await start(s);
    await askCount(1);
    asks[0]?.answer({ answer: 'forever' });
    expect(await waitUntil(() => approvalNotes(messages).length > 0, 10_000)).toBe(true);
    const note = (approvalNotes(messages).at(-1)?.params as { diagnostics: Array<{ code?: string; message: string }> }).diagnostics.find((entry) => entry.code === 'awaiting_approval');
    expect(note?.message).toContain('the client\'s answer to hooks/approve');
    expect(note?.message).toContain('stays awaiting approval');
    expect((await sessionStart(sidecar)).runs).toEqual([]);
    expect(await listed(sidecar, 'fmt')).toMatchObject({ trust: 'awaiting_approval' });
    expect(fired(s)).toEqual([]);
  });

  it('an error answer leaves the hook awaiting approval, with a diagnostic carrying the client\'s error', async () => {
    const s = setup({ project: logging('fmt') });
    const { sidecar, asks, askCount, messages } = await start(s);
    await askCount(1);
    asks[0]?.fail('the user closed the prompt');
    expect(await waitUntil(() => approvalNotes(messages).length > 0, 10_000)).toBe(true);
    const list = await sidecar.request('hooks/list');
    const note = list.diagnostics.find((entry: { code?: string }) => entry.code === 'awaiting_approval');
    expect(note.message).toContain('the user closed the prompt');
    expect((await sessionStart(sidecar)).runs).toEqual([]);
  });

  it('a client without capabilities.hookApproval is never asked: a diagnostic says the hook awaits approval, and trust/set approves it', async () => {
    const s = setup({ project: logging('fmt') });
    const { sidecar, init, asks } = await start(s, { capabilities: {} });
    const note = init.diagnostics.find((entry: { code?: string }) => entry.code === 'awaiting_approval');
    expect(note.message).toContain('awaits approval');
    expect(note.message).toContain('capabilities.hookApproval');
    expect((await sessionStart(sidecar)).runs).toEqual([]);
    const key = `bonsai-hook:${s.projectFile}#fmt`;
    const trust = await sidecar.request('trust/list');
    expect(trust.entries).toEqual([expect.objectContaining({ key, state: 'awaiting_approval', trusted: false })]);
    await sidecar.request('trust/set', { key, trusted: true, persist: false });
    await sessionStart(sidecar);
    expect(fired(s)).toEqual(['fmt']);
    expect(asks).toEqual([]);
    expect(sidecar.serverRequests).toEqual([]);
  });

  it('a never-answering client never blocks events, and shutdown cancels the pending question ($/cancelRequest)', async () => {
    const s = setup({ project: logging('fmt') });
    const { sidecar, asks, askCount } = await start(s);
    await askCount(1);
    const result = await sessionStart(sidecar);
    expect(result).toMatchObject({ event: 'SessionStart', runs: [] });
    expect(await sidecar.request('shutdown')).toBeNull();
    expect(await waitUntil(() => sidecar.notifications.some((message) => message.method === '$/cancelRequest'), 10_000)).toBe(true);
    const cancel = sidecar.notifications.find((message) => message.method === '$/cancelRequest');
    expect(cancel?.params).toEqual({ id: asks[0]?.id });
  });
});
