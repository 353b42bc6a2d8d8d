// Deterministic sample params for each WAMP event (dry run, `hookd test`): a native WAMP run that calls the `shell` tool
// with `echo hello`. Data only; the same payload for the same event every time.
import type { EventName, EventParams } from '../../protocol/index.js';

export const SYNTHETIC_SESSION_ID = 'hookd-test-session';
/** wamp requires a runId on every event (one per send). */
export const SYNTHETIC_RUN_ID = 'hookd-test-run';

export function syntheticParams(event: EventName, workspace: string): EventParams {
  const session = { id: SYNTHETIC_SESSION_ID, cwd: workspace, agent: 'wamp', runtime: 'native' };
  const tool = { toolName: 'shell', toolInput: { command: 'echo hello' }, toolUseId: 'call_test_1' };
  const byEvent: Partial<Record<EventName, Omit<EventParams, 'session'>>> = {
    SessionStart: { source: 'startup' },
    UserPromptSubmit: { prompt: 'hello' },
    PreToolUse: tool,
    PostToolUse: { ...tool, toolResponse: 'hello\n', isError: false },
    Stop: { stopHookActive: false, finish: 'natural', rootRun: true },
  };
  return { session, runId: SYNTHETIC_RUN_ID, ...(byEvent[event] ?? {}) };
}
