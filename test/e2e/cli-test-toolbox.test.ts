// `hookd test` as a hook author's tool, through the built CLI: the stdin each hook read, its output and how hookd
// read it; --input with the agent's own stdin envelope (claude, bamboo) or protocol params; --tool, --tool-input,
// --prompt; the exit status (0 ok, 1 configuration errors or a failed hook, 2 usage).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bambooSetup, writeBambooConfig } from '../helpers/bamboo.js';
import { HOOKD_BIN } from '../helpers/sidecar.js';
import { makeWorkspace, writeClaudeSettings } from '../helpers/workspace.js';
import { OBSERVED } from '../helpers/observed-claude-envelopes.js';

// The timeout only turns a hang into a failure (a killed run has status null); no test asserts a duration.
const hookd = (args: string[], env: NodeJS.ProcessEnv = process.env) => spawnSync(process.execPath, [HOOKD_BIN, 'test', ...args], { encoding: 'utf8', timeout: 30_000, env });

/** Claude Code 2.1.332's PreToolUse stdin, as recorded (shared/reference/observed-envelopes.md). */
const OBSERVED_PRE_TOOL_USE = OBSERVED.PreToolUse;

/** A guard as tutorials write it: reads the envelope, denies when the command touches a marker or removes files. */
const GUARD =
  `input=$(cat); printf '%s' "$input" > seen-stdin.json; ` +
  `case "$input" in *'"command":"rm -rf'*|*tool_ran.marker*) ` +
  `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"not that"}}';; ` +
  `*) echo 'looks fine' >&2;; esac`;

function guardedWorkspace(more: Record<string, unknown[]> = {}): string {
  const workspace = makeWorkspace();
  writeClaudeSettings(workspace, { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: GUARD }] }], ...more } });
  return workspace;
}

const inWorkspace = (workspace: string) => ['--workspace', workspace, '--home', workspace];

describe('hookd test --input: the agent\'s own stdin envelope or protocol params', () => {
  it('a recorded Claude Code envelope gives the same decision, stdin and reading as the same event as protocol params', () => {
    const workspace = guardedWorkspace();
    const envelopeFile = join(workspace, 'envelope.json');
    writeFileSync(envelopeFile, JSON.stringify(OBSERVED_PRE_TOOL_USE, null, 1));
    const paramsFile = join(workspace, 'params.json');
    writeFileSync(
      paramsFile,
      JSON.stringify({
        session: { id: OBSERVED_PRE_TOOL_USE.session_id, transcriptPath: '<transcript path>', cwd: '/home/user/project', promptId: OBSERVED_PRE_TOOL_USE.prompt_id, permissionMode: 'default' },
        toolName: 'Bash',
        toolInput: OBSERVED_PRE_TOOL_USE.tool_input,
        toolUseId: 'toolu_mock_1_0',
      }),
    );
    // No event on the command line: the envelope's hook_event_name names it.
    const fromEnvelope = hookd(['--input', envelopeFile, '--json', ...inWorkspace(workspace)]);
    const fromParams = hookd(['PreToolUse', '--input', paramsFile, '--json', ...inWorkspace(workspace)]);
    expect(fromEnvelope.status, fromEnvelope.stderr).toBe(0);
    expect(fromParams.status, fromParams.stderr).toBe(0);
    const [envelopeReport, paramsReport] = [JSON.parse(fromEnvelope.stdout), JSON.parse(fromParams.stdout)];
    expect(envelopeReport.inputKind).toBe('envelope');
    expect(paramsReport.inputKind).toBe('params');
    for (const report of [envelopeReport, paramsReport]) {
      expect(report.result.decision).toBe('deny');
      expect(report.result.reason).toBe('not that');
      expect(report.result.runs[0].reading).toBe('stdout is JSON: hookSpecificOutput.permissionDecision "deny", hookSpecificOutput.permissionDecisionReason → deny');
    }
    // The hook read exactly the envelope Claude Code would have sent, field for field and in order.
    expect(envelopeReport.stdin).toBe(JSON.stringify(OBSERVED_PRE_TOOL_USE));
    expect(paramsReport.stdin).toBe(envelopeReport.stdin);
    expect(envelopeReport.result.runs[0].stdout.excerpt).toContain('"permissionDecision":"deny"');
  });

  it('without a session the synthetic one is used; a misspelt field or another event is a usage error naming it', () => {
    const workspace = guardedWorkspace();
    const sessionless = join(workspace, 'sessionless.json');
    writeFileSync(sessionless, JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } }));
    const report = JSON.parse(hookd(['--input', sessionless, '--json', ...inWorkspace(workspace)]).stdout);
    expect(JSON.parse(report.stdin)).toMatchObject({ session_id: 'hookd-test-session', cwd: workspace, tool_input: { command: 'ls' } });

    const typo = join(workspace, 'typo.json');
    writeFileSync(typo, JSON.stringify({ ...OBSERVED_PRE_TOOL_USE, tool_input: undefined, tool_inptu: { command: 'ls' } }));
    const misspelt = hookd(['--input', typo, ...inWorkspace(workspace)]);
    expect(misspelt.status).toBe(2);
    expect(misspelt.stderr).toContain('unknown field "tool_inptu" in a claude PreToolUse envelope (did you mean "tool_input"?)');

    const envelopeFile = join(workspace, 'envelope.json');
    writeFileSync(envelopeFile, JSON.stringify(OBSERVED_PRE_TOOL_USE));
    const mismatch = hookd(['PostToolUse', '--input', envelopeFile, ...inWorkspace(workspace)]);
    expect(mismatch.status).toBe(2);
    expect(mismatch.stderr).toContain(`hook_event_name is "PreToolUse" but the command line names PostToolUse`);
    expect(mismatch.stdout).toBe('');
  });

  it('bamboo: its schema-versioned envelope is read through the dialect', () => {
    const setup = bambooSetup();
    writeBambooConfig(setup.userFile, {
      PreToolUse: [{ matcher: '^Bash$', hooks: [{ type: 'command', command: `grep -q 'rm -rf' && echo '{"decision":"block","reason":"bamboo says no"}' || true` }] }],
    });
    const envelope = {
      schema_version: 1,
      hook_event_name: 'PreToolUse',
      session_id: 'bamboo-session-7',
      workspace_path: '/elsewhere/project',
      model: 'claude-sonnet-4',
      payload: { type: 'tool_call', tool_name: 'Bash', tool_input: { command: 'rm -rf build' }, tool_use_id: 'toolu_9' },
      timestamp: '2026-07-22T09:00:00Z',
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf build' },
      tool_response: null,
    };
    const file = join(setup.workspace, 'envelope.json');
    writeFileSync(file, JSON.stringify(envelope));
    const result = hookd(['--input', file, '--dialect', 'bamboo', '--json', '--workspace', setup.workspace, '--home', join(setup.dataDir, '..')], {
      ...process.env,
      BAMBOO_DATA_DIR: setup.dataDir,
    });
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.inputKind).toBe('envelope');
    expect(report.result.decision).toBe('block');
    expect(report.result.runs[0].reading).toBe('stdout is JSON: decision "block", reason → block');
    // The same envelope, except that hooks run in (and are told) the dry run's workspace.
    expect(JSON.parse(report.stdin)).toEqual({ ...envelope, workspace_path: setup.workspace });
  });
});

describe('hookd test prints what each hook got, printed and decided', () => {
  it('the exact stdin, stdout and stderr excerpts, exit code, duration and how the output was read', () => {
    const workspace = makeWorkspace();
    writeClaudeSettings(workspace, {
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              { type: 'command', command: `cat > /dev/null; printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm"}}'` },
              { type: 'command', command: 'cat > /dev/null; echo "first line\nsecond line"; echo "refused here" >&2; exit 2' },
            ],
          },
        ],
      },
    });
    const result = hookd(['PreToolUse', ...inWorkspace(workspace)]);
    expect(result.status, result.stderr).toBe(0);
    const lines = result.stdout.split('\n');
    const stdinAt = lines.findIndex((line) => /^stdin \(each hook read these \d+ bytes\):$/.test(line));
    expect(stdinAt).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(lines[stdinAt + 1]!.trim())).toMatchObject({ session_id: 'hookd-test-session', hook_event_name: 'PreToolUse', tool_input: { command: 'echo hello' } });
    expect(result.stdout).toMatch(/project:PreToolUse\[0\]\.hooks\[0\]: ok, exit 0, [\d.]+ ms, decision deny/);
    expect(result.stdout).toContain('    read: stdout is JSON: hookSpecificOutput.permissionDecision "deny", hookSpecificOutput.permissionDecisionReason → deny');
    expect(result.stdout).toMatch(/ {4}stdout \(\d+ bytes\):\n {6}\{"hookSpecificOutput":\{"hookEventName":"PreToolUse","permissionDecision":"deny"/);
    expect(result.stdout).toMatch(/project:PreToolUse\[0\]\.hooks\[1\]: ok, exit 2, [\d.]+ ms, decision deny/);
    expect(result.stdout).toContain('    read: exit 2: stderr is the reason → deny');
    expect(result.stdout).toContain('    stdout (23 bytes):\n      first line\n      second line\n    stderr (13 bytes):\n      refused here');
    expect(result.stdout).toContain('decision: deny — no rm\nrefused here');
  });

  it('a hook that prints terminal escape sequences cannot drive the terminal through the report', () => {
    const workspace = makeWorkspace();
    writeClaudeSettings(workspace, { hooks: { Stop: [{ hooks: [{ type: 'command', command: `printf 'x\\033]0;owned\\007y'` }] }] } });
    const result = hookd(['Stop', ...inWorkspace(workspace)]);
    expect(result.stdout).toContain('x\\u001b]0;owned\\u0007y');
    expect(result.stdout).not.toContain('\u001b');
  });
});

describe('shortcuts: --tool, --tool-input, --prompt', () => {
  it('--tool Bash --tool-input \'{"command":"rm -rf /"}\' is the tool call the hooks read', () => {
    const workspace = guardedWorkspace();
    const result = hookd(['PreToolUse', '--tool', 'Bash', '--tool-input', '{"command":"rm -rf /"}', '--json', ...inWorkspace(workspace)]);
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.result.decision).toBe('deny');
    expect(JSON.parse(report.stdin)).toMatchObject({ tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });
  });

  it('--tool-input is laid over --input, and another tool is matched by its own name', () => {
    const workspace = guardedWorkspace();
    const envelopeFile = join(workspace, 'envelope.json');
    writeFileSync(envelopeFile, JSON.stringify(OBSERVED_PRE_TOOL_USE));
    // The envelope's command would be denied; the shortcut replaces it with a harmless one.
    const over = JSON.parse(hookd(['--input', envelopeFile, '--tool-input', '{"command":"ls"}', '--json', ...inWorkspace(workspace)]).stdout);
    expect(over.result.decision).toBe('none');
    expect(JSON.parse(over.stdin)).toMatchObject({ session_id: OBSERVED_PRE_TOOL_USE.session_id, tool_input: { command: 'ls' } });
    expect(over.result.runs[0].stderr.excerpt).toBe('looks fine\n');
    const write = JSON.parse(hookd(['PreToolUse', '--tool', 'Write', '--json', ...inWorkspace(workspace)]).stdout);
    expect(write.result.runs).toEqual([]);
    expect(write.params).toMatchObject({ toolName: 'Write', toolInput: {} });
  });

  it('--tool-input that is not a JSON object, or --tool on an event without a tool call, is a usage error', () => {
    const workspace = guardedWorkspace();
    const notObject = hookd(['PreToolUse', '--tool-input', '["rm"]', ...inWorkspace(workspace)]);
    expect(notObject.status).toBe(2);
    expect(notObject.stderr).toContain('--tool-input must be a JSON object');
    const noTool = hookd(['Stop', '--tool', 'Bash', ...inWorkspace(workspace)]);
    expect(noTool.status).toBe(2);
    expect(noTool.stderr).toContain('--tool and --tool-input apply to events with a tool call');
  });

  it('--prompt is the prompt UserPromptSubmit hooks read', () => {
    const workspace = makeWorkspace();
    writeClaudeSettings(workspace, { hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: `grep -o '"prompt":"[^"]*"'` }] }] } });
    const result = hookd(['UserPromptSubmit', '--prompt', 'deploy to prod', ...inWorkspace(workspace)]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('      "prompt":"deploy to prod"');
    expect(result.stdout).toContain('    read: exit 0, plain stdout → added as context');
    expect(result.stdout).toContain('additionalContext: "prompt":"deploy to prod"');
  });
});

describe('exit status gates CI: 0 ok, 1 configuration errors or a failed hook, 2 usage', () => {
  it('--help documents the shortcuts, envelopes and exit codes', () => {
    const help = spawnSync(process.execPath, [HOOKD_BIN, '--help'], { encoding: 'utf8', timeout: 30_000 }).stdout;
    for (const text of ['--tool NAME', '--tool-input JSON', '--prompt TEXT', 'stdin envelope', 'Exit status: 0 ok', '2 bad usage']) expect(help).toContain(text);
  });

  it('0 when every hook ran and the configuration is clean, whatever they decided', () => {
    const result = hookd(['PreToolUse', '--tool-input', '{"command":"rm -rf /"}', ...inWorkspace(guardedWorkspace())]);
    expect(result.stdout).toContain('decision: deny');
    expect(result.status).toBe(0);
  });

  it('1 when a hook failed (exit 1 is a non-blocking error), with the failure in the report', () => {
    const workspace = makeWorkspace();
    writeClaudeSettings(workspace, { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo crashed >&2; exit 1' }] }] } });
    const result = hookd(['PreToolUse', ...inWorkspace(workspace)]);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('error (nonzero_exit), exit 1');
    expect(result.stdout).toContain('read: exit 1: non-blocking error, stdout ignored → failed (nonzero_exit), fails open');
    const json = hookd(['PreToolUse', '--json', ...inWorkspace(workspace)]);
    expect(json.status).toBe(1);
    expect(JSON.parse(json.stdout).exitStatus).toBe(1);
  });

  it('1 when the configuration has errors, even if the hooks that loaded are fine', () => {
    const workspace = makeWorkspace();
    writeClaudeSettings(workspace, {
      hooks: { PreToolUse: [{ matcher: '(', hooks: [{ type: 'command', command: 'true' }] }], Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] },
    });
    const result = hookd(['Stop', ...inWorkspace(workspace)]);
    expect(result.stdout).toMatch(/^config \S+settings\.json:\d+:\d+: error: invalid regular expression in matcher/m);
    expect(result.status).toBe(1);
  });
});
