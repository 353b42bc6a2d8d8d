// Deterministic sample params for each gemini event (dry run, `hookd test`): a Gemini CLI turn in yolo mode that calls
// run_shell_command with `echo hello`. Data only; the same payload for the same event every time.
import type { EventName, EventParams } from '../../protocol/index.js';

export const SYNTHETIC_SESSION_ID = 'hookd-test-session';

export function syntheticParams(event: EventName, workspace: string): EventParams {
  const session = { id: SYNTHETIC_SESSION_ID, cwd: workspace };
  const tool = { toolName: 'run_shell_command', toolInput: { command: 'echo hello', description: 'say hello' } };
  const llmRequest = { model: 'gemini-2.5-pro', messages: [{ role: 'user', content: 'hello' }], config: {}, toolConfig: { mode: 'AUTO' } };
  const byEvent: Partial<Record<EventName, Omit<EventParams, 'session'>>> = {
    PreToolUse: tool,
    PostToolUse: { ...tool, toolResponse: { llmContent: '<untrusted_context>\nOutput: hello\n</untrusted_context>', returnDisplay: 'hello' } },
    UserPromptSubmit: { prompt: 'hello' },
    Stop: { prompt: 'hello', lastAssistantMessage: 'Done.', stopHookActive: false },
    SessionStart: { source: 'startup' },
    SessionEnd: { reason: 'exit' },
    PreCompact: { trigger: 'manual' },
    Notification: { notificationType: 'ToolPermission', message: 'Allow run_shell_command?', extra: { details: { type: 'exec', command: 'echo hello' } } },
    BeforeModel: { llmRequest },
    AfterModel: { llmRequest, llmResponse: { candidates: [{ content: { role: 'model', parts: ['Hello.'] }, finishReason: 'STOP' }] } },
    BeforeToolSelection: { llmRequest },
  };
  return { session, ...(byEvent[event] ?? {}) };
}
