// The stdin envelopes of Claude Code 2.1's later events: field names and order as the hooks reference shows them,
// from the camelCase params; plus matcher targets per event, the narrower FileChanged/StopFailure exact-name set and
// default timeouts. Pure: no processes.
import { describe, expect, it } from 'vitest';
import { syntheticParams } from '../../../../src/commands/synthetic-payload.js';
import { renderEnvelope } from '../../../../src/dialects/claude/envelope.js';
import { defaultTimeoutSeconds, EVENT_RULES } from '../../../../src/dialects/claude/event-rules.js';
import { matchTarget } from '../../../../src/dialects/claude/match-target.js';
import { compileMatcher, NARROW_EXACT_SET } from '../../../../src/dialects/claude/matcher.js';
import { EVENT_NAMES, EventParamsSchemas, type EventName, type EventParams } from '../../../../src/protocol/index.js';
import { context, WORKSPACE } from '../../claude/outcome.js';

const common = { session_id: 'sess-1', transcript_path: '', cwd: WORKSPACE };
const own = (event: EventName, params: Partial<EventParams>) => {
  const { session_id, transcript_path, cwd, hook_event_name, ...rest } = renderEnvelope(context(event, params));
  expect({ session_id, transcript_path, cwd, hook_event_name }).toEqual({ ...common, hook_event_name: event });
  return rest;
};

describe('Claude Code 2.1 later events: stdin envelopes', () => {
  it.each<[EventName, Partial<EventParams>, Record<string, unknown>]>([
    ['Setup', { trigger: 'maintenance' }, { trigger: 'maintenance' }],
    [
      'InstructionsLoaded',
      { filePath: '/p/CLAUDE.md', memoryType: 'Project', loadReason: 'path_glob_match', globs: ['src/**'], triggerFilePath: '/p/src/a.ts' },
      { file_path: '/p/CLAUDE.md', memory_type: 'Project', load_reason: 'path_glob_match', globs: ['src/**'], trigger_file_path: '/p/src/a.ts' },
    ],
    [
      'UserPromptExpansion',
      { expansionType: 'slash_command', commandName: 'example-skill', commandArgs: 'arg1 arg2', commandSource: 'plugin', prompt: '/example-skill arg1 arg2' },
      { expansion_type: 'slash_command', command_name: 'example-skill', command_args: 'arg1 arg2', command_source: 'plugin', prompt: '/example-skill arg1 arg2' },
    ],
    [
      'MessageDisplay',
      { session: { id: 'sess-1', turnId: 'turn-1' }, messageId: 'msg-1', index: 0, final: false, delta: 'Here is the plan:\n' },
      { turn_id: 'turn-1', message_id: 'msg-1', index: 0, final: false, delta: 'Here is the plan:\n' },
    ],
    [
      'PermissionDenied',
      { toolName: 'Bash', toolInput: { command: 'rm -rf /tmp/build' }, toolUseId: 'toolu_1', reason: 'Blocked by classifier' },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf /tmp/build' }, tool_use_id: 'toolu_1', reason: 'Blocked by classifier' },
    ],
    [
      'PostToolBatch',
      { toolCalls: [{ toolName: 'Read', toolInput: { file_path: '/a.py' }, toolUseId: 'toolu_01', toolResponse: '1\tfrom x' }] },
      { tool_calls: [{ tool_name: 'Read', tool_input: { file_path: '/a.py' }, tool_use_id: 'toolu_01', tool_response: '1\tfrom x' }] },
    ],
    [
      'TaskCreated',
      { taskId: 'task-001', taskSubject: 'Implement auth', taskDescription: 'Add login', teammateName: 'implementer', teamName: 'session-a1' },
      { task_id: 'task-001', task_subject: 'Implement auth', task_description: 'Add login', teammate_name: 'implementer', team_name: 'session-a1' },
    ],
    ['TaskCompleted', { taskId: 'task-001', taskSubject: 'Implement auth' }, { task_id: 'task-001', task_subject: 'Implement auth' }],
    [
      'StopFailure',
      { error: 'rate_limit', errorDetails: '429 Too Many Requests', lastAssistantMessage: 'API Error: Rate limit reached' },
      { error: 'rate_limit', error_details: '429 Too Many Requests', last_assistant_message: 'API Error: Rate limit reached' },
    ],
    ['TeammateIdle', { teammateName: 'researcher', teamName: 'session-a1' }, { teammate_name: 'researcher', team_name: 'session-a1' }],
    ['ConfigChange', { source: 'project_settings', filePath: '/p/.claude/settings.json' }, { source: 'project_settings', file_path: '/p/.claude/settings.json' }],
    ['CwdChanged', { oldCwd: '/p', newCwd: '/p/src' }, { old_cwd: '/p', new_cwd: '/p/src' }],
    ['DirectoryAdded', { directory: '/other', source: 'slash_command' }, { directory: '/other', source: 'slash_command' }],
    ['FileChanged', { filePath: '/p/.envrc', fileEvent: 'unlink' }, { file_path: '/p/.envrc', event: 'unlink' }],
    ['WorktreeCreate', { name: 'feature-auth' }, { name: 'feature-auth' }],
    ['WorktreeRemove', { worktreePath: '/p/.claude/worktrees/feature-auth' }, { worktree_path: '/p/.claude/worktrees/feature-auth' }],
    [
      'Elicitation',
      { mcpServerName: 'my-mcp-server', message: 'Please authenticate', mode: 'url', url: 'https://auth.example.com/login' },
      { mcp_server_name: 'my-mcp-server', message: 'Please authenticate', mode: 'url', url: 'https://auth.example.com/login' },
    ],
    [
      'ElicitationResult',
      { mcpServerName: 'my-mcp-server', action: 'accept', content: { username: 'alice' }, mode: 'form', elicitationId: 'elicit-123' },
      { mcp_server_name: 'my-mcp-server', action: 'accept', content: { username: 'alice' }, mode: 'form', elicitation_id: 'elicit-123' },
    ],
  ])('%s: the snake_case fields of the hooks reference, in its order', (event, params, expected) => {
    const fields = own(event, params);
    expect(fields).toEqual(expected);
    expect(Object.keys(fields)).toEqual(Object.keys(expected));
  });

  it('SessionStart carries session_title when the agent gives one', () => {
    expect(own('SessionStart', { source: 'resume', sessionTitle: 'auth-refactor' })).toMatchObject({ source: 'resume', session_title: 'auth-refactor' });
  });

  it('an unknown extra key still passes through as given, after the event fields', () => {
    expect(Object.keys(own('TaskCreated', { taskId: 't', taskSubject: 's', extra: { future_field: 1 } }))).toEqual(['task_id', 'task_subject', 'future_field']);
  });

  it('the synthetic params of every event (hookd test, dry run) satisfy its protocol schema', () => {
    for (const event of EVENT_NAMES) {
      const parsed = EventParamsSchemas[event].safeParse(syntheticParams(event, WORKSPACE));
      expect(parsed.success, `${event}: ${parsed.success ? '' : parsed.error.message}`).toBe(true);
    }
  });
});

describe('Claude Code 2.1 later events: what the matcher filters', () => {
  it.each<[EventName, Partial<EventParams>, string | undefined]>([
    ['PermissionDenied', { toolName: 'Bash' }, 'Bash'],
    ['Setup', { trigger: 'init' }, 'init'],
    ['InstructionsLoaded', { loadReason: 'nested_traversal' }, 'nested_traversal'],
    ['UserPromptExpansion', { commandName: 'deploy' }, 'deploy'],
    ['StopFailure', { error: 'rate_limit' }, 'rate_limit'],
    ['ConfigChange', { source: 'skills' }, 'skills'],
    ['DirectoryAdded', { source: 'register_repo_root' }, 'register_repo_root'],
    ['FileChanged', { filePath: '/p/sub/.envrc' }, '.envrc'],
    ['Elicitation', { mcpServerName: 'memory' }, 'memory'],
    ['ElicitationResult', { mcpServerName: 'memory' }, 'memory'],
    ['PostToolBatch', {}, undefined],
    ['TaskCreated', { taskId: 't' }, undefined],
    ['TaskCompleted', {}, undefined],
    ['TeammateIdle', { teammateName: 'x' }, undefined],
    ['CwdChanged', { newCwd: '/x' }, undefined],
    ['WorktreeCreate', { name: 'x' }, undefined],
    ['WorktreeRemove', {}, undefined],
    ['MessageDisplay', {}, undefined],
  ])('%s → %s', (event, params, target) => {
    expect(matchTarget(event, { session: { id: 's' }, ...params })).toBe(target);
  });

  it('events without matcher support are marked so (a matcher there is ignored with an info diagnostic)', () => {
    const without = EVENT_NAMES.filter((event) => !EVENT_RULES[event].hasMatcher);
    expect(without.sort()).toEqual(
      ['UserPromptSubmit', 'PostToolBatch', 'Stop', 'TeammateIdle', 'TaskCreated', 'TaskCompleted', 'WorktreeCreate', 'WorktreeRemove', 'MessageDisplay', 'CwdChanged'].sort(),
    );
  });

  it('"FileChanged and StopFailure use a narrower exact-match set of letters, digits, _, and | only"', () => {
    expect(EVENT_NAMES.filter((event) => EVENT_RULES[event].narrowExactSet === true)).toEqual(['StopFailure', 'FileChanged']);
    const narrow = (matcher: string) => compileMatcher(matcher, 'test', NARROW_EXACT_SET);
    const usual = (matcher: string) => compileMatcher(matcher, 'test');
    const test = (compiled: ReturnType<typeof compileMatcher>, target: string) => compiled.ok && compiled.matches(target);
    // A hyphen keeps the matcher on the regex path (unanchored): it also matches a longer name.
    expect(test(narrow('max-tokens'), 'max-tokens-x')).toBe(true);
    expect(test(usual('max-tokens'), 'max-tokens-x')).toBe(false);
    // A comma is not a separator there: "a,b" is one regex, not two names.
    expect(test(narrow('rate_limit,overloaded'), 'overloaded')).toBe(false);
    expect(test(usual('rate_limit,overloaded'), 'overloaded')).toBe(true);
    // `|` still separates exact names.
    expect(test(narrow('rate_limit|overloaded'), 'overloaded')).toBe(true);
    expect(test(narrow('rate_limit|overloaded'), 'overloaded_x')).toBe(false);
  });
});

describe('default timeouts', () => {
  it('"MessageDisplay lowers it to 10", UserPromptSubmit, PreModelSwitch and PostModelSwitch to 30, every other event 600 seconds', () => {
    expect(defaultTimeoutSeconds('MessageDisplay')).toBe(10);
    const thirty: EventName[] = ['UserPromptSubmit', 'PreModelSwitch', 'PostModelSwitch'];
    for (const event of thirty) expect(defaultTimeoutSeconds(event), event).toBe(30);
    for (const event of EVENT_NAMES.filter((e) => e !== 'MessageDisplay' && !thirty.includes(e))) expect(defaultTimeoutSeconds(event), event).toBe(600);
  });
});
