// Programmatic hooks: registerHook(params, handler) makes hookd call the TypeScript handler through hooks/invoke;
// its answer is read like a command hook's, a thrown error or a timeout is a failed run, and unregisterHook ends it.
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../../../test/helpers/processes.js';
import type { HookInvocation } from '../src/index.js';
import { claudeSettings, DEADLINE_MS, makeWorkspace, SESSION, spawnTestClient, useSidecar } from './helpers.js';

useSidecar();

const bash = { toolName: 'Bash', toolInput: { command: 'rm -rf build' }, toolUseId: 'toolu_7' };

async function claudeClient(settings: Parameters<typeof claudeSettings>[1] = {}) {
  const workspace = makeWorkspace();
  claudeSettings(workspace, settings);
  return spawnTestClient({ workspace });
}

describe('programmatic hooks', () => {
  it('a TS handler that exits 2 with stderr denies the tool; it received the envelope a command hook reads on stdin', async () => {
    const client = await claudeClient();
    const calls: HookInvocation[] = [];
    const { hookId } = await client.registerHook({ event: 'PreToolUse', matcher: 'Bash', name: 'agent-policy' }, (invocation) => {
      calls.push(invocation);
      return { exitCode: 2, stderr: 'the agent policy forbids rm -rf' };
    });
    expect(hookId).toBe('client:1');
    const result = await client.preToolUse({ session: SESSION, ...bash });
    expect({ decision: result.decision, reason: result.reason }).toEqual({ decision: 'deny', reason: 'the agent policy forbids rm -rf' });
    expect(result.runs.map((run) => [run.hookId, run.source, run.status, run.exitCode])).toEqual([[hookId, 'client', 'ok', 2]]);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ hookId, event: 'PreToolUse', sessionId: SESSION.id });
    expect(calls[0]!.input).toMatchObject({ hook_event_name: 'PreToolUse', session_id: SESSION.id, tool_name: 'Bash', tool_input: bash.toolInput });
  });

  it('an async handler answering JSON output allows and rewrites the input; the matcher keeps it off other tools', async () => {
    const client = await claudeClient();
    let calls = 0;
    await client.registerHook({ event: 'PreToolUse', matcher: 'Bash' }, async () => {
      calls += 1;
      await Promise.resolve();
      return {
        output: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', permissionDecisionReason: 'safe form', updatedInput: { command: 'rm -r build' } } },
      };
    });
    const result = await client.preToolUse({ session: SESSION, ...bash });
    expect({ decision: result.decision, updatedInput: result.updatedInput }).toEqual({ decision: 'allow', updatedInput: { command: 'rm -r build' } });
    const other = await client.preToolUse({ session: SESSION, toolName: 'Read', toolInput: { file_path: 'a' } });
    expect([other.decision, other.runs, calls]).toEqual(['none', [], 1]);
  });

  it('a handler that throws is a failed run (spawn_failed) quoting the error; the tool proceeds', async () => {
    const client = await claudeClient();
    await client.registerHook({ event: 'PreToolUse' }, () => {
      throw new Error('policy service unreachable');
    });
    const result = await client.preToolUse({ session: SESSION, ...bash });
    expect(result.decision).toBe('none');
    expect(result.runs).toHaveLength(1);
    expect(result.runs[0]).toMatchObject({ status: 'error', failureClass: 'spawn_failed' });
    expect(result.runs[0]!.message).toContain('policy service unreachable');
  });

  it("a handler past the hook's timeoutMs: its AbortSignal fires (hookd sent $/cancelRequest) and the run is a timeout", async () => {
    const client = await claudeClient();
    let aborted = false;
    await client.registerHook({ event: 'PreToolUse', timeoutMs: 300 }, ({ hookId }, { signal }) => {
      expect(hookId).toBe('client:1');
      return new Promise((resolve) =>
        signal.addEventListener('abort', () => {
          aborted = true;
          resolve({ exitCode: 2, stderr: 'too late: ignored' });
        }),
      );
    });
    const result = await client.preToolUse({ session: SESSION, ...bash });
    expect(result.decision).toBe('none');
    expect(result.runs[0]).toMatchObject({ status: 'timeout', failureClass: 'timeout', timedOut: true });
    expect(await waitUntil(() => aborted, DEADLINE_MS)).toBe(true);
  });

  it('runs in priority order with configured handlers, and unregisterHook removes it (listHooks, dispatch)', async () => {
    const client = await claudeClient({ PreToolUse: [{ hooks: [{ type: 'command', command: 'true' }] }] });
    let calls = 0;
    const { hookId } = await client.registerHook({ event: 'PreToolUse', priority: -1, name: 'first' }, () => {
      calls += 1;
    });
    const listed = await client.listHooks();
    expect(listed.hooks.map((hook) => hook.id)).toEqual(['project:PreToolUse[0].hooks[0]', hookId]);
    const before = await client.preToolUse({ session: SESSION, ...bash });
    expect(before.runs.map((run) => run.hookId)).toEqual([hookId, 'project:PreToolUse[0].hooks[0]']);
    expect(await client.unregisterHook({ hookId })).toEqual({ removed: true });
    expect((await client.listHooks()).hooks.map((hook) => hook.id)).toEqual(['project:PreToolUse[0].hooks[0]']);
    const after = await client.preToolUse({ session: SESSION, ...bash });
    expect([after.runs.map((run) => run.hookId), calls]).toEqual([['project:PreToolUse[0].hooks[0]'], 1]);
    expect(await client.unregisterHook({ hookId })).toEqual({ removed: false });
  });
});
