// Deterministic sample params for each event, used by `hookd test` when no --input is given.
// Data only; the same payload for the same event every time.
import type { EventName, EventParams } from '../protocol/index.js';

export function syntheticParams(event: EventName, workspace: string): EventParams {
  const session = { id: 'hookd-test-session', cwd: workspace, transcriptPath: '', permissionMode: 'default' };
  const tool = { toolName: 'Bash', toolInput: { command: 'echo hello', description: 'say hello' }, toolUseId: 'toolu_test_1' };
  const byEvent: Record<EventName, Omit<EventParams, 'session'>> = {
    SessionStart: { source: 'startup' },
    SessionEnd: { reason: 'other' },
    UserPromptSubmit: { prompt: 'hello' },
    PreToolUse: tool,
    PermissionRequest: { ...tool, permissionSuggestions: [] },
    PostToolUse: { ...tool, toolResponse: { stdout: 'hello', stderr: '', interrupted: false }, durationMs: 5 },
    PostToolUseFailure: { ...tool, error: 'command failed', isInterrupt: false, durationMs: 5 },
    Notification: { message: 'Claude needs your permission to use Bash', title: 'Permission needed', notificationType: 'permission_prompt' },
    Stop: { stopHookActive: false, lastAssistantMessage: 'done' },
    SubagentStart: { agentId: 'agent-test-1', agentType: 'general-purpose' },
    SubagentStop: { agentId: 'agent-test-1', agentType: 'general-purpose', stopHookActive: false, lastAssistantMessage: 'done' },
    PreCompact: { trigger: 'manual', customInstructions: '' },
    PostCompact: { trigger: 'manual' },
  };
  return { session, ...byEvent[event] };
}
