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
    Setup: { trigger: 'init' },
    InstructionsLoaded: { filePath: `${workspace}/CLAUDE.md`, memoryType: 'Project', loadReason: 'session_start' },
    UserPromptExpansion: { expansionType: 'slash_command', commandName: 'example-skill', commandArgs: 'arg1', commandSource: 'project', prompt: '/example-skill arg1' },
    MessageDisplay: { messageId: 'message-test-1', index: 0, final: true, delta: 'Here is the plan:\n' },
    PermissionDenied: { ...tool, reason: 'Blocked by classifier' },
    PostToolBatch: { toolCalls: [{ ...tool, toolResponse: 'hello' }] },
    TaskCreated: { taskId: 'task-001', taskSubject: 'Write the tests', taskDescription: 'Cover every event' },
    TaskCompleted: { taskId: 'task-001', taskSubject: 'Write the tests', taskDescription: 'Cover every event' },
    StopFailure: { error: 'rate_limit', errorDetails: '429 Too Many Requests', lastAssistantMessage: 'API Error: Rate limit reached' },
    TeammateIdle: { teammateName: 'researcher', teamName: 'session-test' },
    ConfigChange: { source: 'project_settings', filePath: `${workspace}/.claude/settings.json` },
    CwdChanged: { oldCwd: workspace, newCwd: `${workspace}/src` },
    DirectoryAdded: { directory: `${workspace}/../other-repo`, source: 'slash_command' },
    FileChanged: { filePath: `${workspace}/.envrc`, fileEvent: 'change' },
    WorktreeCreate: { name: 'hookd-test-worktree' },
    WorktreeRemove: { worktreePath: `${workspace}/.claude/worktrees/hookd-test-worktree` },
    Elicitation: { mcpServerName: 'example-server', message: 'Please provide your username', mode: 'form', requestedSchema: { type: 'object', properties: { username: { type: 'string' } } } },
    ElicitationResult: { mcpServerName: 'example-server', action: 'accept', content: { username: 'alice' }, mode: 'form' },
    PreModelSwitch: { fromModel: 'claude-sonnet-4-6', toModel: 'claude-opus-5', requestedModel: 'opus', source: 'command' },
    PostModelSwitch: { fromModel: 'claude-sonnet-4-6', toModel: 'claude-opus-5', requestedModel: 'opus', source: 'command' },
    PreFileWrite: { toolName: 'write', toolInput: { path: 'src/main.rs' }, files: [{ path: 'src/main.rs', operation: 'modify', oldContent: 'old\n', newContent: 'new\n' }] },
    PostFileWrite: { toolName: 'write', toolInput: { path: 'src/main.rs' }, files: [{ path: 'src/main.rs', operation: 'modify', oldContent: 'old\n', newContent: 'new\n' }] },
    PreBash: { toolName: 'bash', toolInput: { command: 'echo hello' }, command: 'echo hello' },
    PostBash: { toolName: 'bash', toolInput: { command: 'echo hello' }, command: 'echo hello', exitCode: 0, outputExcerpt: 'hello\n' },
    BeforeModel: { llmRequest: { model: 'gemini-2.5-pro', messages: [{ role: 'user', content: 'say hello' }] } },
    AfterModel: { llmRequest: { model: 'gemini-2.5-pro', messages: [{ role: 'user', content: 'say hello' }] }, llmResponse: { text: 'hello' } },
    BeforeToolSelection: { llmRequest: { model: 'gemini-2.5-pro', messages: [{ role: 'user', content: 'say hello' }] } },
  };
  return { session, ...byEvent[event] };
}
