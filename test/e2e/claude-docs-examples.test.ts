// The examples of Claude Code's hooks guide (code.claude.com/docs/en/hooks-guide), written as the guide shows them and
// run unchanged against the built sidecar. Commands the machine lacks (notify-send, npx) are recording stand-ins on PATH.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { delimiter, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace, writeClaudeSettings } from '../helpers/workspace.js';
import { scratchDir } from '../helpers/scratch.js';

const session = { id: 'docs-examples' };
const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

/** A workspace, a home and a bin dir of stand-ins that append their argv to <bin>/<name>.calls. */
function machine(standIns: readonly string[] = []) {
  const workspace = makeWorkspace();
  const home = scratchDir('hookd-home-');
  const bin = scratchDir('hookd-bin-');
  for (const name of standIns) {
    const path = join(bin, name);
    writeFileSync(path, `#!/bin/sh\nprintf '%s\\n' "$*" >> "${join(bin, name)}.calls"\n`);
    chmodSync(path, 0o755);
  }
  return { workspace, home, bin, calls: (name: string) => (existsSync(join(bin, `${name}.calls`)) ? readFileSync(join(bin, `${name}.calls`), 'utf8') : '') };
}

async function start(where: { workspace: string; home: string; bin: string }, init: Record<string, unknown> = {}, extraEnv: Record<string, string> = {}) {
  const env = { ...process.env, HOME: where.home, PATH: `${where.bin}${delimiter}${process.env.PATH ?? ''}`, ...extraEnv };
  const sidecar = new Sidecar('ndjson', [], env);
  open.push(sidecar);
  await sidecar.initialize(where.workspace, { home: where.home, ...init });
  return sidecar;
}

function writeScript(workspace: string, relative: string, text: string): void {
  const path = join(workspace, relative);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  chmodSync(path, 0o755);
}

const PROTECT_FILES = `#!/bin/bash
# protect-files.sh

INPUT=$(cat)
FILE_PATH=$(echo "$INPUT" | jq -r '.tool_input.file_path // empty')

# Normalize Windows backslash separators so the patterns below match
FILE_PATH="\${FILE_PATH//\\\\//}"

PROTECTED_PATTERNS=(".env" "package-lock.json" ".git/")

for pattern in "\${PROTECTED_PATTERNS[@]}"; do
  if [[ "$FILE_PATH" == *"$pattern"* ]]; then
    echo "Blocked: $FILE_PATH matches protected pattern '$pattern'" >&2
    exit 2
  fi
done

exit 0
`;

const DROP_TABLE = `#!/bin/bash
INPUT=$(cat)
COMMAND=$(echo "$INPUT" | jq -r '.tool_input.command')

if echo "$COMMAND" | grep -q "drop table"; then
  echo "Blocked: dropping tables is not allowed" >&2  # stderr becomes Claude's feedback
  exit 2                                               # exit 2 = block the action
fi

exit 0  # exit 0 = no decision; the normal permission flow applies
`;

describe("Claude Code hooks guide examples, run unchanged", () => {
  it('"Get notified when Claude needs input": the empty matcher fires on every notification type', async () => {
    const where = machine(['notify-send']);
    writeClaudeSettings(where.home, {
      hooks: { Notification: [{ matcher: '', hooks: [{ type: 'command', command: "notify-send 'Claude Code' 'Claude Code needs your attention'" }] }] },
    });
    const sidecar = await start(where);
    for (const notificationType of ['permission_prompt', 'idle_prompt']) {
      const result = await sidecar.request('hooks/Notification', { session, message: 'Claude needs your permission', notificationType });
      expect(result).toMatchObject({ decision: 'none', continue: true });
    }
    expect(where.calls('notify-send')).toBe('Claude Code Claude Code needs your attention\n'.repeat(2));
  });

  it('"Auto-format code after edits": the Edit|Write matcher passes the edited file to prettier, and not for Bash', async () => {
    const where = machine(['npx']);
    writeClaudeSettings(where.workspace, {
      hooks: { PostToolUse: [{ matcher: 'Edit|Write', hooks: [{ type: 'command', command: "jq -r '.tool_input.file_path' | xargs npx prettier --write" }] }] },
    });
    const sidecar = await start(where);
    const file = join(where.workspace, 'src', 'app.js');
    await sidecar.request('hooks/PostToolUse', { session, toolName: 'Write', toolInput: { file_path: file, content: "const a = 'x';" }, toolResponse: { success: true } });
    await sidecar.request('hooks/PostToolUse', { session, toolName: 'Bash', toolInput: { command: 'ls' }, toolResponse: { stdout: '' } });
    expect(where.calls('npx')).toBe(`prettier --write ${file}\n`);
  });

  it('"Block edits to protected files": exit 2 blocks the edit and passes the Blocked: message to Claude', async () => {
    const where = machine();
    writeScript(where.workspace, '.claude/hooks/protect-files.sh', PROTECT_FILES);
    writeClaudeSettings(where.workspace, {
      hooks: { PreToolUse: [{ matcher: 'Edit|Write', hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/protect-files.sh' }] }] },
    });
    const sidecar = await start(where);
    const edit = (file: string) => ({ session, toolName: 'Edit', toolInput: { file_path: join(where.workspace, file), old_string: 'a', new_string: 'b' } });
    const blocked = await sidecar.request('hooks/PreToolUse', edit('.env'));
    expect(blocked.decision).toBe('deny');
    expect(blocked.reason).toBe(`Blocked: ${join(where.workspace, '.env')} matches protected pattern '.env'`);
    expect((await sidecar.request('hooks/PreToolUse', edit('src/app.ts'))).decision).toBe('none');
  });

  it('"Re-inject context after compaction": plain stdout of a SessionStart hook with the compact matcher reaches Claude, only on compact', async () => {
    const where = machine();
    writeClaudeSettings(where.workspace, {
      hooks: {
        SessionStart: [
          {
            matcher: 'compact',
            hooks: [{ type: 'command', command: "echo 'Reminder: use Bun, not npm. Run bun test before committing. Current sprint: auth refactor.'" }],
          },
        ],
      },
    });
    const sidecar = await start(where);
    const compact = await sidecar.request('hooks/SessionStart', { session, source: 'compact' });
    expect(compact.additionalContext).toBe('Reminder: use Bun, not npm. Run bun test before committing. Current sprint: auth refactor.');
    const startup = await sidecar.request('hooks/SessionStart', { session, source: 'startup' });
    expect(startup.runs).toEqual([]);
    expect(startup.additionalContext).toBeUndefined();
  });

  it('"Auto-approve specific permission prompts": behavior allow on ExitPlanMode answers the request, other tools untouched', async () => {
    const where = machine();
    writeClaudeSettings(where.home, {
      hooks: {
        PermissionRequest: [
          {
            matcher: 'ExitPlanMode',
            hooks: [
              { type: 'command', command: 'echo \'{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "allow"}}}\'' },
            ],
          },
        ],
      },
    });
    const sidecar = await start(where);
    const plan = await sidecar.request('hooks/PermissionRequest', { session, toolName: 'ExitPlanMode', toolInput: { plan: 'do it' } });
    expect(plan.decision).toBe('allow');
    const bash = await sidecar.request('hooks/PermissionRequest', { session, toolName: 'Bash', toolInput: { command: 'rm -rf build' } });
    expect(bash).toMatchObject({ decision: 'none', runs: [] });
  });

  it('"To switch the session to acceptEdits": updatedPermissions with a setMode entry is returned with the allow', async () => {
    const where = machine();
    const output = {
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: { behavior: 'allow', updatedPermissions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }] },
      },
    };
    writeScript(where.workspace, '.claude/hooks/accept-edits.sh', `#!/bin/sh\ncat <<'EOF'\n${JSON.stringify(output, null, 2)}\nEOF\n`);
    writeClaudeSettings(where.workspace, {
      hooks: { PermissionRequest: [{ matcher: 'ExitPlanMode', hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/accept-edits.sh' }] }] },
    });
    const sidecar = await start(where);
    const result = await sidecar.request('hooks/PermissionRequest', { session, toolName: 'ExitPlanMode', toolInput: {} });
    expect(result).toMatchObject({ decision: 'allow', updatedPermissions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }] });
  });

  it('"Combine results from multiple hooks": the logging hook writes its entry and the guardrail\'s exit 2 denies with its stderr', async () => {
    const where = machine();
    mkdirSync(join(where.home, '.claude'), { recursive: true });
    writeScript(where.workspace, '.claude/hooks/block-rm-rf.sh', `#!/bin/bash\nif jq -r .tool_input.command | grep -q 'rm -rf'; then\n  echo 'rm -rf is not allowed' >&2\n  exit 2\nfi\n`);
    writeClaudeSettings(where.workspace, {
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              { type: 'command', command: 'jq -r .tool_input.command >> ~/.claude/bash.log' },
              { type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/block-rm-rf.sh' },
            ],
          },
        ],
      },
    });
    const sidecar = await start(where);
    const result = await sidecar.request('hooks/PreToolUse', { session, toolName: 'Bash', toolInput: { command: 'rm -rf /tmp/build' } });
    expect(result).toMatchObject({ decision: 'deny', reason: 'rm -rf is not allowed' });
    expect(result.runs.map((run: { exitCode: number }) => run.exitCode)).toEqual([0, 2]);
    expect(readFileSync(join(where.home, '.claude', 'bash.log'), 'utf8')).toBe('rm -rf /tmp/build\n');
  });

  it('"Hook output": the drop-table script exits 2 and its stderr becomes Claude\'s feedback; exit 0 is no decision', async () => {
    const where = machine();
    writeScript(where.workspace, '.claude/hooks/no-drop.sh', DROP_TABLE);
    writeClaudeSettings(where.workspace, {
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/no-drop.sh' }] }] },
    });
    const sidecar = await start(where);
    const bash = (command: string) => ({ session, toolName: 'Bash', toolInput: { command } });
    expect(await sidecar.request('hooks/PreToolUse', bash('psql -c "drop table users"'))).toMatchObject({
      decision: 'deny',
      reason: 'Blocked: dropping tables is not allowed',
    });
    expect((await sidecar.request('hooks/PreToolUse', bash('npm test'))).decision).toBe('none');
  });

  it('"Structured JSON output": permissionDecision deny feeds permissionDecisionReason back to Claude', async () => {
    const where = machine();
    const output = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'Use rg instead of grep for better performance' } };
    writeScript(where.workspace, '.claude/hooks/no-grep.sh', `#!/bin/sh\ncat <<'EOF'\n${JSON.stringify(output, null, 2)}\nEOF\n`);
    writeClaudeSettings(where.workspace, {
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/no-grep.sh' }] }] },
    });
    const sidecar = await start(where);
    expect(await sidecar.request('hooks/PreToolUse', { session, toolName: 'Bash', toolInput: { command: 'grep -r foo .' } })).toMatchObject({
      decision: 'deny',
      reason: 'Use rg instead of grep for better performance',
    });
  });

  it('"For UserPromptSubmit hooks, use hookSpecificOutput.additionalContext": the text is added to Claude\'s context', async () => {
    const where = machine();
    const output = { hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'Current branch: release-42. Deploy freeze until Friday.' } };
    writeClaudeSettings(where.workspace, { hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: `echo '${JSON.stringify(output)}'` }] }] } });
    const sidecar = await start(where);
    expect(await sidecar.request('hooks/UserPromptSubmit', { session, prompt: 'ship it' })).toMatchObject({
      decision: 'none',
      additionalContext: 'Current branch: release-42. Deploy freeze until Friday.',
    });
  });

  it('"if you place it at the top level of the JSON, Claude Code silently ignores it": top-level additionalContext is not context', async () => {
    const where = machine();
    writeClaudeSettings(where.workspace, { hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: `echo '{"additionalContext": "misplaced"}'` }] }] } });
    const sidecar = await start(where);
    const result = await sidecar.request('hooks/UserPromptSubmit', { session, prompt: 'hi' });
    expect(result.additionalContext).toBeUndefined();
  });

  it('"Log every Bash command": PostToolUse on Bash appends tool_input.command to ~/.claude/command-log.txt', async () => {
    const where = machine();
    mkdirSync(join(where.home, '.claude'), { recursive: true });
    writeClaudeSettings(where.home, {
      hooks: { PostToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: "jq -r '.tool_input.command' >> ~/.claude/command-log.txt" }] }] },
    });
    const sidecar = await start(where);
    for (const command of ['npm test', 'git status']) await sidecar.request('hooks/PostToolUse', { session, toolName: 'Bash', toolInput: { command }, toolResponse: {} });
    await sidecar.request('hooks/PostToolUse', { session, toolName: 'Read', toolInput: { file_path: '/etc/hosts' }, toolResponse: {} });
    expect(readFileSync(join(where.home, '.claude', 'command-log.txt'), 'utf8')).toBe('npm test\ngit status\n');
  });

  it('"Match MCP tools": mcp__github__.* runs on GitHub MCP tools only, and stderr on exit 0 stays out of the answer', async () => {
    const where = machine();
    writeClaudeSettings(where.workspace, {
      hooks: { PreToolUse: [{ matcher: 'mcp__github__.*', hooks: [{ type: 'command', command: 'echo "GitHub tool called: $(jq -r \'.tool_name\')" >&2' }] }] },
    });
    const sidecar = await start(where);
    const github = await sidecar.request('hooks/PreToolUse', { session, toolName: 'mcp__github__search_repositories', toolInput: { query: 'hookd' } });
    expect(github.runs).toHaveLength(1);
    expect(github).toMatchObject({ decision: 'none' });
    expect(JSON.stringify(github)).not.toContain('GitHub tool called');
    const other = await sidecar.request('hooks/PreToolUse', { session, toolName: 'mcp__filesystem__read_file', toolInput: {} });
    expect(other.runs).toEqual([]);
  });

  it('"Clean up on session end": the clear matcher fires on /clear, not on normal exits', async () => {
    const where = machine();
    const marker = join(where.workspace, 'cleaned');
    // The guide's command is `rm -f /tmp/claude-scratch-*.txt`; the same hook, pointed at this test's own files.
    writeClaudeSettings(where.workspace, { hooks: { SessionEnd: [{ matcher: 'clear', hooks: [{ type: 'command', command: `touch ${marker}` }] }] } });
    const sidecar = await start(where);
    expect((await sidecar.request('hooks/SessionEnd', { session, reason: 'prompt_input_exit' })).runs).toEqual([]);
    expect(existsSync(marker)).toBe(false);
    expect((await sidecar.request('hooks/SessionEnd', { session, reason: 'clear' })).runs).toHaveLength(1);
    expect(existsSync(marker)).toBe(true);
  });

  it('"Parse the stop_hook_active field from the JSON input and exit early if it\'s true": one continuation, then the stop is allowed', async () => {
    const where = machine();
    writeScript(
      where.workspace,
      '.claude/hooks/keep-going.sh',
      `#!/bin/bash\nINPUT=$(cat)\nif [ "$(echo "$INPUT" | jq -r '.stop_hook_active')" = "true" ]; then\n  exit 0  # Allow Claude to stop\nfi\necho '{"decision": "block", "reason": "run the tests first"}'\n`,
    );
    writeClaudeSettings(where.workspace, { hooks: { Stop: [{ hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/keep-going.sh' }] }] } });
    const sidecar = await start(where);
    expect(await sidecar.request('hooks/Stop', { session, stopHookActive: false })).toMatchObject({ decision: 'block', reason: 'run the tests first' });
    expect((await sidecar.request('hooks/Stop', { session, stopHookActive: true })).decision).toBe('none');
  });

  it('"The combined output no longer starts with {, so Claude Code treats all of stdout as plain text and ignores the JSON"', async () => {
    const where = machine();
    writeClaudeSettings(where.workspace, {
      hooks: { Stop: [{ hooks: [{ type: 'command', command: `echo 'Shell ready on arm64'; echo '{"decision": "block", "reason": "Not allowed"}'` }] }] },
    });
    const sidecar = await start(where);
    const result = await sidecar.request('hooks/Stop', { session, stopHookActive: false });
    expect(result.decision).toBe('none');
    expect(result.runs[0]).toMatchObject({ status: 'ok', exitCode: 0 });
  });
});

describe('Claude Code hooks guide and reference examples that need the 2.1 features', () => {
  it('"How a hook resolves": the if condition Bash(rm *) starts block-rm.sh only for rm, and its JSON deny blocks rm -rf', async () => {
    const where = machine();
    writeScript(
      where.workspace,
      '.claude/hooks/block-rm.sh',
      `#!/bin/bash
# .claude/hooks/block-rm.sh
COMMAND=$(jq -r '.tool_input.command')

if echo "$COMMAND" | grep -q 'rm -rf'; then
  jq -n '{
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: "Destructive command blocked by hook"
    }
  }'
else
  exit 0  # allow the command
fi
`,
    );
    writeClaudeSettings(where.workspace, {
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', if: 'Bash(rm *)', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/block-rm.sh' }] }] },
    });
    const sidecar = await start(where);
    const bash = (command: string) => ({ session, toolName: 'Bash', toolInput: { command } });
    expect(await sidecar.request('hooks/PreToolUse', bash('rm -rf /tmp/build'))).toMatchObject({ decision: 'deny', reason: 'Destructive command blocked by hook' });
    const safer = await sidecar.request('hooks/PreToolUse', bash('rm file.txt'));
    expect(safer).toMatchObject({ decision: 'none' });
    expect(safer.runs).toHaveLength(1);
    // "If the command had been npm test, the if check would fail and block-rm.sh would never run"
    expect((await sidecar.request('hooks/PreToolUse', bash('npm test'))).runs).toEqual([]);
  });

  it('"Filter by tool name and arguments with the if field": the table of Bash(git *) against commands', async () => {
    const where = machine();
    const ran = join(where.workspace, 'ran');
    writeScript(where.workspace, '.claude/hooks/check-git-policy.sh', `#!/bin/sh\njq -r .tool_input.command >> "${ran}"\n`);
    writeClaudeSettings(where.workspace, {
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', if: 'Bash(git *)', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/check-git-policy.sh' }] }] },
    });
    const sidecar = await start(where);
    for (const command of ['git push', 'npm test && git push', 'echo $(git log)', 'echo $(date)']) {
      await sidecar.request('hooks/PreToolUse', { session, toolName: 'Bash', toolInput: { command } });
    }
    expect(readFileSync(ran, 'utf8')).toBe('git push\nnpm test && git push\necho $(git log)\n');
  });

  it('"Audit configuration changes": the ConfigChange hook appends one JSON line with source and file', async () => {
    const where = machine();
    writeClaudeSettings(where.home, {
      hooks: { ConfigChange: [{ matcher: '', hooks: [{ type: 'command', command: "jq -c '{timestamp: now | todate, source: .source, file: .file_path}' >> ~/claude-config-audit.log" }] }] },
    });
    const sidecar = await start(where);
    const file = join(where.workspace, '.claude', 'settings.json');
    await sidecar.request('hooks/ConfigChange', { session, source: 'project_settings', filePath: file });
    const line = JSON.parse(readFileSync(join(where.home, 'claude-config-audit.log'), 'utf8'));
    expect(line).toMatchObject({ source: 'project_settings', file });
    expect(typeof line.timestamp).toBe('string');
  });

  it('"To block a change from taking effect, exit with code 2": ConfigChange blocks, except for policy_settings', async () => {
    const where = machine();
    writeClaudeSettings(where.workspace, { hooks: { ConfigChange: [{ hooks: [{ type: 'command', command: 'echo "settings are frozen" >&2; exit 2' }] }] } });
    const sidecar = await start(where);
    expect((await sidecar.request('hooks/ConfigChange', { session, source: 'user_settings' })).decision).toBe('block');
    expect((await sidecar.request('hooks/ConfigChange', { session, source: 'policy_settings' })).decision).toBe('none');
  });

  it('"Reload environment when directory or files change": SessionStart and CwdChanged write direnv\'s exports to CLAUDE_ENV_FILE', async () => {
    const where = machine();
    // A stand-in for `direnv export bash`, printing what direnv prints for an .envrc with one variable.
    writeFileSync(join(where.bin, 'direnv'), `#!/bin/sh\nprintf 'export PROJECT_ENV=%s\\n' "$(basename "$PWD")"\n`);
    chmodSync(join(where.bin, 'direnv'), 0o755);
    writeClaudeSettings(where.home, {
      hooks: {
        SessionStart: [{ hooks: [{ type: 'command', command: 'direnv export bash > "$CLAUDE_ENV_FILE"' }] }],
        CwdChanged: [{ hooks: [{ type: 'command', command: 'direnv export bash > "$CLAUDE_ENV_FILE"' }] }],
      },
    });
    const sidecar = await start(where);
    const started = await sidecar.request('hooks/SessionStart', { session, source: 'startup' });
    expect(started.environment).toEqual({ PROJECT_ENV: where.workspace.split('/').pop() });
    const moved = await sidecar.request('hooks/CwdChanged', { session: { ...session, cwd: join(where.workspace, 'sub') }, oldCwd: where.workspace, newCwd: join(where.workspace, 'sub') });
    expect(moved.environment).toEqual({ PROJECT_ENV: where.workspace.split('/').pop() });
  });

  it('"use FileChanged with a matcher listing the filenames to watch": .envrc|.env runs for those files only', async () => {
    const where = machine();
    writeFileSync(join(where.bin, 'direnv'), `#!/bin/sh\necho 'export FROM_ENVRC=1'\n`);
    chmodSync(join(where.bin, 'direnv'), 0o755);
    writeClaudeSettings(where.home, { hooks: { FileChanged: [{ matcher: '.envrc|.env', hooks: [{ type: 'command', command: 'direnv export bash > "$CLAUDE_ENV_FILE"' }] }] } });
    const sidecar = await start(where);
    const changed = (name: string) => ({ session, filePath: join(where.workspace, name), fileEvent: 'change' });
    expect((await sidecar.request('hooks/FileChanged', changed('.envrc'))).environment).toEqual({ FROM_ENVRC: '1' });
    expect((await sidecar.request('hooks/FileChanged', changed('package.json'))).runs).toEqual([]);
  });

  it('"Prompt-based hooks": a Stop prompt hook answering ok:false keeps Claude working with the reason', async () => {
    const where = machine();
    writeClaudeSettings(where.workspace, {
      hooks: { Stop: [{ hooks: [{ type: 'prompt', prompt: 'Check if all tasks are complete. If not, respond with {"ok": false, "reason": "what remains to be done"}.' }] }] },
    });
    const sidecar = await start(where, { capabilities: { modelJudge: true } });
    const prompts: string[] = [];
    sidecar.onRequest('hooks/judge', (params: { prompt: string }) => {
      prompts.push(params.prompt);
      return { ok: false, reason: 'the README still needs the new option' };
    });
    expect(await sidecar.request('hooks/Stop', { session, stopHookActive: false })).toMatchObject({ decision: 'block', reason: 'the README still needs the new option' });
    // No $ARGUMENTS in the prompt: the hook input is appended.
    expect(prompts[0]).toContain('Check if all tasks are complete.');
    expect(prompts[0]).toContain('"hook_event_name":"Stop"');
  });

  it('"Agent-based hooks": $ARGUMENTS is replaced with the hook input and ok:true lets Claude stop', async () => {
    const where = machine();
    writeClaudeSettings(where.workspace, {
      hooks: { Stop: [{ hooks: [{ type: 'agent', prompt: 'Verify that all unit tests pass. Run the test suite and check the results. $ARGUMENTS', timeout: 120 }] }] },
    });
    const sidecar = await start(where, { capabilities: { modelJudge: true } });
    const asked: Array<{ kind: string; prompt: string; timeoutMs: number }> = [];
    sidecar.onRequest('hooks/judge', (params: { kind: string; prompt: string; timeoutMs: number }) => {
      asked.push(params);
      return { ok: true };
    });
    expect((await sidecar.request('hooks/Stop', { session, stopHookActive: false })).decision).toBe('none');
    expect(asked[0]).toMatchObject({ kind: 'agent', timeoutMs: 120_000 });
    expect(asked[0]!.prompt).toMatch(/^Verify that all unit tests pass\. Run the test suite and check the results\. \{.*"hook_event_name":"Stop"/);
  });

  it('"HTTP hooks": every tool use is POSTed with the Authorization header filled from allowedEnvVars', async () => {
    const seen: Array<{ url: string | undefined; authorization: string | undefined; body: string }> = [];
    const server = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push({ url: request.url, authorization: request.headers.authorization, body });
        response.writeHead(200, { 'Content-Type': 'application/json' }).end('');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as { port: number }).port;
      const where = machine();
      // As the guide writes it, with the test server's port in place of 8080.
      writeClaudeSettings(where.workspace, {
        hooks: {
          PostToolUse: [
            { hooks: [{ type: 'http', url: `http://localhost:${port}/hooks/tool-use`, headers: { Authorization: 'Bearer $MY_TOKEN' }, allowedEnvVars: ['MY_TOKEN'] }] },
          ],
        },
      });
      const sidecar = await start(where, {}, { MY_TOKEN: 'tok-123' });
      const result = await sidecar.request('hooks/PostToolUse', { session, toolName: 'Bash', toolInput: { command: 'ls' }, toolResponse: { stdout: 'a' } });
      expect(result).toMatchObject({ decision: 'none' });
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ url: '/hooks/tool-use', authorization: 'Bearer tok-123' });
      expect(JSON.parse(seen[0]!.body)).toMatchObject({ hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
