// Deterministic sample params for each codex event (dry run, `hookd test`): a Codex CLI turn that runs the shell tool
// (`Bash`) with `echo hi`, as in observed-envelopes "codex". Data only; the same payload for the same event every time.
import type { EventName, EventParams } from '../../protocol/index.js';

export const SYNTHETIC_SESSION_ID = '01a22898-0000-7000-8000-00000000test';

export function syntheticParams(event: EventName, workspace: string): EventParams {
  const session = { id: SYNTHETIC_SESSION_ID, cwd: workspace, turnId: '01a22898-0000-7000-8000-00000000turn', model: 'gpt-5.1-codex', permissionMode: 'default' };
  const tool = { toolName: 'Bash', toolUseId: 'call_test_1', toolInput: { command: 'echo hi' } };
  const subagent = { agentId: 'agent_test_1', agentType: 'default' };
  const byEvent: Partial<Record<EventName, Omit<EventParams, 'session'>>> = {
    SessionStart: { source: 'startup' },
    SessionEnd: { reason: 'other' },
    SubagentStart: subagent,
    SubagentStop: { ...subagent, stopHookActive: false, lastAssistantMessage: 'done' },
    UserPromptSubmit: { prompt: 'run the command' },
    PreToolUse: tool,
    PermissionRequest: { toolName: 'Bash', toolInput: { command: 'echo hi' } },
    PostToolUse: { ...tool, toolResponse: 'hi\n' },
    PreCompact: { trigger: 'manual' },
    PostCompact: { trigger: 'manual' },
    Stop: { stopHookActive: false, lastAssistantMessage: 'done' },
  };
  return { session, ...(byEvent[event] ?? {}) };
}
