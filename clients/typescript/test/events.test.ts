// The typed event methods end to end against the built sidecar: every one sends their hooks/<Event> request and return
// the merged result; block and deny decisions come back with their reasons; progress notifications reach onProgress.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVENT_NAMES, type EventInput, type EventMethodName, type EventName } from '../src/index.js';
import { bambooConfig, claudeSettings, makeWorkspace, SESSION, spawnTestClient, useSidecar } from './helpers.js';

useSidecar();

const tool = { toolName: 'Bash', toolInput: { command: 'rm -rf build' }, toolUseId: 'toolu_1' };
/** Params for every event (a WorktreeCreate hook must print the worktree path, so it prints its cwd); a new event in the protocol fails to compile here until it has some. */
const PARAMS: { [E in EventName]: EventInput<E> } = {
  SessionStart: { session: SESSION, source: 'startup' },
  SessionEnd: { session: SESSION },
  UserPromptSubmit: { session: SESSION, prompt: 'fix the build' },
  PreToolUse: { session: SESSION, ...tool },
  PermissionRequest: { session: SESSION, ...tool },
  PostToolUse: { session: SESSION, ...tool, toolResponse: { ok: true } },
  PostToolUseFailure: { session: SESSION, ...tool, error: 'exit 1' },
  Notification: { session: SESSION, message: 'waiting for input' },
  Stop: { session: SESSION },
  SubagentStart: { session: SESSION, agentId: 'sub-1' },
  SubagentStop: { session: SESSION, agentId: 'sub-1' },
  PreCompact: { session: SESSION },
  PostCompact: { session: SESSION },
  Setup: { session: SESSION, trigger: 'init' },
  InstructionsLoaded: { session: SESSION, filePath: '/repo/CLAUDE.md', memoryType: 'Project', loadReason: 'session_start' },
  UserPromptExpansion: { session: SESSION, expansionType: 'slash_command', commandName: 'deploy', prompt: '/deploy' },
  MessageDisplay: { session: SESSION, messageId: 'm-1', index: 0, final: true, delta: 'hello' },
  PermissionDenied: { session: SESSION, ...tool, reason: 'Blocked by classifier' },
  PostToolBatch: { session: SESSION, toolCalls: [{ ...tool, toolResponse: 'ok' }] },
  TaskCreated: { session: SESSION, taskId: 'task-1', taskSubject: 'Write tests' },
  TaskCompleted: { session: SESSION, taskId: 'task-1', taskSubject: 'Write tests' },
  StopFailure: { session: SESSION, error: 'rate_limit' },
  TeammateIdle: { session: SESSION, teammateName: 'researcher' },
  ConfigChange: { session: SESSION, source: 'project_settings' },
  CwdChanged: { session: SESSION, oldCwd: '/repo', newCwd: '/repo/src' },
  DirectoryAdded: { session: SESSION, directory: '/other', source: 'slash_command' },
  FileChanged: { session: SESSION, filePath: '/repo/.envrc' },
  WorktreeCreate: { session: SESSION, name: 'feature-auth' },
  WorktreeRemove: { session: SESSION, worktreePath: '/repo/.claude/worktrees/feature-auth' },
  Elicitation: { session: SESSION, mcpServerName: 'memory', message: 'Your name?' },
  ElicitationResult: { session: SESSION, mcpServerName: 'memory', action: 'accept' },
  PreModelSwitch: { session: SESSION, fromModel: 'claude-sonnet-4-6', toModel: 'claude-opus-5' },
  PostModelSwitch: { session: SESSION, fromModel: 'claude-sonnet-4-6', toModel: 'claude-opus-5' },
  PreFileWrite: { session: SESSION, files: [{ path: 'src/main.rs', operation: 'modify', oldContent: 'old\n', newContent: 'new\n' }] },
  PostFileWrite: { session: SESSION, files: [{ path: 'src/main.rs', operation: 'modify', oldContent: 'old\n', newContent: 'new\n' }] },
  PreBash: { session: SESSION, command: 'echo hi' },
  PostBash: { session: SESSION, command: 'echo hi', exitCode: 0, outputExcerpt: 'hi\n' },
  BeforeModel: { session: SESSION, llmRequest: { model: 'm', messages: [] } },
  AfterModel: { session: SESSION, llmRequest: { model: 'm', messages: [] }, llmResponse: { text: 'hi' } },
  BeforeToolSelection: { session: SESSION, llmRequest: { model: 'm', messages: [] } },
};
const BONSAI_ONLY: readonly EventName[] = ['PreFileWrite', 'PostFileWrite', 'PreBash', 'PostBash'];
/** Gemini CLI's model events: only the gemini dialect has them. */
const GEMINI_ONLY: readonly EventName[] = ['BeforeModel', 'AfterModel', 'BeforeToolSelection'];
const methodOf = <E extends EventName>(event: E) => `${event[0]!.toLowerCase()}${event.slice(1)}` as EventMethodName<E>;

describe('event methods', () => {
  it('each event method sends its hooks/<Event> request: the hook of that event reads its envelope, the result names the event', async () => {
    const workspace = makeWorkspace();
    const seen = makeWorkspace();
    // Claude has every event but bonsai's four (PreFileWrite, PostFileWrite, PreBash, PostBash: bonsai-e2e.test.ts) and
    // Gemini's three model events.
    const claudeEvents = EVENT_NAMES.filter((event) => !BONSAI_ONLY.includes(event) && !GEMINI_ONLY.includes(event));
    claudeSettings(workspace, Object.fromEntries(claudeEvents.map((event) => [event, [{ hooks: [{ type: 'command', command: `cat > '${join(seen, event)}.json'${event === 'WorktreeCreate' ? '; pwd' : ''}` }] }]])));
    const client = await spawnTestClient({ workspace });
    expect(client.initializeResult!.events).toEqual(claudeEvents);
    expect(client.initializeResult!.hooks).toHaveLength(claudeEvents.length);
    for (const event of claudeEvents) {
      const method = client[methodOf(event)] as (params: unknown) => ReturnType<typeof client.preToolUse>;
      const result = await method.call(client, PARAMS[event]);
      expect(result.event).toBe(event);
      expect(result.runs.map((run) => [run.hookId, run.status])).toEqual([[`project:${event}[0].hooks[0]`, 'ok']]);
      const envelope = JSON.parse(readFileSync(join(seen, `${event}.json`), 'utf8')) as { hook_event_name: string; session_id: string };
      expect([envelope.hook_event_name, envelope.session_id]).toEqual([event, SESSION.id]);
    }
  });

  it('a Stop hook that blocks: decision block with its reason (the agent keeps working)', async () => {
    const workspace = makeWorkspace();
    claudeSettings(workspace, { Stop: [{ hooks: [{ type: 'command', command: `printf '%s' '{"decision":"block","reason":"Run the tests first."}'` }] }] });
    const client = await spawnTestClient({ workspace });
    const result = await client.stop({ session: SESSION, lastAssistantMessage: 'done' });
    expect({ decision: result.decision, reason: result.reason }).toEqual({ decision: 'block', reason: 'Run the tests first.' });
  });

  it('bamboo: a PreToolUse block verdict with reason and additional context', async () => {
    const workspace = makeWorkspace();
    const file = bambooConfig(workspace, {
      PreToolUse: [{ matcher: '^Bash$', hooks: [{ type: 'command', command: `printf '%s' '{"decision":"block","reason":"not here","additional_context":"use make clean"}'` }] }],
    });
    const client = await spawnTestClient({ workspace, dialect: 'bamboo', sources: [{ path: file, scope: 'user' }], options: { watch: false } });
    const result = await client.preToolUse({ session: SESSION, ...tool });
    expect({ decision: result.decision, reason: result.reason, additionalContext: result.additionalContext }).toEqual({
      decision: 'block',
      reason: 'not here',
      additionalContext: 'use make clean',
    });
  });

  it('claude: a PreToolUse hook exiting 2 denies with its stderr as the reason; a non-matching tool gets decision none', async () => {
    const workspace = makeWorkspace();
    claudeSettings(workspace, { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo "no deleting" >&2; exit 2' }] }] });
    const client = await spawnTestClient({ workspace });
    const denied = await client.preToolUse({ session: SESSION, ...tool });
    expect({ decision: denied.decision, reason: denied.reason }).toEqual({ decision: 'deny', reason: 'no deleting' });
    const other = await client.preToolUse({ session: SESSION, toolName: 'Read', toolInput: { file_path: '/tmp/x' } });
    expect({ decision: other.decision, runs: other.runs }).toEqual({ decision: 'none', runs: [] });
  });

  it('onProgress receives started and finished for a hook with a statusMessage, before the result; a disposed listener hears nothing', async () => {
    const workspace = makeWorkspace();
    claudeSettings(workspace, { PreToolUse: [{ hooks: [{ type: 'command', command: 'true', statusMessage: 'Scanning…' }] }] });
    const client = await spawnTestClient({ workspace });
    const heard: unknown[] = [];
    const ignored: unknown[] = [];
    client.onProgress((params) => heard.push({ phase: params.phase, sessionId: params.sessionId, hookId: params.hookId, statusMessage: params.statusMessage }));
    client.onProgress((params) => ignored.push(params)).dispose();
    await client.preToolUse({ session: SESSION, ...tool });
    const progress = { sessionId: SESSION.id, hookId: 'project:PreToolUse[0].hooks[0]', statusMessage: 'Scanning…' };
    expect(heard).toEqual([
      { phase: 'started', ...progress },
      { phase: 'finished', ...progress },
    ]);
    expect(ignored).toEqual([]);
  });
});
