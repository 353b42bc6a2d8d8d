// Unit tests of the gemini stdin envelope (observed-envelopes "gemini"), environment (hookRunner.ts) and match targets
// (hookEventHandler.ts HookEventContext): hand-built contexts, no processes (the conformance file runs real hooks).
import { describe, expect, it } from 'vitest';
import { renderEnvelope, renderStdin } from '../../../src/dialects/gemini/envelope.js';
import { geminiEnvironment } from '../../../src/dialects/gemini/environment.js';
import { matchTarget, matchTargetField } from '../../../src/dialects/gemini/match-target.js';
import type { EventContext, HookSpec } from '../../../src/engine/dialect.js';
import type { EventName } from '../../../src/protocol/index.js';

const NOW = new Date('2026-11-29T18:42:58.488Z');
const ctx = (event: EventName, params: Record<string, unknown> = {}, cwd = '/home/user/project'): EventContext => ({
  event,
  params: { session: { id: '826c96fc', transcriptPath: '<transcript path>' }, ...params },
  workspace: '/home/user/project',
  sessionId: '826c96fc',
  cwd,
});
const HOOK = { id: 'h', event: 'PreToolUse', matches: () => true, handler: { type: 'command', command: 'x', timeoutMs: 1000, onFailure: 'continue' }, source: 'f', scope: 'project' } as HookSpec;
const SHELL = { toolName: 'run_shell_command', toolInput: { command: 'echo hi && touch tool_ran.marker', description: 'say hi' } };
const BASE = ['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'timestamp'];

describe('observed-envelopes "gemini": the stdin Gemini CLI 0.61 wrote', () => {
  it('BeforeTool — session_id, transcript_path, cwd, hook_event_name "BeforeTool", timestamp, tool_name, tool_input, in that order', () => {
    const envelope = renderEnvelope(ctx('PreToolUse', SHELL), NOW);
    expect(envelope).toEqual({
      session_id: '826c96fc',
      transcript_path: '<transcript path>',
      cwd: '/home/user/project',
      hook_event_name: 'BeforeTool',
      timestamp: '2026-11-29T18:42:58.488Z',
      tool_name: 'run_shell_command',
      tool_input: { command: 'echo hi && touch tool_ran.marker', description: 'say hi' },
    });
    expect(Object.keys(envelope)).toEqual([...BASE, 'tool_name', 'tool_input']);
  });

  it('AfterTool — + tool_response as given ({llmContent, returnDisplay})', () => {
    const toolResponse = { llmContent: '<untrusted_context>\nOutput: hi\nProcess Group PGID: 2611\n</untrusted_context>', returnDisplay: 'hi' };
    const envelope = renderEnvelope(ctx('PostToolUse', { ...SHELL, toolResponse }), NOW);
    expect(Object.keys(envelope)).toEqual([...BASE, 'tool_name', 'tool_input', 'tool_response']);
    expect(envelope.hook_event_name).toBe('AfterTool');
    expect(envelope.tool_response).toEqual(toolResponse);
  });

  it('BeforeAgent — + prompt; AfterAgent — + prompt, prompt_response, stop_hook_active', () => {
    expect(renderEnvelope(ctx('UserPromptSubmit', { prompt: 'run the command' }), NOW)).toMatchObject({ hook_event_name: 'BeforeAgent', prompt: 'run the command' });
    const after = renderEnvelope(ctx('Stop', { prompt: 'run the command', lastAssistantMessage: 'done' }), NOW);
    expect(Object.keys(after)).toEqual([...BASE, 'prompt', 'prompt_response', 'stop_hook_active']);
    expect(after).toMatchObject({ hook_event_name: 'AfterAgent', prompt: 'run the command', prompt_response: 'done', stop_hook_active: false });
  });

  it('§4.3: SessionStart source, SessionEnd reason, PreCompress trigger, Notification notification_type/message/details, model events llm_request/llm_response', () => {
    expect(renderEnvelope(ctx('SessionStart', { source: 'resume' }), NOW)).toMatchObject({ hook_event_name: 'SessionStart', source: 'resume' });
    expect(renderEnvelope(ctx('SessionEnd', { reason: 'exit' }), NOW)).toMatchObject({ hook_event_name: 'SessionEnd', reason: 'exit' });
    expect(renderEnvelope(ctx('PreCompact', { trigger: 'auto' }), NOW)).toMatchObject({ hook_event_name: 'PreCompress', trigger: 'auto' });
    const note = renderEnvelope(ctx('Notification', { notificationType: 'ToolPermission', message: 'Allow?', extra: { details: { type: 'exec' } } }), NOW);
    expect(Object.keys(note)).toEqual([...BASE, 'notification_type', 'message', 'details']);
    expect(note).toMatchObject({ notification_type: 'ToolPermission', message: 'Allow?', details: { type: 'exec' } });
    const llmRequest = { model: 'gemini-2.5-pro', messages: [{ role: 'user', content: 'hi' }] };
    const llmResponse = { candidates: [] };
    expect(renderEnvelope(ctx('BeforeModel', { llmRequest }), NOW)).toMatchObject({ hook_event_name: 'BeforeModel', llm_request: llmRequest });
    expect(Object.keys(renderEnvelope(ctx('AfterModel', { llmRequest, llmResponse }), NOW))).toEqual([...BASE, 'llm_request', 'llm_response']);
    expect(renderEnvelope(ctx('BeforeToolSelection', { llmRequest }), NOW)).toMatchObject({ hook_event_name: 'BeforeToolSelection', llm_request: llmRequest });
  });

  it('§4.3 "mcp_context?, original_request_name?" — from params.extra, after tool_input; other extra keys last; plans_dir never', () => {
    const mcp = { server_name: 'gh', tool_name: 'list' };
    const envelope = renderEnvelope(ctx('PreToolUse', { toolName: 'mcp_gh_list', toolInput: {}, extra: { later: 1, original_request_name: 'list', mcp_context: mcp, plans_dir: '/p' } }), NOW);
    expect(Object.keys(envelope)).toEqual([...BASE, 'tool_name', 'tool_input', 'mcp_context', 'original_request_name', 'later']);
    expect(envelope.mcp_context).toEqual(mcp);
  });

  it('transcript_path is "" when the agent sent none (Gemini: `?? \'\'`); cwd is the agent\'s directory; compact JSON, no trailing newline', () => {
    const context = { ...ctx('UserPromptSubmit', { prompt: 'p' }, '/home/user/project/src'), params: { session: { id: 's' }, prompt: 'p' } };
    const stdin = renderStdin(context);
    expect(stdin.endsWith('}')).toBe(true);
    expect(stdin).not.toContain('\n');
    const parsed = JSON.parse(stdin) as Record<string, unknown>;
    expect(parsed.transcript_path).toBe('');
    expect(parsed.cwd).toBe('/home/user/project/src');
    expect(parsed.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});

describe('§4.5 "Env: … GEMINI_PROJECT_DIR, GEMINI_PLANS_DIR, GEMINI_CWD, GEMINI_SESSION_ID, CLAUDE_PROJECT_DIR + per-hook env"', () => {
  it('sets the four variables, and the handler env overrides them', () => {
    expect(geminiEnvironment(ctx('PreToolUse', SHELL, '/home/user/project/src'), HOOK)).toEqual({
      GEMINI_PROJECT_DIR: '/home/user/project',
      GEMINI_CWD: '/home/user/project/src',
      GEMINI_SESSION_ID: '826c96fc',
      CLAUDE_PROJECT_DIR: '/home/user/project',
    });
    const withEnv = { ...HOOK, data: { sequential: false, nativeEvent: 'BeforeTool', env: { MY_VAR: 'x', GEMINI_CWD: '/elsewhere' } } };
    expect(geminiEnvironment(ctx('PreToolUse', SHELL), withEnv)).toMatchObject({ MY_VAR: 'x', GEMINI_CWD: '/elsewhere' });
    expect(geminiEnvironment(ctx('PreToolUse', { ...SHELL, extra: { plans_dir: '/plans' } }), HOOK).GEMINI_PLANS_DIR).toBe('/plans');
  });
});

describe('§4.2 matcher targets (hookEventHandler.ts: what each event passes the planner)', () => {
  it('tool events → tool name; SessionStart source; SessionEnd reason; PreCompress trigger; every other event none (its matcher is not consulted)', () => {
    const p = (extra: Record<string, unknown>) => ({ session: { id: 's' }, ...extra });
    expect(matchTarget('PreToolUse', p({ toolName: 'run_shell_command' }))).toBe('run_shell_command');
    expect(matchTarget('PostToolUse', p({ toolName: 'write_file' }))).toBe('write_file');
    expect(matchTarget('SessionStart', p({ source: 'resume' }))).toBe('resume');
    expect(matchTarget('SessionEnd', p({ reason: 'logout' }))).toBe('logout');
    expect(matchTarget('PreCompact', p({ trigger: 'auto' }))).toBe('auto');
    for (const event of ['UserPromptSubmit', 'Stop', 'Notification', 'BeforeModel', 'AfterModel', 'BeforeToolSelection'] as const) {
      expect(matchTarget(event, p({ prompt: 'x', notificationType: 'ToolPermission' })), event).toBeUndefined();
      expect(matchTargetField(event), event).toBeUndefined();
    }
    expect(matchTargetField('PreToolUse')).toBe('tool_name');
    expect(matchTargetField('PreCompact')).toBe('trigger');
  });
});
