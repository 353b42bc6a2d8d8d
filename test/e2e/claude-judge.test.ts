// Claude Code `prompt`, `agent` and `mcp_tool` handlers against the built sidecar: hookd asks the client
// (hooks/judge, hooks/callMcpTool) and this test plays the client. Pins Claude Code's meaning of each answer per event,
// the capability diagnostic at initialize, timeouts and cancellation ($/cancelRequest for the outstanding request).
import { afterEach, describe, expect, it } from 'vitest';
import { waitUntil } from '../helpers/processes.js';
import { Sidecar, type RpcMessage } from '../helpers/sidecar.js';
import { makeWorkspace, writeClaudeSettings } from '../helpers/workspace.js';

const session = { id: 'e2e-judge' };
const bash = (command: string) => ({ session, toolName: 'Bash', toolInput: { command }, toolUseId: 'toolu_judge' });
const write = (filePath: string) => ({ session, toolName: 'Write', toolInput: { file_path: filePath, content: 'x' }, toolUseId: 'toolu_judge_w' });
const BOTH = { modelJudge: true, mcpTools: true };

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

const settingsWith = (event: string, handler: Record<string, unknown>, matcher?: string) => ({
  hooks: { [event]: [{ ...(matcher !== undefined ? { matcher } : {}), hooks: [handler] }] },
});

async function start(settings: unknown, capabilities: Record<string, boolean> = BOTH) {
  const workspace = makeWorkspace('hookd-judge-');
  const file = writeClaudeSettings(workspace, settings);
  const sidecar = new Sidecar();
  open.push(sidecar);
  const init = await sidecar.initialize(workspace, { capabilities });
  return { sidecar, init, file, workspace };
}

const requestsOf = (sidecar: Sidecar, method: string): RpcMessage[] => sidecar.serverRequests.filter((message) => message.method === method);
const cancelsSent = (sidecar: Sidecar): RpcMessage[] => sidecar.notifications.filter((message) => message.method === '$/cancelRequest');

describe('Claude Code prompt hooks (hooks/judge, built sidecar)', () => {
  it('"prompt hook: ok:false on Stop feeds the reason back and continues"', async () => {
    const { sidecar } = await start(settingsWith('Stop', { type: 'prompt', prompt: 'Are the tests green? $ARGUMENTS', model: 'claude-haiku' }));
    sidecar.onRequest('hooks/judge', () => ({ ok: false, reason: 'run the tests first' }));
    const result = await sidecar.request('hooks/Stop', { session, stopHookActive: false });
    expect(result).toMatchObject({ decision: 'block', reason: 'run the tests first', continue: true });
    expect(result.runs[0]).toMatchObject({ handlerType: 'prompt', status: 'ok', decision: 'block' });

    const [judge] = requestsOf(sidecar, 'hooks/judge');
    const params = judge!.params as Record<string, any>;
    expect(params).toMatchObject({ hookId: result.runs[0].hookId, event: 'Stop', sessionId: session.id, kind: 'prompt', model: 'claude-haiku', timeoutMs: 30_000 });
    // "$ARGUMENTS = hook input JSON": what a command hook would read on stdin.
    expect(params.prompt.startsWith('Are the tests green? {')).toBe(true);
    const input = JSON.parse(params.prompt.slice('Are the tests green? '.length));
    expect(input).toMatchObject({ hook_event_name: 'Stop', session_id: session.id, stop_hook_active: false });
  });

  it('"ok:false with impossible:true on Stop stops": no continuation, the reason is shown to the user', async () => {
    const { sidecar } = await start(settingsWith('Stop', { type: 'prompt', prompt: 'done?' }));
    sidecar.onRequest('hooks/judge', () => ({ ok: false, reason: 'needs credentials nobody has', impossible: true }));
    const result = await sidecar.request('hooks/Stop', { session });
    expect(result.decision).toBe('none');
    expect(result.systemMessage).toContain('needs credentials nobody has');
  });

  it('"$ARGUMENTS: appended if absent; \\$ escapes"', async () => {
    const { sidecar } = await start(settingsWith('UserPromptSubmit', { type: 'prompt', prompt: 'Costs over \\$5 or \\$ARGUMENTS?' }));
    sidecar.onRequest('hooks/judge', () => ({ ok: true }));
    const result = await sidecar.request('hooks/UserPromptSubmit', { session, prompt: 'hello judge' });
    expect(result).toMatchObject({ decision: 'none', continue: true });
    const prompt = (requestsOf(sidecar, 'hooks/judge')[0]!.params as { prompt: string }).prompt;
    expect(prompt.startsWith('Costs over $5 or $ARGUMENTS?\n\n{')).toBe(true);
    expect(JSON.parse(prompt.slice(prompt.indexOf('{')))).toMatchObject({ hook_event_name: 'UserPromptSubmit', prompt: 'hello judge' });
  });

  it('"ok:true: no effect" (PreToolUse proceeds)', async () => {
    const { sidecar } = await start(settingsWith('PreToolUse', { type: 'prompt', prompt: 'safe?' }, 'Bash'));
    sidecar.onRequest('hooks/judge', () => ({ ok: true, reason: 'fine' }));
    expect(await sidecar.request('hooks/PreToolUse', bash('ls'))).toMatchObject({ decision: 'none', continue: true });
  });

  it('"PreToolUse denies and by default ends the turn"; continueOnBlock returns the reason to Claude and the turn goes on', async () => {
    const ends = await start(settingsWith('PreToolUse', { type: 'prompt', prompt: 'safe?' }, 'Bash'));
    ends.sidecar.onRequest('hooks/judge', () => ({ ok: false, reason: 'rm is not allowed' }));
    expect(await ends.sidecar.request('hooks/PreToolUse', bash('rm -rf /'))).toMatchObject({
      decision: 'deny',
      reason: 'rm is not allowed',
      continue: false,
      stopReason: 'rm is not allowed',
    });

    const goesOn = await start(settingsWith('PreToolUse', { type: 'prompt', prompt: 'safe?', continueOnBlock: true }, 'Bash'));
    goesOn.sidecar.onRequest('hooks/judge', () => ({ ok: false, reason: 'rm is not allowed' }));
    const result = await goesOn.sidecar.request('hooks/PreToolUse', bash('rm -rf /'));
    expect(result).toMatchObject({ decision: 'deny', reason: 'rm is not allowed', continue: true });
    expect(result.stopReason).toBeUndefined();
  });

  it('"PostToolUse ends the turn by default (continueOnBlock feeds back)"', async () => {
    const post = { session, toolName: 'Bash', toolInput: { command: 'make' }, toolResponse: { exitCode: 1 }, toolUseId: 'toolu_post' };
    const ends = await start(settingsWith('PostToolUse', { type: 'prompt', prompt: 'did it work?' }));
    ends.sidecar.onRequest('hooks/judge', () => ({ ok: false, reason: 'the build broke' }));
    expect(await ends.sidecar.request('hooks/PostToolUse', post)).toMatchObject({ decision: 'none', continue: false, stopReason: 'the build broke' });

    const feeds = await start(settingsWith('PostToolUse', { type: 'prompt', prompt: 'did it work?', continueOnBlock: true }));
    feeds.sidecar.onRequest('hooks/judge', () => ({ ok: false, reason: 'the build broke' }));
    expect(await feeds.sidecar.request('hooks/PostToolUse', post)).toMatchObject({ decision: 'block', reason: 'the build broke', continue: true });
  });

  it('"UserPromptSubmit ... end the turn": continue false with the reason as stopReason', async () => {
    const { sidecar } = await start(settingsWith('UserPromptSubmit', { type: 'prompt', prompt: 'on topic? $ARGUMENTS' }));
    sidecar.onRequest('hooks/judge', () => ({ ok: false, reason: 'off topic' }));
    expect(await sidecar.request('hooks/UserPromptSubmit', { session, prompt: 'tell me a joke' })).toMatchObject({ continue: false, stopReason: 'off topic' });
  });

  it('"PostToolUseFailure ... return reason as tool error": the reason reaches the model as feedback', async () => {
    const { sidecar } = await start(settingsWith('PostToolUseFailure', { type: 'prompt', prompt: 'why?' }));
    sidecar.onRequest('hooks/judge', () => ({ ok: false, reason: 'the path is wrong' }));
    const result = await sidecar.request('hooks/PostToolUseFailure', { session, toolName: 'Bash', toolInput: { command: 'cat x' }, error: 'ENOENT', toolUseId: 'toolu_f' });
    expect(result).toMatchObject({ decision: 'none', continue: true, feedback: 'the path is wrong' });
  });

  it('"PermissionRequest ...: no effect" of ok:false', async () => {
    const { sidecar } = await start(settingsWith('PermissionRequest', { type: 'prompt', prompt: 'allow?' }));
    sidecar.onRequest('hooks/judge', () => ({ ok: false, reason: 'no' }));
    const result = await sidecar.request('hooks/PermissionRequest', bash('ls'));
    expect(result).toMatchObject({ decision: 'none', continue: true });
    expect(result.runs[0]).toMatchObject({ status: 'ok', decision: 'none' });
  });

  it('"Agent: like prompt ... default timeout 60; ok:false handled like prompt + continueOnBlock"', async () => {
    const { sidecar } = await start(settingsWith('PreToolUse', { type: 'agent', prompt: 'Check $ARGUMENTS against the style guide' }, 'Bash'));
    sidecar.onRequest('hooks/judge', () => ({ ok: false, reason: 'violates the style guide' }));
    const result = await sidecar.request('hooks/PreToolUse', bash('ls'));
    expect(result).toMatchObject({ decision: 'deny', reason: 'violates the style guide', continue: true });
    expect(requestsOf(sidecar, 'hooks/judge')[0]!.params).toMatchObject({ kind: 'agent', timeoutMs: 60_000 });
    expect(result.runs[0].handlerType).toBe('agent');
  });

  it('"a client without the capability: a diagnostic at initialize" naming file, line and field; the run is a non-blocking error', async () => {
    const { sidecar, init, file } = await start(settingsWith('PreToolUse', { type: 'prompt', prompt: 'safe?' }, 'Bash'), {});
    const diagnostic = init.diagnostics.find((entry: { code?: string }) => entry.code === 'capability-missing');
    expect(diagnostic).toMatchObject({ severity: 'warning', file, field: 'hooks.PreToolUse[0].hooks[0].type' });
    expect(diagnostic.line).toBeGreaterThan(1);
    expect(diagnostic.message).toContain('capabilities.modelJudge');
    const result = await sidecar.request('hooks/PreToolUse', bash('ls'));
    expect(result.decision).toBe('none');
    expect(result.runs[0]).toMatchObject({ status: 'error', failureClass: 'unsupported' });
    expect(result.systemMessage).toContain('capabilities.modelJudge');
    expect(requestsOf(sidecar, 'hooks/judge')).toHaveLength(0);
  });

  it('without the capability, onFailure "block" blocks (the failure policy)', async () => {
    const { sidecar } = await start(settingsWith('PreToolUse', { type: 'prompt', prompt: 'safe?', onFailure: 'block' }, 'Bash'), { mcpTools: true });
    const result = await sidecar.request('hooks/PreToolUse', bash('ls'));
    expect(result.decision).toBe('deny');
    expect(result.reason).toContain('capabilities.modelJudge');
  });

  it('"Which types each event accepts": a prompt handler on SessionStart is a diagnostic and is skipped', async () => {
    const { init, file } = await start(settingsWith('SessionStart', { type: 'prompt', prompt: 'hello?' }));
    expect(init.hooks).toHaveLength(0);
    expect(init.diagnostics).toContainEqual(
      expect.objectContaining({ code: 'handler-type-not-accepted', file, field: 'hooks.SessionStart[0].hooks[0].type', severity: 'warning' }),
    );
  });

  it('an invalid answer to hooks/judge is a failed run with a precise message, never -32603', async () => {
    const { sidecar } = await start(settingsWith('PreToolUse', { type: 'prompt', prompt: 'safe?' }, 'Bash'));
    sidecar.onRequest('hooks/judge', () => ({ ok: 'yes' }));
    const response = await sidecar.call('hooks/PreToolUse', bash('ls'));
    expect(response.error).toBeUndefined();
    const result = response.result as any;
    expect(result.decision).toBe('none');
    expect(result.runs[0]).toMatchObject({ status: 'error', failureClass: 'invalid_output' });
    expect(result.runs[0].message).toContain("the client's answer to hooks/judge: ok: expected boolean");
  });

  it('a client that never answers: after the timeout hookd sends $/cancelRequest for hooks/judge; a non-blocking timeout', async () => {
    const { sidecar } = await start(settingsWith('PreToolUse', { type: 'prompt', prompt: 'safe?', timeout: 0.3 }, 'Bash'));
    sidecar.onRequest('hooks/judge', () => new Promise(() => {}));
    const result = await sidecar.request('hooks/PreToolUse', bash('ls'));
    expect(result.decision).toBe('none');
    expect(result.runs[0]).toMatchObject({ status: 'timeout', timedOut: true, failureClass: 'timeout' });
    const judgeId = requestsOf(sidecar, 'hooks/judge')[0]!.id;
    expect(await waitUntil(() => cancelsSent(sidecar).some((message) => (message.params as { id: unknown }).id === judgeId), 5000)).toBe(true);
  });

  it('cancel sends $/cancelRequest for the outstanding hooks/judge and the event is answered -32800', async () => {
    const { sidecar } = await start(settingsWith('Stop', { type: 'prompt', prompt: 'done?' }));
    sidecar.onRequest('hooks/judge', () => new Promise(() => {}));
    const id = sidecar.nextId();
    const reply = sidecar.call('hooks/Stop', { session }, id);
    expect(await waitUntil(() => requestsOf(sidecar, 'hooks/judge').length === 1, 10_000)).toBe(true);
    sidecar.notify('$/cancelRequest', { id });
    const response = await reply;
    expect(response.error?.code).toBe(-32800);
    const judgeId = requestsOf(sidecar, 'hooks/judge')[0]!.id;
    expect(await waitUntil(() => cancelsSent(sidecar).some((message) => (message.params as { id: unknown }).id === judgeId), 5000)).toBe(true);
  });
});

describe('Claude Code mcp_tool hooks (hooks/callMcpTool, built sidecar)', () => {
  const mcpHandler = { type: 'mcp_tool', server: 'policy', tool: 'check_path', input: { path: '${tool_input.file_path}', tool: '${tool_name}', fixed: 3 } };

  it('"input (string values support ${path} substitution from the hook input)"; "Text output parsed like command stdout"', async () => {
    const { sidecar } = await start(settingsWith('PreToolUse', mcpHandler, 'Write'));
    const deny = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'protected path' } };
    sidecar.onRequest('hooks/callMcpTool', () => ({ content: [{ type: 'text', text: JSON.stringify(deny) }] }));
    const result = await sidecar.request('hooks/PreToolUse', write('/etc/passwd'));
    expect(result).toMatchObject({ decision: 'deny', reason: 'protected path' });
    expect(result.runs[0]).toMatchObject({ handlerType: 'mcp_tool', status: 'ok', exitCode: 0 });
    expect(requestsOf(sidecar, 'hooks/callMcpTool')[0]!.params).toMatchObject({
      server: 'policy',
      tool: 'check_path',
      input: { path: '/etc/passwd', tool: 'Write', fixed: 3 },
      event: 'PreToolUse',
      sessionId: session.id,
      timeoutMs: 600_000,
    });
  });

  it('plain text output on SessionStart is context, as command stdout is', async () => {
    const { sidecar } = await start(settingsWith('SessionStart', { type: 'mcp_tool', server: 'memory', tool: 'recall' }));
    sidecar.onRequest('hooks/callMcpTool', () => ({ content: [{ type: 'text', text: 'remember: tabs' }, { type: 'image' }, { type: 'text', text: 'and tests' }] }));
    const result = await sidecar.request('hooks/SessionStart', { session, source: 'startup' });
    expect(result.additionalContext).toBe('remember: tabs\nand tests');
  });

  it('"isError:true = non-blocking error"; "unavailable server" (the client answers an error) = non-blocking error', async () => {
    const { sidecar } = await start(settingsWith('PreToolUse', mcpHandler, 'Write'));
    sidecar.onRequest('hooks/callMcpTool', () => ({ isError: true, content: [{ type: 'text', text: 'permission check crashed' }] }));
    const failed = await sidecar.request('hooks/PreToolUse', write('/tmp/a'));
    expect(failed.decision).toBe('none');
    expect(failed.runs[0]).toMatchObject({ status: 'error', failureClass: 'nonzero_exit' });
    expect(failed.runs[0].message).toContain('permission check crashed');

    sidecar.onRequest('hooks/callMcpTool', () => {
      throw new Error('MCP server "policy" is not connected');
    });
    const unavailable = await sidecar.request('hooks/PreToolUse', write('/tmp/a'));
    expect(unavailable.decision).toBe('none');
    expect(unavailable.runs[0].status).toBe('error');
    expect(unavailable.runs[0].message).toContain('is not connected');
  });

  it('"the same output caps": tool text over 64 KiB is cut, and truncated JSON is never parsed (output_truncated)', async () => {
    const { sidecar } = await start(settingsWith('PreToolUse', mcpHandler, 'Write'));
    const huge = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'x'.repeat(70_000) } });
    sidecar.onRequest('hooks/callMcpTool', () => ({ text: huge }));
    const result = await sidecar.request('hooks/PreToolUse', write('/tmp/a'));
    expect(result.decision).toBe('none');
    expect(result.runs[0]).toMatchObject({ status: 'error', failureClass: 'output_truncated', truncated: true });
    expect(result.runs[0].stdout).toEqual({ bytes: 65_536, totalBytes: Buffer.byteLength(huge), truncated: true });
  });

  it('a client without capabilities.mcpTools: a diagnostic at initialize naming file, line and field', async () => {
    const { sidecar, init, file } = await start(settingsWith('PreToolUse', mcpHandler, 'Write'), { modelJudge: true });
    expect(init.diagnostics).toContainEqual(expect.objectContaining({ code: 'capability-missing', file, field: 'hooks.PreToolUse[0].hooks[0].type' }));
    const result = await sidecar.request('hooks/PreToolUse', write('/tmp/a'));
    expect(result.runs[0]).toMatchObject({ status: 'error', failureClass: 'unsupported' });
    expect(requestsOf(sidecar, 'hooks/callMcpTool')).toHaveLength(0);
  });
});
