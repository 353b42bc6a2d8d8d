// Deterministic sample params for each pbi event (dry run, `hookd test`): a pbi-agent `run` turn that calls the `shell`
// tool with `echo hello`. Data only; the same payload for the same event every time.
import type { EventName, EventParams } from '../../protocol/index.js';

export const SYNTHETIC_SESSION_ID = 'hookd-test-session';

export function syntheticParams(event: EventName, workspace: string): EventParams {
  const session = { id: SYNTHETIC_SESSION_ID, cwd: workspace, model: 'gpt-5.4', provider: 'openai', agentName: 'main', agentType: 'single_turn' };
  const tool = { toolName: 'shell', toolUseId: 'call_test_1', toolInput: { command: 'echo hello' } };
  const subagent = { taskInstruction: 'Summarise the README.', subagentName: 'Hephaestus', subagentType: 'default' };
  const byEvent: Partial<Record<EventName, Omit<EventParams, 'session'>>> = {
    SessionStart: { source: 'startup' },
    UserPromptSubmit: { prompt: 'hello' },
    PreToolUse: tool,
    PostToolUse: { ...tool, toolResponse: '{"ok": true, "result": {"stdout": "hello\\n", "stderr": "", "exit_code": 0}}', isError: false },
    PreCompact: { trigger: 'manual', inputMessageCount: 12, pendingToolExchange: false },
    PostCompact: { trigger: 'manual', summaryChars: 480, estimatedContextTokens: 1200 },
    Stop: { lastAssistantMessage: 'Done.', stopHookActive: false },
    SubagentStart: subagent,
    SubagentStop: { ...subagent, lastAssistantMessage: 'Summary written.', stopHookActive: false },
  };
  return { session, ...(byEvent[event] ?? {}) };
}
