// Claude Code's async and asyncRewake command hooks against the built sidecar: answered without waiting, output
// on the session's next event result, rewake on exit 2, and their process trees killed by session cancel,
// shutdown and exit but not by cancelling the request that started them. Polls with deadlines; never sleeps.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { allGone, readPids } from '../helpers/pid-file.js';
import { isAlive, waitUntil } from '../helpers/processes.js';
import { HOOKD_BIN, Sidecar, type RpcMessage } from '../helpers/sidecar.js';
import { makeWorkspace, writeClaudeSettings } from '../helpers/workspace.js';

const DEADLINE_MS = 20_000;
const session = { id: 'async-session' };
const bash = (command: string, id = session.id) => ({ session: { id }, toolName: 'Bash', toolInput: { command }, toolUseId: 'toolu_async' });
const emit = (output: unknown) => `printf '%s' '${JSON.stringify(output)}'`;

const open: Sidecar[] = [];
const leftovers: number[][] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
  for (const pids of leftovers.splice(0)) for (const pid of pids) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
});

type Handler = Record<string, unknown>;
async function sidecarWith(hooks: Record<string, Handler[]>) {
  const workspace = makeWorkspace();
  writeClaudeSettings(workspace, { hooks: Object.fromEntries(Object.entries(hooks).map(([event, handlers]) => [event, [{ hooks: handlers }]])) });
  const sidecar = new Sidecar();
  open.push(sidecar);
  const init = await sidecar.initialize(workspace);
  return { sidecar, workspace, init };
}

/** Sends cheap events (UserPromptSubmit, no hooks configured for it) until one result carries asyncOutputs. */
async function nextAsyncOutputs(sidecar: Sidecar, sessionId = session.id, count = 1): Promise<any[]> {
  const collected: any[] = [];
  const ok = await waitUntil(async () => {
    const result = await sidecar.request('hooks/UserPromptSubmit', { session: { id: sessionId }, prompt: 'poll' });
    collected.push(...(result.asyncOutputs ?? []));
    return collected.length >= count;
  }, DEADLINE_MS, 50);
  expect(ok, 'async output delivered before the deadline').toBe(true);
  return collected;
}

const notificationsOf = (sidecar: Sidecar, method: string): RpcMessage[] => sidecar.notifications.filter((message) => message.method === method);
/** A hook body that waits (polling) until the test creates `file`. */
const waitFor = (file: string) => `while [ ! -f ${file} ]; do sleep 0.05; done`;

describe('async hooks (built sidecar)', () => {
  it('"async: true: the event is answered without waiting"; its additionalContext and systemMessage come on the session\'s next event result', async () => {
    const workspace = makeWorkspace();
    const go = join(workspace, 'go');
    const output = { systemMessage: 'tests passed', hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'ASYNC-CONTEXT' } };
    writeClaudeSettings(workspace, { hooks: { PostToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `${waitFor(go)}; ${emit(output)}`, async: true }] }] } });
    const sidecar = new Sidecar();
    open.push(sidecar);
    await sidecar.initialize(workspace);

    // The hook cannot finish before `go` exists, and `go` is made only after the answer: waiting would hang here.
    const result = await sidecar.request('hooks/PostToolUse', { ...bash('npm test'), toolResponse: { stdout: '' } });
    expect(result.runs).toEqual([]);
    expect(result.asyncRuns).toEqual([{ hookId: 'project:PostToolUse[0].hooks[0]', source: join(workspace, '.claude', 'settings.json'), handlerType: 'command', status: 'started', rewake: false }]);
    expect(result.additionalContext).toBeUndefined();

    writeFileSync(go, '');
    const [delivered] = await nextAsyncOutputs(sidecar);
    expect(delivered).toMatchObject({ hookId: 'project:PostToolUse[0].hooks[0]', event: 'PostToolUse', status: 'ok', exitCode: 0, additionalContext: 'ASYNC-CONTEXT', systemMessage: 'tests passed' });
    // Delivered once: the next result has nothing left.
    expect((await sidecar.request('hooks/UserPromptSubmit', { session, prompt: 'again' })).asyncOutputs).toBeUndefined();
  });

  it('an async hook\'s output goes to its own session only', async () => {
    const { sidecar } = await sidecarWith({ PreToolUse: [{ type: 'command', command: emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'FOR-A' } }), async: true }] });
    await sidecar.request('hooks/PreToolUse', bash('ls', 'session-a'));
    const [delivered] = await nextAsyncOutputs(sidecar, 'session-a');
    expect(delivered.additionalContext).toBe('FOR-A');
    expect((await sidecar.request('hooks/UserPromptSubmit', { session: { id: 'session-b' }, prompt: 'x' })).asyncOutputs).toBeUndefined();
  });

  it('"async hooks cannot block": an async PreToolUse hook that exits 2 or denies does not decide; sync hooks beside it still do', async () => {
    const { sidecar } = await sidecarWith({
      PreToolUse: [
        { type: 'command', command: 'echo no >&2; exit 2', async: true },
        { type: 'command', command: emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'async deny' } }), async: true },
        { type: 'command', command: emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'sync ask' } }) },
      ],
    });
    const result = await sidecar.request('hooks/PreToolUse', bash('rm -rf /'));
    expect(result).toMatchObject({ decision: 'ask', reason: 'sync ask' });
    expect(result.runs.map((run: { hookId: string }) => run.hookId)).toEqual(['project:PreToolUse[0].hooks[2]']);
    expect(result.asyncRuns.map((run: { hookId: string }) => run.hookId)).toEqual(['project:PreToolUse[0].hooks[0]', 'project:PreToolUse[0].hooks[1]']);
  });

  it('"no deduplication across firings": each firing runs its own process and delivers its own output', async () => {
    const { sidecar } = await sidecarWith({ PostToolUse: [{ type: 'command', command: `printf '%s' "{\\"systemMessage\\": \\"pid $$\\"}"`, async: true }] });
    await sidecar.request('hooks/PostToolUse', bash('a'));
    // The second firing's own result may already carry the first one's output (it is the session's next result).
    const second = await sidecar.request('hooks/PostToolUse', bash('b'));
    const early = second.asyncOutputs ?? [];
    const outputs = [...early, ...(await nextAsyncOutputs(sidecar, session.id, 2 - early.length))];
    expect(outputs).toHaveLength(2);
    expect(new Set(outputs.map((output) => output.systemMessage)).size).toBe(2);
  });

  it('undelivered output is bounded per session: the 32 newest are kept, older ones dropped with a note', async () => {
    const workspace = makeWorkspace();
    const go = join(workspace, 'go');
    writeClaudeSettings(workspace, { hooks: { PostToolUse: [{ hooks: [{ type: 'command', command: `${waitFor(go)}; printf '%s' '{"systemMessage": "m"}'`, async: true, statusMessage: 'bg' }] }] } });
    const sidecar = new Sidecar();
    open.push(sidecar);
    await sidecar.initialize(workspace);
    // None can finish before `go` exists, so the firing requests' own results take nothing.
    for (let i = 0; i < 34; i++) await sidecar.request('hooks/PostToolUse', bash(`c${i}`));
    writeFileSync(go, '');
    // hooks/progress "finished" is sent right before the output is kept: once all 34 arrived, all 34 are kept.
    const finished = () => notificationsOf(sidecar, 'hooks/progress').filter((message) => (message.params as { phase: string }).phase === 'finished').length;
    expect(await waitUntil(() => finished() === 34, DEADLINE_MS, 20)).toBe(true);
    const result = await sidecar.request('hooks/UserPromptSubmit', { session, prompt: 'x' });
    expect(result.asyncOutputs).toHaveLength(32);
    expect(result.notes).toContain('2 older async hook output(s) of this session were dropped undelivered (at most 32 are kept)');
  });

  it('an async SessionStart hook\'s CLAUDE_ENV_FILE variables come with its output', async () => {
    const { sidecar } = await sidecarWith({ SessionStart: [{ type: 'command', command: `echo 'export FROM_ASYNC=yes' >> "$CLAUDE_ENV_FILE"`, async: true }] });
    const result = await sidecar.request('hooks/SessionStart', { session, source: 'startup' });
    expect(result.environment).toBeUndefined();
    const [delivered] = await nextAsyncOutputs(sidecar);
    expect(delivered.environment).toEqual({ FROM_ASYNC: 'yes' });
  });

  it('a failed async run is reported as hooks/backgroundRun', async () => {
    const { sidecar } = await sidecarWith({ PostToolUse: [{ type: 'command', command: 'echo broken >&2; exit 3', async: true }] });
    await sidecar.request('hooks/PostToolUse', bash('x'));
    expect(await waitUntil(() => notificationsOf(sidecar, 'hooks/backgroundRun').length > 0, DEADLINE_MS)).toBe(true);
    expect(notificationsOf(sidecar, 'hooks/backgroundRun')[0]!.params).toMatchObject({
      event: 'PostToolUse',
      sessionId: session.id,
      hookId: 'project:PostToolUse[0].hooks[0]',
      status: 'error',
      failureClass: 'nonzero_exit',
      exitCode: 3,
      stderrExcerpt: 'broken',
    });
  });
});

describe('async hooks in a dry run (built sidecar)', () => {
  it('hooks/dryRun runs an async handler in the foreground, so its answer is shown', async () => {
    const { sidecar } = await sidecarWith({});
    const answer = await sidecar.request('hooks/dryRun', {
      event: 'PostToolUse',
      handler: { type: 'command', command: emit({ systemMessage: 'shown' }), async: true },
      params: { toolName: 'Bash', toolInput: { command: 'x' } },
    });
    expect(answer.result.runs).toHaveLength(1);
    expect(answer.result.asyncRuns).toBeUndefined();
    expect(answer.result.systemMessage).toBe('shown');
  });
});

describe('async hooks in hookd test (built CLI)', () => {
  it('hookd test waits for the configured async hooks and shows their runs', () => {
    const workspace = makeWorkspace();
    writeClaudeSettings(workspace, { hooks: { PostToolUse: [{ hooks: [{ type: 'command', command: emit({ systemMessage: 'from async' }), async: true }] }] } });
    const input = join(workspace, 'event.json');
    writeFileSync(input, JSON.stringify({ session: { id: 's' }, toolName: 'Bash', toolInput: { command: 'x' } }));
    const cli = spawnSync(process.execPath, [HOOKD_BIN, 'test', 'PostToolUse', '--input', input, '--json', '--workspace', workspace, '--home', workspace], { encoding: 'utf8', timeout: 20_000 });
    expect(cli.status).toBe(0);
    const report = JSON.parse(cli.stdout);
    expect(report.result.runs).toHaveLength(1);
    expect(report.result.asyncRuns).toBeUndefined();
    expect(report.result.systemMessage).toBe('from async');
  });
});

describe('asyncRewake (built sidecar)', () => {
  it('"asyncRewake: exit 2 wakes the model": hooks/asyncRewake carries the hook, the session and its stderr', async () => {
    const { sidecar } = await sidecarWith({ PostToolUse: [{ type: 'command', command: 'echo "3 tests failed" >&2; echo ignored; exit 2', asyncRewake: true }] });
    const result = await sidecar.request('hooks/PostToolUse', bash('npm test'));
    expect(result.asyncRuns).toEqual([expect.objectContaining({ hookId: 'project:PostToolUse[0].hooks[0]', status: 'started', rewake: true })]);
    expect(await waitUntil(() => notificationsOf(sidecar, 'hooks/asyncRewake').length > 0, DEADLINE_MS)).toBe(true);
    expect(notificationsOf(sidecar, 'hooks/asyncRewake')[0]!.params).toEqual({
      sessionId: session.id,
      event: 'PostToolUse',
      hookId: 'project:PostToolUse[0].hooks[0]',
      source: expect.stringMatching(/settings\.json$/),
      exitCode: 2,
      message: '3 tests failed',
    });
  });

  it('"asyncRewake … shows stderr, or stdout if stderr is empty"', async () => {
    const { sidecar } = await sidecarWith({ Stop: [{ type: 'command', command: 'echo "from stdout"; exit 2', asyncRewake: true }] });
    const result = await sidecar.request('hooks/Stop', { session, stopHookActive: false });
    expect(result.decision).toBe('none');
    expect(await waitUntil(() => notificationsOf(sidecar, 'hooks/asyncRewake').length > 0, DEADLINE_MS)).toBe(true);
    expect(notificationsOf(sidecar, 'hooks/asyncRewake')[0]!.params).toMatchObject({ event: 'Stop', message: 'from stdout' });
  });

  it('an asyncRewake hook that exits 0 does not wake the model; its output is delivered like any async hook\'s', async () => {
    const { sidecar } = await sidecarWith({ PostToolUse: [{ type: 'command', command: emit({ systemMessage: 'all good' }), asyncRewake: true }] });
    await sidecar.request('hooks/PostToolUse', bash('x'));
    const [delivered] = await nextAsyncOutputs(sidecar);
    expect(delivered.systemMessage).toBe('all good');
    expect(notificationsOf(sidecar, 'hooks/asyncRewake')).toEqual([]);
  });
});

describe('async hook processes (built sidecar, checked by PID)', () => {
  /** An async hook that records its shell and a grandchild, then waits on the grandchild. */
  const treeHook = (pids: string) => `echo $$ >> ${pids}; sleep 60 & echo $! >> ${pids}; wait`;

  async function startTree() {
    const workspace = makeWorkspace();
    const pids = join(workspace, 'pids');
    writeClaudeSettings(workspace, { hooks: { PostToolUse: [{ hooks: [{ type: 'command', command: treeHook(pids), async: true }] }] } });
    const sidecar = new Sidecar();
    open.push(sidecar);
    await sidecar.initialize(workspace);
    await sidecar.request('hooks/PostToolUse', bash('x'));
    expect(await waitUntil(() => readPids(pids).length === 2, DEADLINE_MS)).toBe(true);
    const tree = readPids(pids);
    leftovers.push(tree);
    expect(tree.every(isAlive)).toBe(true);
    return { sidecar, tree };
  }

  it('"cancelling the originating request does not kill async hooks": they outlive it', async () => {
    const workspace = makeWorkspace();
    const pids = join(workspace, 'pids');
    const go = join(workspace, 'go');
    writeClaudeSettings(workspace, {
      hooks: {
        PreToolUse: [
          { hooks: [{ type: 'command', command: treeHook(pids), async: true }] },
          { hooks: [{ type: 'command', command: `echo $$ >> ${join(workspace, 'sync-pid')}; ${waitFor(go)}` }] },
        ],
      },
    });
    const sidecar = new Sidecar();
    open.push(sidecar);
    await sidecar.initialize(workspace);
    const id = sidecar.nextId();
    const reply = sidecar.call('hooks/PreToolUse', bash('x'), id);
    expect(await waitUntil(() => readPids(pids).length === 2 && readPids(join(workspace, 'sync-pid')).length === 1, DEADLINE_MS)).toBe(true);
    const tree = readPids(pids);
    leftovers.push(tree);
    sidecar.notify('$/cancelRequest', { id });
    const response = await reply;
    expect(response.error?.code).toBe(-32800);
    // The synchronous hook of the request is dead by the time it is answered; the async tree is not.
    expect(await waitUntil(() => allGone(readPids(join(workspace, 'sync-pid'))), DEADLINE_MS)).toBe(true);
    expect(tree.every(isAlive)).toBe(true);
    // It still belongs to the session: cancelling the session ends it.
    await sidecar.request('hooks/cancel', { sessionId: session.id });
    expect(await waitUntil(() => allGone(tree), DEADLINE_MS)).toBe(true);
  });

  it('hooks/cancel {sessionId} kills the session\'s async hook trees (every PID gone)', async () => {
    const { sidecar, tree } = await startTree();
    await sidecar.request('hooks/cancel', { sessionId: 'another-session' });
    expect(tree.every(isAlive)).toBe(true);
    await sidecar.request('hooks/cancel', { sessionId: session.id });
    expect(await waitUntil(() => allGone(tree), DEADLINE_MS)).toBe(true);
    // A killed async run is cancelled: it reports nothing.
    expect(notificationsOf(sidecar, 'hooks/backgroundRun')).toEqual([]);
  });

  it('shutdown kills every async hook tree before it answers', async () => {
    const { sidecar, tree } = await startTree();
    expect(await sidecar.request('shutdown')).toBeNull();
    expect(allGone(tree)).toBe(true);
  });

  it('SIGTERM to hookd kills every async hook tree', async () => {
    const { sidecar, tree } = await startTree();
    sidecar.child.kill('SIGTERM');
    await sidecar.exited;
    expect(await waitUntil(() => allGone(tree), DEADLINE_MS)).toBe(true);
  });

  it('stdin EOF (exit without shutdown) kills every async hook tree', async () => {
    const { sidecar, tree } = await startTree();
    sidecar.child.stdin.end();
    await sidecar.exited;
    expect(await waitUntil(() => allGone(tree), DEADLINE_MS)).toBe(true);
  });
});
