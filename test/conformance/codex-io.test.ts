// Conformance of the codex dialect's input, output and decisions with what Codex CLI 0.171 was observed to do
// (observed-decisions.md, Codex column; observed-envelopes.md "codex"; hook-systems §3.3–3.5), through the real engine
// and the real process runner. Test names quote the scenario.
import { writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAlive, waitUntil } from '../helpers/processes.js';
import { OBSERVED_COMMAND, SESSION, emit, quote, record, shellCall, trackedCodexBenches } from './codex-bench.js';

const bench = trackedCodexBenches();
const SESSION_INFO = { id: SESSION, turnId: '01a22898-5f90-7e83-b226-257bb1c199a3', transcriptPath: '/tmp/rollout.jsonl', model: 'gpt-5.1-codex', permissionMode: 'bypassPermissions' };
const COMMON = ['session_id', 'turn_id', 'transcript_path', 'cwd', 'hook_event_name', 'model', 'permission_mode'];

describe('observed-envelopes "codex": the stdin and environment of a hook', () => {
  it('PreToolUse — "session_id, turn_id, transcript_path, cwd, hook_event_name, model, permission_mode, tool_name, tool_input, tool_use_id", in that order', async () => {
    const b = bench();
    b.one('PreToolUse', record('stdin'));
    await b.dispatch('PreToolUse', { ...shellCall(), session: { ...SESSION_INFO, cwd: b.project } });
    const stdin = b.read('stdin');
    expect(Object.keys(JSON.parse(stdin))).toEqual([...COMMON, 'tool_name', 'tool_input', 'tool_use_id']);
    expect(JSON.parse(stdin)).toEqual({
      session_id: SESSION,
      turn_id: SESSION_INFO.turnId,
      transcript_path: '/tmp/rollout.jsonl',
      cwd: b.project,
      hook_event_name: 'PreToolUse',
      model: 'gpt-5.1-codex',
      permission_mode: 'bypassPermissions',
      tool_name: 'Bash',
      tool_input: { command: OBSERVED_COMMAND },
      tool_use_id: 'call_mock_1_0',
    });
    expect(stdin.endsWith('\n')).toBe(false);
  });

  it('PostToolUse — "+ tool_response" as given (a string in the observed envelope: "hi\\n"), before tool_use_id', async () => {
    const b = bench();
    b.one('PostToolUse', record('stdin'));
    await b.dispatch('PostToolUse', { ...shellCall(), toolResponse: 'hi\n', session: SESSION_INFO });
    const stdin = b.json('stdin');
    expect(Object.keys(stdin)).toEqual([...COMMON, 'tool_name', 'tool_input', 'tool_response', 'tool_use_id']);
    expect(stdin.tool_response).toBe('hi\n');
  });

  it('UserPromptSubmit — "+ prompt"; Stop — "+ stop_hook_active, last_assistant_message"', async () => {
    const b = bench();
    b.configure({ hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: record('prompt') }] }], Stop: [{ hooks: [{ type: 'command', command: record('stop') }] }] } });
    await b.dispatch('UserPromptSubmit', { prompt: 'run the command', session: SESSION_INFO });
    await b.dispatch('Stop', { stopHookActive: false, lastAssistantMessage: 'done', session: SESSION_INFO });
    expect(Object.keys(b.json('prompt'))).toEqual([...COMMON, 'prompt']);
    expect(b.json('prompt').prompt).toBe('run the command');
    expect(Object.keys(b.json('stop'))).toEqual([...COMMON, 'stop_hook_active', 'last_assistant_message']);
    expect(b.json('stop')).toMatchObject({ stop_hook_active: false, last_assistant_message: 'done' });
  });

  it('"transcript_path (nullable)" — null when the client does not know it; permission_mode "default" when not given', async () => {
    const b = bench();
    b.one('PreToolUse', record('stdin'));
    await b.dispatch('PreToolUse', shellCall());
    expect(b.json('stdin')).toMatchObject({ transcript_path: null, turn_id: null, permission_mode: 'default' });
  });

  it('§3.3 SessionStart — "source" and no turn_id (not turn-scoped)', async () => {
    const b = bench();
    b.one('SessionStart', record('stdin'));
    await b.dispatch('SessionStart', { source: 'resume', session: SESSION_INFO });
    expect(Object.keys(b.json('stdin'))).toEqual(['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'model', 'permission_mode', 'source']);
    expect(b.json('stdin').source).toBe('resume');
  });

  it('the issue: "the hook runs under `/bin/bash -c`", with env CODEX_HOME', async () => {
    const b = bench();
    b.one('PreToolUse', 'printf "%s\\n%s" "$0" "$CODEX_HOME" > "$REC/env"');
    await b.dispatch('PreToolUse', shellCall());
    expect(b.read('env').split('\n')).toEqual(['/bin/bash', b.codexHome]);
  });

  it('16 "project `.codex/hooks.json` runs when the project is trusted" — its hooks get CODEX_HOME too, and run in the project', async () => {
    const b = bench();
    b.configureProject({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'printf "%s\\n%s" "$CODEX_HOME" "$PWD" > "$REC/env"' }] }] } });
    const result = await b.dispatch('PreToolUse', shellCall());
    expect(result.runs.map((run) => run.status)).toEqual(['ok']);
    expect(b.read('env').split('\n')).toEqual([b.codexHome, b.project]);
  });
});

describe('observed-decisions, Codex column (PreToolUse on the shell tool)', () => {
  it('01 "exit 0, no output" — tool runs (no decision)', async () => {
    const b = bench();
    b.one('PreToolUse', 'exit 0');
    const result = await b.dispatch('PreToolUse', shellCall());
    expect(result).toMatchObject({ decision: 'none', continue: true });
    expect(result.runs.map((run) => run.status)).toEqual(['ok']);
  });

  it('02 "exit 2 + stderr" — not run: "Command blocked by PreToolUse hook: BLOCKED: policy says no"', async () => {
    const b = bench();
    b.one('PreToolUse', 'echo "BLOCKED: policy says no" >&2; exit 2');
    const result = await b.dispatch('PreToolUse', shellCall());
    expect(result).toMatchObject({ decision: 'deny', reason: 'BLOCKED: policy says no' });
  });

  it('§3.4 "exit 2 with non-empty stderr (empty stderr = hook failure, not a block)"', async () => {
    const b = bench();
    b.one('PreToolUse', 'echo "on stdout only"; exit 2');
    const result = await b.dispatch('PreToolUse', shellCall());
    expect(result.decision).toBe('none');
    expect(result.runs[0]).toMatchObject({ status: 'error', failureClass: 'nonzero_exit' });
    expect(result.runs[0]!.message).toContain('did not write a blocking reason to stderr');
  });

  it('03 "JSON deny" — permissionDecision:"deny" → not run: "DENY-REASON-X"; legacy decision:"block" too', async () => {
    const b = bench();
    b.one('PreToolUse', emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'DENY-REASON-X' } }));
    expect(await b.dispatch('PreToolUse', shellCall())).toMatchObject({ decision: 'deny', reason: 'DENY-REASON-X' });
    b.one('PreToolUse', emit({ decision: 'block', reason: 'LEGACY-BLOCK' }));
    expect(await b.dispatch('PreToolUse', shellCall())).toMatchObject({ decision: 'deny', reason: 'LEGACY-BLOCK' });
  });

  it('04 "JSON allow" — "allow does not escalate": the call goes on as without the hook (decision none)', async () => {
    const b = bench();
    b.one('PreToolUse', emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } }));
    const result = await b.dispatch('PreToolUse', shellCall());
    expect(result).toMatchObject({ decision: 'none', continue: true });
    expect(result.updatedInput).toBeUndefined();
  });

  it('04d x04d "`ask`" — "no visible effect, command ran" ("unsupported permissionDecision:ask")', async () => {
    const b = bench();
    b.one('PreToolUse', emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'ASK-REASON' } }));
    const result = await b.dispatch('PreToolUse', shellCall());
    expect(result).toMatchObject({ decision: 'none', continue: true });
    expect(result.runs[0]).toMatchObject({ status: 'error', failureClass: 'invalid_output' });
    expect(result.runs[0]!.message).toContain('unsupported permissionDecision:ask');
  });

  it('05a "updatedInput + allow" — "rewritten command ran"', async () => {
    const b = bench();
    b.one('PreToolUse', emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { command: 'echo rewritten' } } }));
    const result = await b.dispatch('PreToolUse', shellCall());
    expect(result.updatedInput).toEqual({ command: 'echo rewritten' });
    expect(result.decision).toBe('none');
  });

  it('05b "updatedInput **without** decision" — "**ignored** (original ran)", and the run says so', async () => {
    const b = bench();
    b.one('PreToolUse', emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'echo rewritten' } } }));
    const result = await b.dispatch('PreToolUse', shellCall());
    expect(result.updatedInput).toBeUndefined();
    expect(result.decision).toBe('none');
    expect(result.runs[0]!.message).toContain('updatedInput without permissionDecision:allow');
  });

  it('06 "hook sleeps past `timeout`" — "killed … **without a trappable signal** (no TERM/HUP/INT trap fired → SIGKILL), grandchild also dead; fail-open, tool runs"', async () => {
    const b = bench();
    const script = join(b.root, 'slow.sh');
    writeFileSync(script, `#!/bin/sh\ntrap 'echo trapped > "$REC/trapped"; exit 0' TERM HUP INT\necho $$ > "$REC/shell.pid"\nsleep 20 &\necho $! > "$REC/child.pid"\nwait\n`);
    chmodSync(script, 0o755);
    b.one('PreToolUse', quote(script), { timeout: 1 });
    const result = await b.dispatch('PreToolUse', shellCall());
    expect(result).toMatchObject({ decision: 'none', continue: true });
    expect(result.runs[0]).toMatchObject({ status: 'timeout', failureClass: 'timeout' });
    const pids = [Number(b.read('shell.pid')), Number(b.read('child.pid'))];
    expect(await waitUntil(() => pids.every((pid) => !isAlive(pid)), 5_000), `still alive: ${pids.filter(isAlive).join(', ')}`).toBe(true);
    expect(b.leftovers()).toEqual([]);
    expect(b.has('trapped'), 'a trap fired: the hook got a trappable signal').toBe(false);
  });

  for (const layout of ['same group', 'two groups'] as const) {
    it(`07 "two matching hooks, one deny one allow" (${layout}) — "deny wins; only the deny reason"`, async () => {
      const b = bench();
      const deny = { type: 'command', command: emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'DENY-FROM-HOOK-A' } }) };
      const allow = { type: 'command', command: emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', permissionDecisionReason: 'ALLOW-FROM-HOOK-B' } }) };
      b.configure({ hooks: { PreToolUse: layout === 'same group' ? [{ hooks: [deny, allow] }] : [{ hooks: [deny] }, { hooks: [allow] }] } });
      const result = await b.dispatch('PreToolUse', shellCall());
      expect(result).toMatchObject({ decision: 'deny', reason: 'DENY-FROM-HOOK-A' });
      expect(result.runs).toHaveLength(2);
    });
  }

  it('12/13 "non-matching matcher `Edit|Write` / regex `^Ba.h$`" — "not run / regex matches" (same as Claude Code)', async () => {
    const b = bench();
    b.configure({
      hooks: {
        PreToolUse: [
          { matcher: 'Edit|Write', hooks: [{ type: 'command', command: 'touch "$REC/edit-write"' }] },
          { matcher: '^Ba.h$', hooks: [{ type: 'command', command: 'touch "$REC/regex"' }] },
        ],
      },
    });
    const result = await b.dispatch('PreToolUse', shellCall());
    expect(result.runs).toHaveLength(1);
    expect(b.has('edit-write')).toBe(false);
    expect(b.has('regex')).toBe(true);
  });

  it('"two hooks in the same group run concurrently" (observed-decisions, other surprises) — each sees the other running', async () => {
    const b = bench();
    // Each hook marks itself started, then waits (bounded) for the other's mark: run one after the other, the first would give up.
    const meet = (self: string, other: string) =>
      `touch "$REC/${self}.started"; for i in $(seq 1 200); do [ -e "$REC/${other}.started" ] && { echo met > "$REC/${self}.met"; exit 0; }; sleep 0.02; done; exit 0`;
    b.configure({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: meet('a', 'b') }, { type: 'command', command: meet('b', 'a') }] }] } });
    const result = await b.dispatch('PreToolUse', shellCall());
    expect(result.runs.map((run) => run.status)).toEqual(['ok', 'ok']);
    expect([b.has('a.met'), b.has('b.met')]).toEqual([true, true]);
  });

  it('11 "exit 1 + stderr" — "non-blocking; tool runs; nothing shown to model"', async () => {
    const b = bench();
    b.one('PreToolUse', 'echo "EXIT1-STDERR" >&2; exit 1');
    const result = await b.dispatch('PreToolUse', shellCall());
    expect(result).toMatchObject({ decision: 'none', continue: true });
    expect(result.reason).toBeUndefined();
    expect(result.additionalContext).toBeUndefined();
    expect(result.runs[0]).toMatchObject({ status: 'error', failureClass: 'nonzero_exit' });
  });

  it('14 "`{"continue":false,"stopReason":…}` from a pre-tool hook" — "ignored: tool ran, conversation continued"', async () => {
    const b = bench();
    b.one('PreToolUse', emit({ continue: false, stopReason: 'STOP-REASON-CONTINUE-FALSE' }));
    const result = await b.dispatch('PreToolUse', shellCall());
    expect(result).toMatchObject({ decision: 'none', continue: true });
    expect(result.stopReason).toBeUndefined();
    expect(result.runs[0]!.message).toContain('unsupported continue:false');
  });

  it('15 "stdout not JSON, exit 0" — "ignored; tool runs"', async () => {
    const b = bench();
    b.one('PreToolUse', 'echo "just some words"');
    const result = await b.dispatch('PreToolUse', shellCall());
    expect(result).toMatchObject({ decision: 'none', continue: true });
    expect(result.additionalContext).toBeUndefined();
    expect(result.runs[0]).toMatchObject({ status: 'ok' });
  });

  it('§3.4 "JSON-looking but unparseable stdout = failed run"', async () => {
    const b = bench();
    b.one('PreToolUse', 'echo "{not json"');
    const result = await b.dispatch('PreToolUse', shellCall());
    expect(result.decision).toBe('none');
    expect(result.runs[0]).toMatchObject({ status: 'error', failureClass: 'invalid_output' });
  });
});

describe('observed-decisions, Codex column (PostToolUse, prompts, Stop)', () => {
  it('08a "PostToolUse additionalContext" — "separate **developer message** POST-ADDITIONAL-CONTEXT"', async () => {
    const b = bench();
    b.one('PostToolUse', emit({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'POST-ADDITIONAL-CONTEXT' } }));
    const result = await b.dispatch('PostToolUse', { ...shellCall(), toolResponse: 'hi\n' });
    expect(result).toMatchObject({ additionalContext: 'POST-ADDITIONAL-CONTEXT', contextDelivery: 'separate-message', decision: 'none' });
    expect(result.updatedToolOutput).toBeUndefined();
  });

  it('08b "PostToolUse `decision:block`" — "**tool output replaced** by POST-BLOCK-REASON"', async () => {
    const b = bench();
    b.one('PostToolUse', emit({ decision: 'block', reason: 'POST-BLOCK-REASON' }));
    const result = await b.dispatch('PostToolUse', { ...shellCall(), toolResponse: 'hi\n' });
    expect(result).toMatchObject({ decision: 'block', reason: 'POST-BLOCK-REASON', updatedToolOutput: 'POST-BLOCK-REASON' });
  });

  it('08c "PostToolUse exit 2" — "output replaced by POST-EXIT2-STDERR"', async () => {
    const b = bench();
    b.one('PostToolUse', 'echo POST-EXIT2-STDERR >&2; exit 2');
    const result = await b.dispatch('PostToolUse', { ...shellCall(), toolResponse: 'hi\n' });
    expect(result).toMatchObject({ decision: 'block', updatedToolOutput: 'POST-EXIT2-STDERR' });
  });

  it('09a/b "UserPromptSubmit block (JSON or exit 2)" — "no model request"', async () => {
    const b = bench();
    b.one('UserPromptSubmit', emit({ decision: 'block', reason: 'PROMPT-BLOCK-REASON' }));
    expect(await b.dispatch('UserPromptSubmit', { prompt: 'run the command' })).toMatchObject({ decision: 'block', reason: 'PROMPT-BLOCK-REASON' });
    b.one('UserPromptSubmit', 'echo PROMPT-BLOCK-REASON >&2; exit 2');
    expect(await b.dispatch('UserPromptSubmit', { prompt: 'run the command' })).toMatchObject({ decision: 'block', reason: 'PROMPT-BLOCK-REASON' });
  });

  it('09c "prompt hook: plain stdout + JSON additionalContext" — "both reach the model as developer messages after the user prompt"', async () => {
    const b = bench();
    b.configure({
      hooks: {
        UserPromptSubmit: [
          { hooks: [{ type: 'command', command: 'echo PLAIN-STDOUT-CONTEXT' }, { type: 'command', command: emit({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'JSON-ADDITIONAL-CONTEXT' } }) }] },
        ],
      },
    });
    const result = await b.dispatch('UserPromptSubmit', { prompt: 'run the command' });
    expect(result).toMatchObject({ decision: 'none', additionalContext: 'PLAIN-STDOUT-CONTEXT\n\nJSON-ADDITIONAL-CONTEXT', contextDelivery: 'separate-message' });
  });

  it('10a "Stop always `decision:block`" — Codex: "**no cap**"; hookd keeps its stopBlockCap (default 8): 9 runs, 8 continuations', async () => {
    const b = bench();
    b.one('Stop', `echo run >> "$REC/runs"; ${emit({ decision: 'block', reason: 'KEEP-GOING' })}`);
    const decisions: string[] = [];
    for (let turn = 0; turn < 9; turn += 1) decisions.push((await b.dispatch('Stop', { stopHookActive: turn > 0, lastAssistantMessage: 'done' })).decision);
    expect(decisions).toEqual([...Array(8).fill('block'), 'none']);
    expect(b.read('runs').trim().split('\n')).toHaveLength(9);
  });

  it('10a with stopBlockCap 0 — as Codex: "no cap", every block is a continuation with the reason', async () => {
    const b = bench({ stopBlockCap: 0 });
    b.one('Stop', emit({ decision: 'block', reason: 'KEEP-GOING' }));
    for (let turn = 0; turn < 12; turn += 1) {
      expect(await b.dispatch('Stop', { stopHookActive: turn > 0 })).toMatchObject({ decision: 'block', reason: 'KEEP-GOING', continue: true });
    }
  });

  it('10b "block only while `stop_hook_active` is false" — "exactly 1 continuation" (2 hook runs)', async () => {
    const b = bench();
    b.one('Stop', `input=$(cat); echo run >> "$REC/runs"; case "$input" in *'"stop_hook_active":false'*) ${emit({ decision: 'block', reason: 'ONE-MORE' })};; esac`);
    const first = await b.dispatch('Stop', { stopHookActive: false, lastAssistantMessage: 'done' });
    const second = await b.dispatch('Stop', { stopHookActive: true, lastAssistantMessage: 'done again' });
    expect([first.decision, second.decision]).toEqual(['block', 'none']);
    expect(first.reason).toBe('ONE-MORE');
    expect(b.read('runs').trim().split('\n')).toHaveLength(2);
  });

  it('10c "Stop exit 2 always" — "no cap (as 10a)" in Codex; hookd\'s cap ends it the same way', async () => {
    const b = bench();
    b.one('Stop', 'echo STOP-EXIT2 >&2; exit 2');
    const decisions: string[] = [];
    for (let turn = 0; turn < 9; turn += 1) decisions.push((await b.dispatch('Stop', { stopHookActive: turn > 0 })).decision);
    expect(decisions).toEqual([...Array(8).fill('block'), 'none']);
  });

  it('§3.4 "`continue:false` from any matching hook overrides continuation"', async () => {
    const b = bench();
    b.configure({ hooks: { Stop: [{ hooks: [{ type: 'command', command: emit({ decision: 'block', reason: 'KEEP-GOING' }) }, { type: 'command', command: emit({ continue: false, stopReason: 'ENOUGH' }) }] }] } });
    const result = await b.dispatch('Stop', {});
    expect(result).toMatchObject({ decision: 'none', continue: false, stopReason: 'ENOUGH' });
  });

  it('§3.3 Stop "Plain stdout: invalid (JSON required)" — a failed run, no continuation', async () => {
    const b = bench();
    b.one('Stop', 'echo "please keep going"');
    const result = await b.dispatch('Stop', {});
    expect(result.decision).toBe('none');
    expect(result.runs[0]).toMatchObject({ status: 'error', failureClass: 'invalid_output' });
  });

  it('§3.3 SessionStart "Plain stdout: developer context"', async () => {
    const b = bench();
    b.one('SessionStart', 'echo SESSION-CONTEXT');
    expect(await b.dispatch('SessionStart', { source: 'startup' })).toMatchObject({ additionalContext: 'SESSION-CONTEXT', contextDelivery: 'separate-message' });
  });
});
