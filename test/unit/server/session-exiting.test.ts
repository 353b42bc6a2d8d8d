// The session once hookd is exiting (Session.abortAll, as on stdin EOF or a signal): nothing new is spawned, an
// event no hook matches still gets its usual answer, one with a hook to run -32800 with that hook not started.
// The runner never spawns; it records every run it is asked for.
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { Requests, type RequestMethod } from '../../../src/protocol/index.js';
import { RequestCancelledError } from '../../../src/rpc/errors.js';
import { createSession, type Session } from '../../../src/server/session-handlers.js';
import { tempTree } from '../../helpers/temp-tree.js';
import { memoryLogger } from '../rpc/wire-client.js';
import { manualRunner, type ManualRunner } from '../engine/manual-runner.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

let nextId = 1;
async function call(session: Session, method: RequestMethod, params: unknown, signal = new AbortController().signal): Promise<unknown> {
  const handler = session.handlers[method];
  if (handler === undefined) throw new Error(`no handler for ${method}`);
  return handler(Requests[method].params.parse(params), { requestId: nextId++, signal });
}

async function claudeSession(): Promise<{ session: Session; runner: ManualRunner }> {
  const workspace = tempTree(
    { '.claude/settings.json': { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'bash-hook' }] }] } } },
    'hookd-exiting-',
  );
  roots.push(workspace);
  const runner = manualRunner();
  const session = createSession({
    runner,
    logger: memoryLogger(),
    defaults: {},
    baseEnv: {},
    onProgress: () => {},
    onDiagnostics: () => {},
    callClient: () => Promise.reject(new Error('no client')),
  });
  await call(session, 'initialize', { protocolVersion: '0.1', clientInfo: { name: 't' }, dialect: 'claude', workspace, home: workspace, capabilities: {} });
  return { session, runner };
}

const event = (toolName: string) => ({ session: { id: 'exiting' }, toolName, toolInput: {} });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('a session that is exiting', () => {
  it('answers an event no hook matches as usual (decision none), without spawning', async () => {
    const { session, runner } = await claudeSession();
    await session.abortAll();
    expect(await call(session, 'hooks/PreToolUse', event('Read'))).toMatchObject({ event: 'PreToolUse', decision: 'none', runs: [] });
    expect(runner.runs).toEqual([]);
  });

  it('answers an event with a hook to run -32800 "hookd is exiting", the hook reported not started, nothing spawned', async () => {
    const { session, runner } = await claudeSession();
    await session.abortAll();
    const error = await rejection(call(session, 'hooks/PreToolUse', event('Bash')));
    expect(error).toBeInstanceOf(RequestCancelledError);
    expect((error as RequestCancelledError).message).toBe('cancelled: hookd is exiting');
    expect((error as RequestCancelledError).data).toMatchObject({ runs: [{ status: 'cancelled', exitCode: null, signal: null }] });
    expect(runner.runs).toEqual([]);
  });

  it('an event running when exiting begins is cancelled, with the same message', async () => {
    const { session, runner } = await claudeSession();
    const running = rejection(call(session, 'hooks/PreToolUse', event('Bash')));
    expect(runner.runs).toHaveLength(1);
    await session.abortAll();
    const error = await running;
    expect((error as RequestCancelledError).message).toBe('cancelled: hookd is exiting');
    expect(runner.runs[0]?.abortSeen).toBe(true);
  });

  it('a dry run is cancelled without spawning; hooks/list still answers', async () => {
    const { session, runner } = await claudeSession();
    await session.abortAll();
    const dryRun = await rejection(call(session, 'hooks/dryRun', { event: 'PreToolUse', handler: { type: 'command', command: 'dry' } }));
    expect(dryRun).toBeInstanceOf(RequestCancelledError);
    expect(runner.runs).toEqual([]);
    expect(await call(session, 'hooks/list', {})).toMatchObject({ hooks: [{ event: 'PreToolUse' }] });
  });
});
