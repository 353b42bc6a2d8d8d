// Deterministic sample params for each Bamboo event (dry run, `hookd test`): the same payload every time, with the
// seed's compression numbers and a complete notification. Data only.
import type { EventName, EventParams } from '../../protocol/index.js';

export const SYNTHETIC_SESSION_ID = 'hookd-dry-run';
export const SYNTHETIC_TIMESTAMP = '2026-07-22T09:00:00Z';

export function syntheticParams(event: EventName, workspace: string): EventParams {
  const session = { id: SYNTHETIC_SESSION_ID, cwd: workspace, model: 'claude-sonnet-4' };
  const extra = (payload?: Record<string, unknown>) => ({ extra: { timestamp: SYNTHETIC_TIMESTAMP, ...(payload ? { payload } : {}) } });
  const tool = { toolName: 'Bash', toolInput: { command: 'echo hello' }, toolUseId: 'toolu_dry_run_1' };
  const byEvent: Partial<Record<EventName, Omit<EventParams, 'session'>>> = {
    SessionStart: { source: 'startup', ...extra() },
    UserPromptSubmit: { prompt: 'hello', ...extra() },
    PreToolUse: { ...tool, ...extra() },
    PostToolUse: { ...tool, toolResponse: { stdout: 'hello\n', stderr: '', exit_code: 0 }, background: false, ...extra() },
    Stop: { stopHookActive: false, lastAssistantMessage: 'done', ...extra() },
    SessionEnd: { reason: 'completed', ...extra() },
    PreCompact: {
      trigger: 'threshold',
      ...extra({ estimated_tokens: 170000, usage_percent: 85.0, max_context_tokens: 200000, trigger_context_tokens: 160000, phase: 'pre-turn' }),
    },
    Notification: {
      title: 'Run finished',
      message: 'The agent run completed.',
      notificationType: 'run_completed',
      ...extra({ id: 'notification-dry-run-1', priority: 'normal', dedup_key: 'run-completed:hookd-dry-run', created_at: SYNTHETIC_TIMESTAMP }),
    },
  };
  return { session, ...(byEvent[event] ?? extra()) };
}
