// The built sidecar at the end of its input and after shutdown: every request written before stdin closes gets
// exactly one answer (both framings, any mix, `printf … | hookd`), nothing new is spawned while exiting, and after
// `shutdown` only ping and shutdown are served.
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bambooSetup, bambooSidecar } from '../helpers/bamboo.js';
import { allGone, readPids } from '../helpers/pid-file.js';
import { HOOKD_BIN, Sidecar, type RpcMessage, type WireFraming } from '../helpers/sidecar.js';
import { makeWorkspace, oneHook, writeClaudeSettings } from '../helpers/workspace.js';

const FRAMINGS: WireFraming[] = ['ndjson', 'content-length'];

const open: Sidecar[] = [];
const directories: string[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

/** A claude workspace whose PreToolUse hook matches Bash only and records its PID in `pids`. */
function claudeWorkspace() {
  const workspace = makeWorkspace('hookd-eof-');
  directories.push(workspace);
  const pids = join(workspace, 'pids');
  writeClaudeSettings(workspace, oneHook('PreToolUse', `echo $$ >> ${pids}`, { matcher: 'Bash' }));
  return { workspace, pids };
}

/** A sidecar that records every response it receives, duplicates included. */
function start(framing: WireFraming, sidecar = new Sidecar(framing)) {
  open.push(sidecar);
  const answers: RpcMessage[] = [];
  sidecar.onMessage((message) => {
    if (message.method === undefined) answers.push(message);
  });
  const answersTo = (id: number | string) => answers.filter((answer) => answer.id === id);
  return { sidecar, answers, answersTo };
}

const initializeParams = (workspace: string, dialect = 'claude') => ({
  protocolVersion: '0.1',
  clientInfo: { name: 'eof-test' },
  dialect,
  workspace,
  home: workspace,
  capabilities: {},
});
const event = (toolName: string) => ({ session: { id: 'eof-session', cwd: '/' }, toolName, toolInput: { command: 'ls' } });
const request = (id: number, method: string, params?: unknown) => ({ jsonrpc: '2.0', id, method, ...(params !== undefined ? { params } : {}) });

type RunShape = { status: string; exitCode: number | null; signal: string | null };

/**
 * A matching event answered at exit. hookd may read it before it sees the end of input (the bytes and the EOF can
 * arrive apart), so it was either started by then (run to the end, or cancelled while running: its hook did spawn)
 * or not (cancelled with its hook never started: nothing spawned). Returns whether its hook spawned.
 */
function matchingEventAtExit(answer: RpcMessage | undefined): 'spawned' | 'not spawned' {
  if (answer?.error === undefined) {
    expect(answer?.result).toMatchObject({ runs: [{ exitCode: 0 }] });
    return 'spawned';
  }
  expect(answer.error).toMatchObject({ code: -32800, message: 'cancelled: hookd is exiting' });
  const runs = (answer.error.data as { runs: RunShape[] }).runs;
  expect(runs).toMatchObject([{ status: 'cancelled' }]);
  return runs[0]?.exitCode === null && runs[0].signal === null ? 'not spawned' : 'spawned';
}

describe.each(FRAMINGS)('every request written before stdin closes gets exactly one answer (%s)', (framing) => {
  it('after initialize: two events and a ping in one write with EOF → three answers', async () => {
    const { workspace, pids } = claudeWorkspace();
    const { sidecar, answersTo } = start(framing);
    await sidecar.initialize(workspace);
    sidecar.child.stdin.end(
      Buffer.concat([
        sidecar.frame(request(10, 'hooks/PreToolUse', event('Bash'))),
        sidecar.frame(request(11, 'hooks/PreToolUse', event('Bash'))),
        sidecar.frame(request(12, 'ping')),
      ]),
    );
    expect((await sidecar.exited).code).toBe(1); // no shutdown was sent
    expect([10, 11, 12].map((id) => answersTo(id).length)).toEqual([1, 1, 1]);
    expect(answersTo(12)[0]?.result).toEqual({});
    const spawned = [matchingEventAtExit(answersTo(10)[0]), matchingEventAtExit(answersTo(11)[0])].filter((how) => how === 'spawned');
    // No hook ran for an event answered "not started" (one killed at once may not have written its PID).
    expect(readPids(pids).length).toBeLessThanOrEqual(spawned.length);
    expect(allGone(readPids(pids))).toBe(true);
    expect(sidecar.nonProtocolOutput).toEqual([]);
  });

  it('200 mixed requests and EOF in one write: one answer per id, each the documented one', async () => {
    const { workspace, pids } = claudeWorkspace();
    const { sidecar, answers, answersTo } = start(framing);
    await sidecar.initialize(workspace);
    type Kind = { readonly message: (id: number) => unknown; readonly check: (answer: RpcMessage) => void };
    const kinds: Kind[] = [
      { message: (id) => request(id, 'ping'), check: (answer) => expect(answer.result).toEqual({}) },
      { message: (id) => request(id, 'hooks/list'), check: (answer) => expect(answer.result).toMatchObject({ hooks: [{ event: 'PreToolUse' }] }) },
      { message: (id) => request(id, 'trust/list'), check: (answer) => expect(answer.result).toHaveProperty('entries') },
      { message: (id) => request(id, 'hooks/PreToolUse', event('Read')), check: (answer) => expect(answer.result).toMatchObject({ decision: 'none', runs: [] }) },
      { message: (id) => request(id, 'hooks/PreToolUse', event('Bash')), check: (answer) => void matchingEventAtExit(answer) },
      { message: (id) => request(id, 'no/such/method'), check: (answer) => expect(answer.error?.code).toBe(-32601) },
      { message: (id) => request(id, 'hooks/PreToolUse', { toolName: 'Bash' }), check: (answer) => expect(answer.error?.message).toMatch(/^invalid params: session/) },
      { message: (id) => request(id, 'initialize', initializeParams(workspace)), check: (answer) => expect(answer.error?.code).toBe(-32600) },
      { message: (id) => request(id, 'hooks/register', { event: 'PreToolUse' }), check: (answer) => expect(answer.error?.code).toBe(-32600) },
      { message: (id) => request(id, 'runs/begin', { runId: `run-${id}` }), check: (answer) => expect(answer.result).toMatchObject({ began: true }) },
    ];
    const ids = Array.from({ length: 200 }, (_, index) => 100 + index);
    const kindOf = (id: number) => kinds[id % kinds.length]!;
    sidecar.child.stdin.end(Buffer.concat(ids.map((id) => sidecar.frame(kindOf(id).message(id)))));
    await sidecar.exited;
    expect(ids.filter((id) => answersTo(id).length !== 1)).toEqual([]);
    for (const id of ids) kindOf(id).check(answersTo(id)[0]!);
    const matching = ids.filter((id) => kindOf(id) === kinds[4]).map((id) => matchingEventAtExit(answersTo(id)[0]));
    expect(readPids(pids).length).toBeLessThanOrEqual(matching.filter((how) => how === 'spawned').length);
    expect(answers.filter((answer) => answer.id === null)).toEqual([]);
    expect(allGone(readPids(pids))).toBe(true);
    expect(sidecar.nonProtocolOutput).toEqual([]);
  });

  it('requests before initialize, initialize, then requests behind it, all in one write with EOF (bamboo, which watches files)', async () => {
    const setup = bambooSetup();
    directories.push(setup.workspace, dirname(setup.dataDir));
    const { sidecar, answersTo } = start(framing, bambooSidecar(setup, framing));
    sidecar.child.stdin.end(
      Buffer.concat([
        sidecar.frame(request(1, 'hooks/list')),
        sidecar.frame(request(2, 'ping')),
        sidecar.frame(request(3, 'initialize', initializeParams(setup.workspace, 'bamboo'))),
        sidecar.frame(request(4, 'hooks/PreToolUse', event('Bash'))),
        sidecar.frame(request(5, 'hooks/list')),
        sidecar.frame(request(6, 'initialize', initializeParams(setup.workspace, 'bamboo'))),
        sidecar.frame(request(7, 'ping')),
      ]),
    );
    await sidecar.exited;
    expect([1, 2, 3, 4, 5, 6, 7].map((id) => answersTo(id).length)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(answersTo(1)[0]?.error?.code).toBe(-32002);
    expect(answersTo(2)[0]?.result).toEqual({});
    expect(answersTo(3)[0]?.result).toMatchObject({ dialect: 'bamboo' });
    // Written behind initialize: they waited for it instead of getting -32002.
    expect(answersTo(4)[0]?.result).toMatchObject({ decision: 'none', runs: [] });
    expect(answersTo(5)[0]?.result).toMatchObject({ hooks: [] });
    expect(answersTo(6)[0]?.error?.code).toBe(-32600);
    expect(answersTo(7)[0]?.result).toEqual({});
  });
});

/** Runs `printf '%s' <input> | node hookd` in a shell; resolves with what hookd wrote and its exit code. */
function printfPipeline(input: string): Promise<{ stdout: string; code: number | null }> {
  const shell = spawn('sh', ['-c', 'printf "%s" "$1" | "$2" "$3"; echo "exit=$?" >&2', 'sh', input, process.execPath, HOOKD_BIN], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  shell.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  shell.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve) => shell.on('close', () => resolve({ stdout, code: Number(/exit=(\d+)/.exec(stderr)?.[1] ?? Number.NaN) })));
}

function parseAll(stdout: string, framing: WireFraming): RpcMessage[] {
  if (framing === 'ndjson') return stdout.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as RpcMessage);
  return stdout
    .split(/Content-Length: \d+\r\n\r\n/)
    .filter((body) => body !== '')
    .map((body) => JSON.parse(body) as RpcMessage);
}

describe.each(FRAMINGS)("printf '…' | hookd (%s)", (framing) => {
  it('initialize, a matching and a non-matching event: all answered; the non-matching one normally, nothing left running', async () => {
    const { workspace, pids } = claudeWorkspace();
    const frameText = (message: unknown) => {
      const body = JSON.stringify(message);
      return framing === 'ndjson' ? `${body}\n` : `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    };
    const input = [request(1, 'initialize', initializeParams(workspace)), request(2, 'hooks/PreToolUse', event('Bash')), request(3, 'hooks/PreToolUse', event('Read'))]
      .map(frameText)
      .join('');
    const { stdout, code } = await printfPipeline(input);
    const answers = parseAll(stdout, framing);
    expect(answers.map((answer) => answer.id).sort()).toEqual([1, 2, 3]);
    const byId = (id: number) => answers.find((answer) => answer.id === id);
    expect(byId(1)?.result).toMatchObject({ dialect: 'claude', hooks: [{ event: 'PreToolUse' }] });
    // While exiting a matching event spawns nothing: its answer and the PID file agree.
    expect(readPids(pids).length).toBeLessThanOrEqual(matchingEventAtExit(byId(2)) === 'spawned' ? 1 : 0);
    expect(byId(3)?.result).toMatchObject({ event: 'PreToolUse', decision: 'none', runs: [] });
    expect(code).toBe(1); // no shutdown was sent
    expect(allGone(readPids(pids))).toBe(true);
  });
});

describe.each(FRAMINGS)('after shutdown (%s)', (framing) => {
  it('initialize, events and management methods → -32600 "server is shutting down"; ping and shutdown still answer; exit → code 0', async () => {
    const { workspace, pids } = claudeWorkspace();
    const { sidecar } = start(framing);
    await sidecar.initialize(workspace);
    expect(await sidecar.request('shutdown')).toBeNull();
    const shuttingDown = { code: -32600, message: 'server is shutting down: no requests after shutdown' };
    expect((await sidecar.call('initialize', initializeParams(workspace))).error).toEqual(shuttingDown);
    expect((await sidecar.call('hooks/PreToolUse', event('Bash'))).error).toEqual(shuttingDown);
    expect((await sidecar.call('hooks/PreToolUse', { toolName: 'Bash' })).error).toEqual(shuttingDown);
    for (const method of ['hooks/list', 'trust/list', 'hooks/reload']) expect((await sidecar.call(method)).error).toEqual(shuttingDown);
    expect((await sidecar.call('no/such/method')).error?.code).toBe(-32601);
    expect((await sidecar.call('ping')).result).toEqual({});
    expect((await sidecar.call('shutdown')).result).toBeNull();
    sidecar.notify('exit');
    expect((await sidecar.exited).code).toBe(0);
    expect(readPids(pids)).toEqual([]);
  });

  it('shutdown before initialize: a later initialize starts no session', async () => {
    const { workspace } = claudeWorkspace();
    const { sidecar } = start(framing);
    expect(await sidecar.request('shutdown')).toBeNull();
    expect((await sidecar.call('initialize', initializeParams(workspace))).error).toMatchObject({ code: -32600, message: /shutting down/ });
    expect((await sidecar.call('hooks/list')).error?.code).toBe(-32600);
  });

  it('shutdown, then a request and EOF in one write: all answered, and the exit code says shutdown was received (0)', async () => {
    const { workspace } = claudeWorkspace();
    const { sidecar, answersTo } = start(framing);
    await sidecar.initialize(workspace);
    sidecar.child.stdin.end(Buffer.concat([sidecar.frame(request(20, 'shutdown')), sidecar.frame(request(21, 'hooks/list'))]));
    expect((await sidecar.exited).code).toBe(0);
    expect(answersTo(20)[0]?.result).toBeNull();
    expect(answersTo(21)[0]?.error?.code).toBe(-32600);
  });
});

describe('hooks/register without the programmaticHooks capability', () => {
  it('is answered -32600 (documented in protocol/README.md), naming the capability', async () => {
    const { workspace } = claudeWorkspace();
    const { sidecar } = start('ndjson');
    await sidecar.initialize(workspace);
    const answer = await sidecar.call('hooks/register', { event: 'PreToolUse' });
    expect(answer.error).toMatchObject({ code: -32600, message: /capabilities\.programmaticHooks/ });
    expect(existsSync(join(workspace, 'pids'))).toBe(false);
  });
});
