// Every Claude Code 2.1 hook event against the built sidecar: each test configures a hook the way a Claude Code user
// would, sends the event, and checks the stdin envelope the hook received (it writes it to a file) and the decision.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLAUDE_EVENTS } from '../../src/dialects/claude/event-rules.js';
import { Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace, oneHook, writeClaudeSettings } from '../helpers/workspace.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

const session = { id: 'events-session', transcriptPath: '/home/u/.claude/projects/p/events-session.jsonl', permissionMode: 'default' };
const emit = (output: unknown) => `printf '%s' '${JSON.stringify(output)}'`;

type Setup = { sidecar: Sidecar; workspace: string; init: any; stdin: () => Record<string, unknown> };

/** A workspace whose settings are built from the path of the file the hook writes its stdin to. */
async function withSettings(settings: (stdinFile: string, workspace: string) => unknown): Promise<Setup> {
  const workspace = makeWorkspace();
  const stdinFile = join(workspace, 'stdin.json');
  writeClaudeSettings(workspace, settings(stdinFile, workspace));
  const sidecar = new Sidecar();
  open.push(sidecar);
  const init = await sidecar.initialize(workspace);
  return { sidecar, workspace, init, stdin: () => JSON.parse(readFileSync(stdinFile, 'utf8')) as Record<string, unknown> };
}

/** One hook on `event` that saves its stdin, then runs `then`. */
const saving = (event: string, then: string, options: { matcher?: string; [key: string]: unknown } = {}) =>
  withSettings((file) => oneHook(event, `cat > '${file}'; ${then}`, options));

const common = (setup: Setup, event: string) => ({
  session_id: session.id,
  transcript_path: session.transcriptPath,
  cwd: setup.workspace,
  permission_mode: 'default',
  hook_event_name: event,
});

describe('Claude Code 2.1 events (built sidecar)', () => {
  it('"initialize lists every event of the hooks reference": 33 events (with PreModelSwitch and PostModelSwitch), each a hooks/<Event> method', async () => {
    const setup = await withSettings(() => ({}));
    expect(setup.init.events).toEqual([...CLAUDE_EVENTS]);
    expect(setup.init.events).toHaveLength(33);
  });

  it('"Setup: the matcher is the CLI flag that triggered setup; additionalContext is added to Claude\'s context"', async () => {
    const setup = await withSettings((file) => ({
      hooks: {
        Setup: [
          { matcher: 'maintenance', hooks: [{ type: 'command', command: 'echo wrong > /dev/null' }] },
          { matcher: 'init', hooks: [{ type: 'command', command: `cat > '${file}'; ${emit({ hookSpecificOutput: { hookEventName: 'Setup', additionalContext: 'Dependencies installed' } })}` }] },
        ],
      },
    }));
    const result = await setup.sidecar.request('hooks/Setup', { session, trigger: 'init' });
    expect(result.runs.map((run: any) => run.hookId)).toEqual(['project:Setup[1].hooks[0]']);
    expect(result).toMatchObject({ decision: 'none', additionalContext: 'Dependencies installed' });
    expect(setup.stdin()).toEqual({ ...common(setup, 'Setup'), trigger: 'init' });
  });

  it('"InstructionsLoaded: exit code is ignored" and its JSON output is discarded', async () => {
    const setup = await saving('InstructionsLoaded', `${emit({ systemMessage: 'hi', continue: false })}; exit 2`, { matcher: 'session_start' });
    const params = { session, filePath: '/p/CLAUDE.md', memoryType: 'Project', loadReason: 'session_start' };
    const result = await setup.sidecar.request('hooks/InstructionsLoaded', params);
    expect(result).toMatchObject({ decision: 'none', continue: true });
    expect(result.systemMessage).toBeUndefined();
    expect(result.runs).toHaveLength(1);
    expect(setup.stdin()).toEqual({ ...common(setup, 'InstructionsLoaded'), file_path: '/p/CLAUDE.md', memory_type: 'Project', load_reason: 'session_start' });
    const other = await setup.sidecar.request('hooks/InstructionsLoaded', { ...params, loadReason: 'nested_traversal' });
    expect(other.runs).toEqual([]);
  });

  it('"UserPromptExpansion: exit 2 blocks the expansion" (matched on command_name)', async () => {
    const setup = await saving('UserPromptExpansion', "echo '/deploy needs an approval file' >&2; exit 2", { matcher: 'deploy' });
    const result = await setup.sidecar.request('hooks/UserPromptExpansion', {
      session,
      expansionType: 'slash_command',
      commandName: 'deploy',
      commandArgs: 'prod',
      commandSource: 'project',
      prompt: '/deploy prod',
    });
    expect(result).toMatchObject({ decision: 'block', reason: '/deploy needs an approval file' });
    expect(setup.stdin()).toEqual({
      ...common(setup, 'UserPromptExpansion'),
      expansion_type: 'slash_command',
      command_name: 'deploy',
      command_args: 'prod',
      command_source: 'project',
      prompt: '/deploy prod',
    });
  });

  it('"MessageDisplay: displayContent replaces the displayed text on screen" (the reference\'s jq script), default timeout 10 s', async () => {
    const script = `jq '{hookSpecificOutput: {hookEventName: "MessageDisplay", displayContent: (.delta | gsub("\\\\*\\\\*"; "") | gsub("\`"; ""))}}'`;
    const setup = await withSettings((file) => oneHook('MessageDisplay', `tee '${file}' | ${script}`));
    expect(setup.init.hooks[0].timeoutMs).toBe(10_000);
    const result = await setup.sidecar.request('hooks/MessageDisplay', {
      session: { ...session, turnId: 'turn-1' },
      messageId: 'msg-1',
      index: 0,
      final: true,
      delta: 'Use **bold** and `code`\n',
    });
    expect(result).toMatchObject({ decision: 'none', displayContent: 'Use bold and code\n' });
    expect(setup.stdin()).toEqual({ ...common(setup, 'MessageDisplay'), turn_id: 'turn-1', message_id: 'msg-1', index: 0, final: true, delta: 'Use **bold** and `code`\n' });
  });

  it('"PermissionDenied: hookSpecificOutput.retry: true tells the model it may retry"', async () => {
    const setup = await saving('PermissionDenied', emit({ hookSpecificOutput: { hookEventName: 'PermissionDenied', retry: true } }), { matcher: 'Bash' });
    const params = { session: { ...session, permissionMode: 'auto' }, toolName: 'Bash', toolInput: { command: 'rm -rf /tmp/build' }, toolUseId: 'toolu_01', reason: 'Blocked by classifier' };
    const result = await setup.sidecar.request('hooks/PermissionDenied', params);
    expect(result).toMatchObject({ decision: 'none', retry: true });
    expect(setup.stdin()).toEqual({
      ...common(setup, 'PermissionDenied'),
      permission_mode: 'auto',
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf /tmp/build' },
      tool_use_id: 'toolu_01',
      reason: 'Blocked by classifier',
    });
  });

  it('"PostToolBatch: decision block stops the agentic loop before the next model call"; tool_calls as the model saw them', async () => {
    const setup = await saving('PostToolBatch', emit({ decision: 'block', reason: 'run pytest first' }));
    const toolCalls = [
      { toolName: 'Read', toolInput: { file_path: '/p/ledger/accounts.py' }, toolUseId: 'toolu_01', toolResponse: '     1\tfrom x import y' },
      { toolName: 'Read', toolInput: { file_path: '/p/ledger/transactions.py' }, toolUseId: 'toolu_02', toolResponse: '     1\timport z' },
    ];
    const result = await setup.sidecar.request('hooks/PostToolBatch', { session, toolCalls });
    expect(result).toMatchObject({ decision: 'block', reason: 'run pytest first' });
    expect(setup.stdin()).toEqual({
      ...common(setup, 'PostToolBatch'),
      tool_calls: [
        { tool_name: 'Read', tool_input: { file_path: '/p/ledger/accounts.py' }, tool_use_id: 'toolu_01', tool_response: '     1\tfrom x import y' },
        { tool_name: 'Read', tool_input: { file_path: '/p/ledger/transactions.py' }, tool_use_id: 'toolu_02', tool_response: '     1\timport z' },
      ],
    });
  });

  it('"TaskCreated: exit 2 cancels the task creation" (the reference\'s ticket-number script)', async () => {
    const script = `TASK_SUBJECT=$(jq -r '.task_subject' '$FILE'); if [[ ! "$TASK_SUBJECT" =~ ^\\[TICKET-[0-9]+\\] ]]; then echo "Task subject must start with a ticket number" >&2; exit 2; fi; exit 0`;
    const setup = await withSettings((file) => oneHook('TaskCreated', `cat > '${file}'; ${script.replace('$FILE', file)}`, { shell: 'bash' }));
    const params = { session, taskId: 'task-001', taskSubject: 'Implement user authentication', taskDescription: 'Add login', teammateName: 'implementer', teamName: 'session-a1' };
    const blocked = await setup.sidecar.request('hooks/TaskCreated', params);
    expect(blocked).toMatchObject({ decision: 'block', reason: 'Task subject must start with a ticket number' });
    expect(setup.stdin()).toEqual({
      ...common(setup, 'TaskCreated'),
      task_id: 'task-001',
      task_subject: 'Implement user authentication',
      task_description: 'Add login',
      teammate_name: 'implementer',
      team_name: 'session-a1',
    });
    expect((await setup.sidecar.request('hooks/TaskCreated', { ...params, taskSubject: '[TICKET-12] Add login' })).decision).toBe('none');
  });

  it('"TaskCompleted: exit 2 prevents the task from being marked as completed"', async () => {
    const setup = await saving('TaskCompleted', "echo 'Tests not passing' >&2; exit 2");
    const result = await setup.sidecar.request('hooks/TaskCompleted', { session, taskId: 'task-001', taskSubject: 'Implement auth' });
    expect(result).toMatchObject({ decision: 'block', reason: 'Tests not passing' });
    expect(setup.stdin()).toEqual({ ...common(setup, 'TaskCompleted'), task_id: 'task-001', task_subject: 'Implement auth' });
  });

  it('"StopFailure: output and exit code are ignored"; its matcher uses the narrower exact set (a comma is a regex)', async () => {
    const setup = await withSettings((file) => ({
      hooks: {
        StopFailure: [
          { matcher: 'server_error|rate_limit', hooks: [{ type: 'command', command: `cat > '${file}'; echo nope >&2; exit 2` }] },
          { matcher: 'overloaded,rate_limit', hooks: [{ type: 'command', command: 'exit 0' }] },
        ],
      },
    }));
    const result = await setup.sidecar.request('hooks/StopFailure', { session, error: 'rate_limit', errorDetails: '429 Too Many Requests', lastAssistantMessage: 'API Error: Rate limit reached' });
    expect(result.runs.map((run: any) => run.hookId)).toEqual(['project:StopFailure[0].hooks[0]']);
    expect(result).toMatchObject({ decision: 'none', continue: true });
    expect(result.systemMessage).toBeUndefined();
    expect(setup.stdin()).toEqual({ ...common(setup, 'StopFailure'), error: 'rate_limit', error_details: '429 Too Many Requests', last_assistant_message: 'API Error: Rate limit reached' });
  });

  it('"TeammateIdle: exit 2 prevents the teammate from going idle, so it continues working"', async () => {
    const setup = await saving('TeammateIdle', "echo 'Build artifact missing. Run the build before stopping.' >&2; exit 2");
    const result = await setup.sidecar.request('hooks/TeammateIdle', { session, teammateName: 'researcher', teamName: 'session-a1' });
    expect(result).toMatchObject({ decision: 'block', reason: 'Build artifact missing. Run the build before stopping.' });
    expect(setup.stdin()).toEqual({ ...common(setup, 'TeammateIdle'), teammate_name: 'researcher', team_name: 'session-a1' });
  });

  it('"ConfigChange: decision block prevents the configuration change from being applied", except for policy_settings', async () => {
    const setup = await saving('ConfigChange', emit({ decision: 'block', reason: 'needs admin approval', systemMessage: 'discarded' }));
    const blocked = await setup.sidecar.request('hooks/ConfigChange', { session, source: 'project_settings', filePath: '/p/.claude/settings.json' });
    expect(blocked).toMatchObject({ decision: 'block', reason: 'needs admin approval' });
    expect(blocked.systemMessage).toBeUndefined();
    expect(setup.stdin()).toEqual({ ...common(setup, 'ConfigChange'), source: 'project_settings', file_path: '/p/.claude/settings.json' });
    const policy = await setup.sidecar.request('hooks/ConfigChange', { session, source: 'policy_settings', filePath: '/etc/claude-code/managed-settings.json' });
    expect(policy.decision).toBe('none');
    expect(policy.runs[0].decision).toBe('block');
  });

  it('"CwdChanged: no matcher support; exit 2 shows stderr to user only"; watchPaths is passed on', async () => {
    const setup = await saving('CwdChanged', `${emit({ hookSpecificOutput: { hookEventName: 'CwdChanged', watchPaths: ['/p/src/.envrc'] } })}`, { matcher: 'ignored' });
    expect(setup.init.diagnostics).toEqual(expect.arrayContaining([expect.objectContaining({ severity: 'info', code: 'matcher-ignored', field: 'hooks.CwdChanged[0].matcher' })]));
    const result = await setup.sidecar.request('hooks/CwdChanged', { session, oldCwd: '/p', newCwd: '/p/src' });
    expect(result).toMatchObject({ decision: 'none', extra: { watchPaths: ['/p/src/.envrc'] } });
    expect(setup.stdin()).toEqual({ ...common(setup, 'CwdChanged'), old_cwd: '/p', new_cwd: '/p/src' });
    writeClaudeSettings(setup.workspace, oneHook('CwdChanged', 'echo "direnv failed" >&2; exit 2'));
    await setup.sidecar.request('hooks/reload');
    const failed = await setup.sidecar.request('hooks/CwdChanged', { session, oldCwd: '/p', newCwd: '/p/src' });
    expect(failed).toMatchObject({ decision: 'none', systemMessage: 'direnv failed' });
  });

  it('"DirectoryAdded: stderr goes to the debug log; the directory is already added" (matched on how it was added)', async () => {
    const setup = await saving('DirectoryAdded', 'echo "npm install failed" >&2; exit 2', { matcher: 'slash_command' });
    const result = await setup.sidecar.request('hooks/DirectoryAdded', { session, directory: '/home/u/other-repo', source: 'slash_command' });
    expect(result).toMatchObject({ decision: 'none', continue: true });
    expect([result.systemMessage, result.feedback, result.reason]).toEqual([undefined, undefined, undefined]);
    expect(setup.stdin()).toEqual({ ...common(setup, 'DirectoryAdded'), directory: '/home/u/other-repo', source: 'slash_command' });
    expect((await setup.sidecar.request('hooks/DirectoryAdded', { session, directory: '/x', source: 'register_repo_root' })).runs).toEqual([]);
  });

  it('"FileChanged: the matcher filters hook groups against the changed file\'s basename"; file_path and event on stdin', async () => {
    const setup = await saving('FileChanged', 'exit 0', { matcher: '.envrc|.env' });
    const result = await setup.sidecar.request('hooks/FileChanged', { session, filePath: `${setup.workspace}/.envrc`, fileEvent: 'change' });
    expect(result.runs).toHaveLength(1);
    expect(setup.stdin()).toEqual({ ...common(setup, 'FileChanged'), file_path: `${setup.workspace}/.envrc`, event: 'change' });
    expect((await setup.sidecar.request('hooks/FileChanged', { session, filePath: `${setup.workspace}/data.csv` })).runs).toEqual([]);
  });

  it('"WorktreeCreate: the command hook prints the path on stdout" (other output on stderr)', async () => {
    const setup = await withSettings((file, workspace) =>
      oneHook('WorktreeCreate', `cat > '${file}'; NAME=$(jq -r .name '${file}'); DIR='${workspace}'/worktrees/$NAME; mkdir -p "$DIR" >&2 && echo checked out >&2 && echo "$DIR"`),
    );
    const result = await setup.sidecar.request('hooks/WorktreeCreate', { session, name: 'feature-auth' });
    expect(result).toMatchObject({ decision: 'none', worktreePath: join(setup.workspace, 'worktrees', 'feature-auth') });
    expect(existsSync(result.worktreePath)).toBe(true);
    expect(setup.stdin()).toEqual({ ...common(setup, 'WorktreeCreate'), name: 'feature-auth' });
  });

  it('"WorktreeCreate: any non-zero exit code causes worktree creation to fail", whatever the JSON says', async () => {
    const setup = await saving('WorktreeCreate', `echo /tmp; echo 'svn: E170013' >&2; exit 1`);
    const result = await setup.sidecar.request('hooks/WorktreeCreate', { session, name: 'feature-auth' });
    expect(result).toMatchObject({ decision: 'block', reason: expect.stringContaining('svn: E170013') });
    expect(result.worktreePath).toBeUndefined();
    expect(result.runs[0]).toMatchObject({ status: 'error', failureClass: 'nonzero_exit', decision: 'block' });
  });

  it('"WorktreeRemove: Claude Code passes the path as worktree_path"; the reference\'s jq | xargs rm -rf removes it', async () => {
    const setup = await withSettings((file) => oneHook('WorktreeRemove', `tee '${file}' | jq -r .worktree_path | xargs rm -rf`));
    const worktree = join(setup.workspace, 'worktrees', 'feature-auth');
    mkdirSync(worktree, { recursive: true });
    const result = await setup.sidecar.request('hooks/WorktreeRemove', { session, worktreePath: worktree });
    expect(result).toMatchObject({ decision: 'none', continue: true });
    expect(existsSync(worktree)).toBe(false);
    expect(setup.stdin()).toEqual({ ...common(setup, 'WorktreeRemove'), worktree_path: worktree });
  });

  it('"Elicitation: hooks respond programmatically without showing the dialog": action accept with content', async () => {
    const answer = { hookSpecificOutput: { hookEventName: 'Elicitation', action: 'accept', content: { username: 'alice' } } };
    const setup = await saving('Elicitation', emit(answer), { matcher: 'my-mcp-server' });
    const requestedSchema = { type: 'object', properties: { username: { type: 'string', title: 'Username' } } };
    const result = await setup.sidecar.request('hooks/Elicitation', { session, mcpServerName: 'my-mcp-server', message: 'Please provide your credentials', mode: 'form', requestedSchema });
    expect(result).toMatchObject({ decision: 'allow', elicitation: { action: 'accept', content: { username: 'alice' } } });
    expect(setup.stdin()).toEqual({
      ...common(setup, 'Elicitation'),
      mcp_server_name: 'my-mcp-server',
      message: 'Please provide your credentials',
      mode: 'form',
      requested_schema: requestedSchema,
    });
  });

  it('"Elicitation: exit code 2 denies the elicitation"', async () => {
    const setup = await saving('Elicitation', 'echo shown nowhere >&2; exit 2');
    const result = await setup.sidecar.request('hooks/Elicitation', { session, mcpServerName: 'srv', message: 'Please authenticate', mode: 'url', url: 'https://auth.example.com/login' });
    expect(result).toMatchObject({ decision: 'deny', elicitation: { action: 'decline' } });
    expect(setup.stdin()).toMatchObject({ mcp_server_name: 'srv', mode: 'url', url: 'https://auth.example.com/login' });
  });

  it('"ElicitationResult: exit code 2 blocks the response, changing the effective action to decline"', async () => {
    const setup = await saving('ElicitationResult', 'exit 2', { matcher: 'my-mcp-server' });
    const result = await setup.sidecar.request('hooks/ElicitationResult', {
      session,
      mcpServerName: 'my-mcp-server',
      action: 'accept',
      content: { username: 'alice' },
      mode: 'form',
      elicitationId: 'elicit-123',
    });
    expect(result).toMatchObject({ decision: 'deny', elicitation: { action: 'decline' } });
    expect(setup.stdin()).toEqual({
      ...common(setup, 'ElicitationResult'),
      mcp_server_name: 'my-mcp-server',
      action: 'accept',
      content: { username: 'alice' },
      mode: 'form',
      elicitation_id: 'elicit-123',
    });
  });

  it('"Notification: exit code and stderr are ignored"', async () => {
    const setup = await saving('Notification', 'echo "should not reach the user" >&2; exit 2', { matcher: 'permission_prompt' });
    const result = await setup.sidecar.request('hooks/Notification', { session, message: 'Claude needs your permission', title: 'Permission needed', notificationType: 'permission_prompt' });
    expect(result).toMatchObject({ decision: 'none', continue: true });
    expect(result.systemMessage).toBeUndefined();
    expect(result.runs[0]).toMatchObject({ status: 'ok', exitCode: 2 });
    expect(setup.stdin()).toMatchObject({ hook_event_name: 'Notification', notification_type: 'permission_prompt' });
  });
});

describe('events hookd does not know', () => {
  it('"An event hookd does not know is a diagnostic, never a crash": a warning naming file, line and field; unknown methods stay -32601', async () => {
    const workspace = makeWorkspace();
    const file = writeClaudeSettings(workspace, '{\n  "hooks": {\n    "PreModelSwitch": [],\n    "NoSuchEvent": [{ "hooks": [{ "type": "command", "command": "true" }] }]\n  }\n}\n');
    const sidecar = new Sidecar();
    open.push(sidecar);
    const init = await sidecar.initialize(workspace);
    const unknown = init.diagnostics.filter((d: any) => d.code === 'unknown-event');
    expect(unknown).toEqual([
      expect.objectContaining({ severity: 'warning', file, line: 4, field: 'hooks.NoSuchEvent', message: expect.stringContaining('unknown event "NoSuchEvent"') }),
    ]);
    const reply = await sidecar.call('hooks/NoSuchEvent', { session });
    expect(reply.error?.code).toBe(-32601);
    expect(await sidecar.request('ping')).toEqual({});
  });

  it('the bamboo dialect keeps its own eight events: a later Claude Code event is -32601 there', async () => {
    const workspace = makeWorkspace();
    const sidecar = new Sidecar();
    open.push(sidecar);
    const init = await sidecar.initialize(workspace, { dialect: 'bamboo', options: { watch: false } });
    expect(init.events).toEqual(['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'SessionEnd', 'PreCompact', 'Notification']);
    const reply = await sidecar.call('hooks/TaskCreated', { session, taskId: 't', taskSubject: 's' });
    expect(reply.error?.code).toBe(-32601);
  });

  it('"hooks/dryRun" runs a handler on every later event with synthetic params (what hookd test uses)', async () => {
    const workspace = makeWorkspace();
    const sidecar = new Sidecar();
    open.push(sidecar);
    await sidecar.initialize(workspace);
    for (const event of CLAUDE_EVENTS.slice(13)) {
      const dry = await sidecar.request('hooks/dryRun', { event, handler: { type: 'command', command: 'cat > /dev/null; pwd' } });
      expect(dry.result?.event, event).toBe(event);
      expect((dry.input as any).hook_event_name, event).toBe(event);
      expect(dry.result.runs[0].status, event).toBe('ok');
    }
  });
});
