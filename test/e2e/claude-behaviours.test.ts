// The Claude Code behaviours, each against the real built sidecar over stdio.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Sidecar, type WireFraming } from '../helpers/sidecar.js';
import { makeWorkspace, oneHook, writeClaudeSettings } from '../helpers/workspace.js';
import { allGone, readPids } from '../helpers/pid-file.js';

const emit = (output: unknown) => `printf '%s' '${JSON.stringify(output)}'`;
const session = { id: 'e2e-session' };
const bash = (command: string) => ({ session, toolName: 'Bash', toolInput: { command }, toolUseId: 'toolu_e2e' });

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

async function sidecarWith(settings: unknown, options: { framing?: WireFraming; args?: string[]; init?: Record<string, unknown> } = {}) {
  const workspace = makeWorkspace();
  writeClaudeSettings(workspace, settings);
  const sidecar = new Sidecar(options.framing ?? 'ndjson', options.args ?? []);
  open.push(sidecar);
  const init = await sidecar.initialize(workspace, options.init ?? {});
  return { sidecar, workspace, init };
}

describe.each(['ndjson', 'content-length'] as const)('acceptance in %s framing', (framing) => {
  it('a hook that prints "no" to stderr and exits 2 denies PreToolUse with that reason', async () => {
    const { sidecar, init } = await sidecarWith(oneHook('PreToolUse', 'echo no >&2; exit 2', { matcher: 'Bash' }), { framing });
    expect(init.hooks).toHaveLength(1);
    const result = await sidecar.request('hooks/PreToolUse', bash('ls'));
    expect(result.decision).toBe('deny');
    expect(result.reason).toContain('no');
    expect(result.runs[0].exitCode).toBe(2);
  });
});

describe('Claude Code behaviours (built sidecar)', () => {
  it('exit 0 without output: no decision, the tool proceeds', async () => {
    const { sidecar } = await sidecarWith(oneHook('PreToolUse', 'true'));
    const result = await sidecar.request('hooks/PreToolUse', bash('ls'));
    expect(result).toMatchObject({ decision: 'none', continue: true });
    expect(result.runs[0]).toMatchObject({ status: 'ok', exitCode: 0, failureClass: null });
  });

  it('JSON permissionDecision deny with a reason', async () => {
    const { sidecar } = await sidecarWith(
      oneHook('PreToolUse', emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'not here' } })),
    );
    expect(await sidecar.request('hooks/PreToolUse', bash('ls'))).toMatchObject({ decision: 'deny', reason: 'not here' });
  });

  it('JSON permissionDecision allow', async () => {
    const { sidecar } = await sidecarWith(oneHook('PreToolUse', emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } })));
    expect((await sidecar.request('hooks/PreToolUse', bash('ls'))).decision).toBe('allow');
  });

  it('JSON permissionDecision ask', async () => {
    const { sidecar } = await sidecarWith(
      oneHook('PreToolUse', emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'sure?' } })),
    );
    expect(await sidecar.request('hooks/PreToolUse', bash('ls'))).toMatchObject({ decision: 'ask', reason: 'sure?' });
  });

  it('updatedInput with allow rewrites the tool input', async () => {
    const { sidecar } = await sidecarWith(
      oneHook(
        'PreToolUse',
        emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { command: 'ls -la' } } }),
      ),
    );
    expect(await sidecar.request('hooks/PreToolUse', bash('ls'))).toMatchObject({ decision: 'allow', updatedInput: { command: 'ls -la' } });
  });

  it('a hook sleeping past its timeout fails open and every process of that hook is gone', async () => {
    const workspace = makeWorkspace();
    const pids = join(workspace, 'pids');
    writeClaudeSettings(workspace, oneHook('PreToolUse', `echo $$ >> ${pids}; sleep 60 & echo $! >> ${pids}; wait`, { timeout: 1 }));
    const sidecar = new Sidecar();
    open.push(sidecar);
    await sidecar.initialize(workspace);
    const result = await sidecar.request('hooks/PreToolUse', bash('ls'));
    expect(result.decision).toBe('none');
    expect(result.runs[0]).toMatchObject({ status: 'timeout', timedOut: true, failureClass: 'timeout' });
    const started = readPids(pids);
    expect(started).toHaveLength(2);
    expect(allGone(started)).toBe(true);
  });

  it('onFailure "block": a hook that times out blocks instead of failing open', async () => {
    const { sidecar } = await sidecarWith(oneHook('PreToolUse', 'sleep 30', { timeout: 1, onFailure: 'block' }));
    expect((await sidecar.request('hooks/PreToolUse', bash('ls'))).decision).toBe('deny');
  });

  it('deny and allow in one group: deny wins', async () => {
    const { sidecar } = await sidecarWith({
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              { type: 'command', command: emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } }) },
              { type: 'command', command: emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'd' } }) },
            ],
          },
        ],
      },
    });
    const result = await sidecar.request('hooks/PreToolUse', bash('ls'));
    expect(result.decision).toBe('deny');
    expect(result.runs.map((run: { decision: string }) => run.decision)).toEqual(['allow', 'deny']);
  });

  it('deny and allow across two groups: deny wins', async () => {
    const { sidecar } = await sidecarWith({
      hooks: {
        PreToolUse: [
          { matcher: 'Bash', hooks: [{ type: 'command', command: emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny' } }) }] },
          { matcher: '*', hooks: [{ type: 'command', command: emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } }) }] },
        ],
      },
    });
    expect((await sidecar.request('hooks/PreToolUse', bash('ls'))).decision).toBe('deny');
  });

  it('PostToolUse additionalContext reaches the result', async () => {
    const { sidecar } = await sidecarWith(
      oneHook('PostToolUse', emit({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'formatted' } }), { matcher: 'Write' }),
    );
    const result = await sidecar.request('hooks/PostToolUse', {
      session,
      toolName: 'Write',
      toolInput: { file_path: '/x' },
      toolResponse: { success: true },
    });
    expect(result.additionalContext).toContain('formatted');
  });

  it('PostToolUse decision "block" with a reason', async () => {
    const { sidecar } = await sidecarWith(oneHook('PostToolUse', emit({ decision: 'block', reason: 'lint failed' })));
    expect(await sidecar.request('hooks/PostToolUse', { ...bash('ls'), toolResponse: 'ok' })).toMatchObject({ decision: 'block', reason: 'lint failed' });
  });

  it('PostToolUse exit 2 does not block: stderr is fed back to the model', async () => {
    const { sidecar } = await sidecarWith(oneHook('PostToolUse', 'echo "tests broke" >&2; exit 2'));
    const result = await sidecar.request('hooks/PostToolUse', { ...bash('ls'), toolResponse: 'ok' });
    expect(result.decision).toBe('none');
    expect(result.feedback).toContain('tests broke');
  });

  it('UserPromptSubmit blocked by JSON decision "block"', async () => {
    const { sidecar } = await sidecarWith(oneHook('UserPromptSubmit', emit({ decision: 'block', reason: 'no secrets' })));
    expect(await sidecar.request('hooks/UserPromptSubmit', { session, prompt: 'my key is x' })).toMatchObject({ decision: 'block', reason: 'no secrets' });
  });

  it('UserPromptSubmit blocked by exit 2 with stderr as the reason', async () => {
    const { sidecar } = await sidecarWith(oneHook('UserPromptSubmit', 'echo "prompt refused" >&2; exit 2'));
    const result = await sidecar.request('hooks/UserPromptSubmit', { session, prompt: 'hi' });
    expect(result.decision).toBe('block');
    expect(result.reason).toContain('prompt refused');
  });

  it('UserPromptSubmit plain stdout becomes context', async () => {
    const { sidecar } = await sidecarWith(oneHook('UserPromptSubmit', 'echo "branch: main"'));
    const result = await sidecar.request('hooks/UserPromptSubmit', { session, prompt: 'hi' });
    expect(result.decision).toBe('none');
    expect(result.additionalContext).toContain('branch: main');
  });

  it('plain stdout on PreToolUse is not context', async () => {
    const { sidecar } = await sidecarWith(oneHook('PreToolUse', 'echo "just logging"'));
    const result = await sidecar.request('hooks/PreToolUse', bash('ls'));
    expect(result.additionalContext ?? '').not.toContain('just logging');
  });

  it('Stop blocked with a reason keeps the agent working', async () => {
    const { sidecar } = await sidecarWith(oneHook('Stop', emit({ decision: 'block', reason: 'run the tests first' })));
    expect(await sidecar.request('hooks/Stop', { session, stopHookActive: false })).toMatchObject({ decision: 'block', reason: 'run the tests first' });
  });

  it('a Stop hook that always blocks is capped: hookd stops anyway and says why', async () => {
    const { sidecar } = await sidecarWith(oneHook('Stop', emit({ decision: 'block', reason: 'again' })), { init: { options: { stopBlockCap: 2 } } });
    const decisions: string[] = [];
    let last: any;
    for (let i = 0; i < 3; i += 1) {
      last = await sidecar.request('hooks/Stop', { session, stopHookActive: i > 0 });
      decisions.push(last.decision);
    }
    expect(decisions).toEqual(['block', 'block', 'none']);
    expect(last.notes.join(' ')).toMatch(/cap of 2/);
  });

  it('the Stop cap defaults to 8 consecutive blocks', async () => {
    const { sidecar } = await sidecarWith(oneHook('Stop', emit({ decision: 'block', reason: 'again' })));
    const decisions: string[] = [];
    for (let i = 0; i < 9; i += 1) decisions.push((await sidecar.request('hooks/Stop', { session, stopHookActive: i > 0 })).decision);
    expect(decisions.slice(0, 8).every((decision) => decision === 'block')).toBe(true);
    expect(decisions[8]).toBe('none');
  });

  it('exit 1 is a non-blocking error', async () => {
    const { sidecar } = await sidecarWith(oneHook('PreToolUse', 'echo oops >&2; exit 1'));
    const result = await sidecar.request('hooks/PreToolUse', bash('ls'));
    expect(result.decision).toBe('none');
    expect(result.runs[0]).toMatchObject({ status: 'error', failureClass: 'nonzero_exit', exitCode: 1 });
  });

  it('a non-matching matcher runs nothing', async () => {
    const { sidecar } = await sidecarWith(oneHook('PreToolUse', 'exit 2', { matcher: 'Write|Edit' }));
    const result = await sidecar.request('hooks/PreToolUse', bash('rm -rf /'));
    expect(result.runs).toEqual([]);
    expect(result.decision).toBe('none');
  });

  it('a regex matcher is unanchored: "Edit.*" also matches NotebookEdit', async () => {
    const { sidecar } = await sidecarWith(oneHook('PreToolUse', 'echo regex >&2; exit 2', { matcher: 'Edit.*' }));
    const notebook = await sidecar.request('hooks/PreToolUse', { session, toolName: 'NotebookEdit', toolInput: {} });
    expect(notebook.decision).toBe('deny');
    expect((await sidecar.request('hooks/PreToolUse', bash('ls'))).runs).toEqual([]);
  });

  it('continue: false stops the agent with the stop reason', async () => {
    const { sidecar } = await sidecarWith(oneHook('PostToolUse', emit({ continue: false, stopReason: 'budget exhausted' })));
    expect(await sidecar.request('hooks/PostToolUse', { ...bash('ls'), toolResponse: 'ok' })).toMatchObject({
      continue: false,
      stopReason: 'budget exhausted',
    });
  });

  it('stdout starting with "{" that is not valid JSON is plain text: ignored on PreToolUse, not a failed run', async () => {
    const { sidecar } = await sidecarWith(oneHook('PreToolUse', `printf '{"hookSpecificOutput": '`));
    const result = await sidecar.request('hooks/PreToolUse', bash('ls'));
    expect(result.decision).toBe('none');
    expect(result.runs[0]).toMatchObject({ status: 'ok', failureClass: null });
  });

  it('hooks from the user-scope file (~/.claude/settings.json) run', async () => {
    const workspace = makeWorkspace();
    const home = makeWorkspace('hookd-home-');
    mkdirSync(join(home, '.claude'), { recursive: true });
    writeFileSync(join(home, '.claude', 'settings.json'), JSON.stringify(oneHook('PreToolUse', 'echo from-user >&2; exit 2')));
    const sidecar = new Sidecar();
    open.push(sidecar);
    const init = await sidecar.initialize(workspace, { home });
    expect(init.hooks[0].scope).toBe('user');
    const result = await sidecar.request('hooks/PreToolUse', bash('ls'));
    expect(result.decision).toBe('deny');
    expect(result.reason).toContain('from-user');
  });

  it('a statusMessage is sent as a progress notification while the hook runs', async () => {
    const { sidecar } = await sidecarWith(oneHook('PreToolUse', 'true', { statusMessage: 'Scanning…' }));
    await sidecar.request('hooks/PreToolUse', bash('ls'));
    const progress = sidecar.notifications.filter((message) => message.method === 'hooks/progress').map((message) => message.params);
    expect(progress).toMatchObject([
      { phase: 'started', statusMessage: 'Scanning…', event: 'PreToolUse', sessionId: 'e2e-session' },
      { phase: 'finished', statusMessage: 'Scanning…' },
    ]);
  });

  it('the hook receives the Claude Code envelope on stdin and CLAUDE_PROJECT_DIR in its environment', async () => {
    const workspace = makeWorkspace();
    const out = join(workspace, 'seen.json');
    writeClaudeSettings(workspace, oneHook('PreToolUse', `cat > ${out}; echo "$CLAUDE_PROJECT_DIR|$CLAUDE_CODE_SESSION_ID|$PWD" > ${out}.env`));
    const sidecar = new Sidecar();
    open.push(sidecar);
    await sidecar.initialize(workspace);
    await sidecar.request('hooks/PreToolUse', { ...bash('ls'), session: { ...session, cwd: workspace, transcriptPath: '/t.jsonl', permissionMode: 'default' } });
    const { readFileSync } = await import('node:fs');
    const envelope = JSON.parse(readFileSync(out, 'utf8'));
    expect(Object.keys(envelope).slice(0, 7)).toEqual(['session_id', 'transcript_path', 'cwd', 'permission_mode', 'hook_event_name', 'tool_name', 'tool_input']);
    expect(envelope).toMatchObject({ session_id: 'e2e-session', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' }, cwd: workspace });
    expect(readFileSync(`${out}.env`, 'utf8').trim()).toBe(`${workspace}|e2e-session|${workspace}`);
  });
});
