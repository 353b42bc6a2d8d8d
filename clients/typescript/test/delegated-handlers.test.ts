// Delegated handlers through the TypeScript client: spawnHookd({judge, callMcpTool}) declares the capabilities and
// answers hookd's hooks/judge and hooks/callMcpTool; an answer that is not valid fails in the client, and a
// cancelled event aborts the handler's signal.
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../../../test/helpers/processes.js';
import type { JudgeRequest, McpToolCall } from '../src/index.js';
import { claudeSettings, DEADLINE_MS, makeWorkspace, SESSION, spawnTestClient, useSidecar } from './helpers.js';

useSidecar();

const bash = { toolName: 'Bash', toolInput: { command: 'rm -rf build' }, toolUseId: 'toolu_d' };

describe('delegated handlers (hooks/judge, hooks/callMcpTool)', () => {
  it('a judge handler answers a Stop prompt hook: ok:false feeds the reason back (block); the request is typed', async () => {
    const workspace = makeWorkspace();
    claudeSettings(workspace, { Stop: [{ hooks: [{ type: 'prompt', prompt: 'Tests run? $ARGUMENTS' }] }] });
    const requests: JudgeRequest[] = [];
    const client = await spawnTestClient({
      workspace,
      judge: (request) => {
        requests.push(request);
        return { ok: false, reason: 'run the tests' };
      },
    });
    expect(client.initializeResult?.diagnostics).toEqual([]);
    const result = await client.stop({ session: SESSION });
    expect({ decision: result.decision, reason: result.reason }).toEqual({ decision: 'block', reason: 'run the tests' });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ kind: 'prompt', event: 'Stop', sessionId: SESSION.id, timeoutMs: 30_000 });
    expect(requests[0]!.prompt).toContain('"hook_event_name":"Stop"');
  });

  it('a callMcpTool handler gets the substituted input; its text content is read like stdout', async () => {
    const workspace = makeWorkspace();
    claudeSettings(workspace, { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'mcp_tool', server: 'policy', tool: 'check', input: { cmd: '${tool_input.command}' } }] }] });
    const calls: McpToolCall[] = [];
    const deny = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'policy says no' } };
    const client = await spawnTestClient({
      workspace,
      callMcpTool: (call) => {
        calls.push(call);
        return { content: [{ type: 'text', text: JSON.stringify(deny) }] };
      },
    });
    const result = await client.preToolUse({ session: SESSION, ...bash });
    expect({ decision: result.decision, reason: result.reason }).toEqual({ decision: 'deny', reason: 'policy says no' });
    expect(calls[0]).toMatchObject({ server: 'policy', tool: 'check', input: { cmd: 'rm -rf build' } });
  });

  it('without a judge handler the capability is not declared: a diagnostic at initialize, the run a non-blocking error', async () => {
    const workspace = makeWorkspace();
    claudeSettings(workspace, { PreToolUse: [{ hooks: [{ type: 'prompt', prompt: 'safe?' }] }] });
    const client = await spawnTestClient({ workspace });
    expect(client.initializeResult?.diagnostics).toEqual([expect.objectContaining({ code: 'capability-missing', field: 'hooks.PreToolUse[0].hooks[0].type' })]);
    const result = await client.preToolUse({ session: SESSION, ...bash });
    expect(result.decision).toBe('none');
    expect(result.runs[0]).toMatchObject({ status: 'error', failureClass: 'unsupported' });
  });

  it('a judge answer that is not valid fails in the client (a failed run), and the session keeps serving', async () => {
    const workspace = makeWorkspace();
    claudeSettings(workspace, { PreToolUse: [{ hooks: [{ type: 'prompt', prompt: 'safe?' }] }] });
    const client = await spawnTestClient({ workspace, judge: () => ({ ok: 'sure' }) as never });
    const result = await client.preToolUse({ session: SESSION, ...bash });
    expect(result.decision).toBe('none');
    expect(result.runs[0]!.status).toBe('error');
    expect(await client.ping()).toEqual({});
  });

  it('cancelling the event aborts the judge handler\'s signal', async () => {
    const workspace = makeWorkspace();
    claudeSettings(workspace, { Stop: [{ hooks: [{ type: 'prompt', prompt: 'done?' }] }] });
    let aborted = false;
    let started = false;
    const client = await spawnTestClient({
      workspace,
      judge: (_request, { signal }) =>
        new Promise(() => {
          started = true;
          signal.addEventListener('abort', () => (aborted = true));
        }),
    });
    const controller = new AbortController();
    const pending = client.stop({ session: SESSION }, { signal: controller.signal });
    expect(await waitUntil(() => started, DEADLINE_MS)).toBe(true);
    controller.abort();
    await expect(pending).rejects.toThrow();
    expect(await waitUntil(() => aborted, DEADLINE_MS)).toBe(true);
  });
});
