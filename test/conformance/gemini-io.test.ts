// Conformance of the gemini dialect's input, output and decisions with what Gemini CLI 0.61 was observed to do
// (observed-decisions.md, Gemini column; observed-envelopes.md "gemini"; hook-systems §4.2–4.5) through the real
// engine, the real process runner and the gemini loader reading <project>/.gemini/settings.json. Names quote the scenario.
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isAlive, waitUntil } from '../helpers/processes.js';
import { readPids } from '../helpers/pid-file.js';
import { SESSION, emit, quote, record, shellCall, trackedGeminiBenches } from './gemini-bench.js';

const bench = trackedGeminiBenches();
const BASE = ['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'timestamp'];

describe('observed-envelopes "gemini": the stdin and environment of a hook', () => {
  it('BeforeTool — `session_id, transcript_path, cwd, hook_event_name, timestamp, tool_name, tool_input`, as recorded', async () => {
    const b = bench();
    b.one('BeforeTool', record('stdin'));
    await b.dispatch('PreToolUse', { ...shellCall(), session: { id: SESSION, transcriptPath: '<transcript path>' } });
    const stdin = b.json('stdin');
    expect(Object.keys(stdin)).toEqual([...BASE, 'tool_name', 'tool_input']);
    expect(stdin).toMatchObject({
      session_id: SESSION,
      transcript_path: '<transcript path>',
      cwd: b.project,
      hook_event_name: 'BeforeTool',
      tool_name: 'run_shell_command',
      tool_input: { command: 'echo hi && touch tool_ran.marker', description: 'say hi' },
    });
    expect(String(stdin.timestamp)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('AfterTool — + `tool_response` {llmContent, returnDisplay}; BeforeAgent — + `prompt`; AfterAgent — + `prompt, prompt_response, stop_hook_active`', async () => {
    const b = bench();
    b.configure({
      hooks: {
        AfterTool: [{ hooks: [{ command: record('after-tool') }] }],
        BeforeAgent: [{ hooks: [{ command: record('before-agent') }] }],
        AfterAgent: [{ hooks: [{ command: record('after-agent') }] }],
      },
    });
    const toolResponse = { llmContent: '<untrusted_context>\nOutput: hi\nProcess Group PGID: 2611\n</untrusted_context>', returnDisplay: 'hi' };
    await b.dispatch('PostToolUse', { ...shellCall(), toolResponse });
    await b.dispatch('UserPromptSubmit', { prompt: 'run the command' });
    await b.dispatch('Stop', { prompt: 'run the command', lastAssistantMessage: 'done', stopHookActive: false });
    expect(Object.keys(b.json('after-tool'))).toEqual([...BASE, 'tool_name', 'tool_input', 'tool_response']);
    expect(b.json('after-tool')).toMatchObject({ hook_event_name: 'AfterTool', tool_response: toolResponse });
    expect(Object.keys(b.json('before-agent'))).toEqual([...BASE, 'prompt']);
    expect(b.json('before-agent')).toMatchObject({ hook_event_name: 'BeforeAgent', prompt: 'run the command' });
    expect(Object.keys(b.json('after-agent'))).toEqual([...BASE, 'prompt', 'prompt_response', 'stop_hook_active']);
    expect(b.json('after-agent')).toMatchObject({ hook_event_name: 'AfterAgent', prompt: 'run the command', prompt_response: 'done', stop_hook_active: false });
  });

  it('§4.5 "Shell: bash -c"; "Env: … GEMINI_PROJECT_DIR, GEMINI_CWD, GEMINI_SESSION_ID, CLAUDE_PROJECT_DIR + per-hook env"; run in the project', async () => {
    const b = bench();
    const script = 'printf "%s\\n" "$BASH_VERSION" "$GEMINI_PROJECT_DIR" "$GEMINI_CWD" "$GEMINI_SESSION_ID" "$CLAUDE_PROJECT_DIR" "$MY_HOOK_VAR" "$PWD" > "$REC/env"';
    b.one('BeforeTool', script, { env: { MY_HOOK_VAR: 'from-settings' } });
    await b.dispatch('PreToolUse', shellCall());
    const [bash, projectDir, cwd, session, claudeDir, own, pwd] = b.read('env').split('\n');
    expect(bash, 'the command ran under bash').not.toBe('');
    expect([projectDir, cwd, session, claudeDir, own, pwd]).toEqual([b.project, b.project, SESSION, b.project, 'from-settings', b.project]);
  });
});

describe('observed-decisions, Gemini column (BeforeTool on run_shell_command unless stated)', () => {
  it('01 "exit 0, no output" — tool runs (same)', async () => {
    const b = bench();
    b.one('BeforeTool', 'exit 0');
    const result = await b.dispatch('PreToolUse', shellCall());
    expect(result).toMatchObject({ decision: 'none', continue: true });
    expect(result.runs.map((run) => run.status)).toEqual(['ok']);
  });

  it('02 "exit 2 + stderr" — not run; `Tool execution blocked: BLOCKED: policy says no` (deny, the stderr as reason)', async () => {
    const b = bench();
    b.one('BeforeTool', 'echo "BLOCKED: policy says no" >&2; exit 2');
    const result = await b.dispatch('PreToolUse', shellCall());
    expect(result).toMatchObject({ decision: 'deny', reason: 'BLOCKED: policy says no', continue: true });
  });

  it('03 "native {"decision":"deny","reason":…} → not run; Tool execution blocked: DENY-REASON-X"', async () => {
    const b = bench();
    b.one('BeforeTool', emit({ decision: 'deny', reason: 'DENY-REASON-X' }));
    expect(await b.dispatch('PreToolUse', shellCall())).toMatchObject({ decision: 'deny', reason: 'DENY-REASON-X' });
  });

  it('g03b "Claude-shaped hookSpecificOutput.permissionDecision:"deny" is ignored → tool runs" — and the run says why', async () => {
    const b = bench();
    b.one('BeforeTool', emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'DENY-REASON-X' } }));
    const result = await b.dispatch('PreToolUse', shellCall());
    expect(result.decision).toBe('none');
    expect(result.reason).toBeUndefined();
    expect(result.runs[0]?.message).toContain('permissionDecision');
  });

  it('04 "JSON allow" — `{"decision":"allow"}` changes nothing: the tool runs as it would (Gemini\'s allow grants no permission)', async () => {
    const b = bench();
    b.one('BeforeTool', emit({ decision: 'allow' }));
    expect(await b.dispatch('PreToolUse', shellCall())).toMatchObject({ decision: 'none', continue: true });
  });

  it('g04d "{"decision":"ask"} in yolo: tool not run, no tool_result, no further model request" — deny, continue false, a note', async () => {
    const b = bench();
    b.one('BeforeTool', emit({ decision: 'ask' }));
    const result = await b.dispatch('PreToolUse', shellCall());
    expect(result).toMatchObject({ decision: 'deny', continue: false });
    expect(result.runs[0]?.message).toContain('halts the turn silently');
  });

  it('05a "hookSpecificOutput.tool_input rewrite applied" (with decision allow) — updatedInput is the hook\'s tool_input, the whole new input', async () => {
    const b = bench();
    b.one('BeforeTool', emit({ decision: 'allow', hookSpecificOutput: { tool_input: { command: 'echo rewritten', description: 'say hi' } } }));
    const result = await b.dispatch('PreToolUse', shellCall());
    expect(result).toMatchObject({ decision: 'none', updatedInput: { command: 'echo rewritten', description: 'say hi' } });
  });

  it('05b "updatedInput without decision — applied (same as 05a)"', async () => {
    const b = bench();
    b.one('BeforeTool', emit({ hookSpecificOutput: { tool_input: { command: 'echo rewritten' } } }));
    expect((await b.dispatch('PreToolUse', shellCall())).updatedInput, 'Gemini rebuilds the call from tool_input alone: description is gone').toEqual({ command: 'echo rewritten' });
  });

  it('06 "hook sleeps past timeout … SIGTERM to the hook process only; the orphaned sleep 20 keeps the stdout pipe open" — hookd kills the whole tree (by PID); fail-open, the late exit 2 is ignored', async () => {
    const b = bench();
    const script = `${b.root}/slow-hook.sh`;
    writeFileSync(script, 'echo $$ >> "$REC/pids"\nsleep 20 &\necho $! >> "$REC/pids"\nwait $!\necho "LATE-BLOCK" >&2\nexit 2\n');
    b.one('BeforeTool', `sh ${quote(script)}`, { timeout: 2000 });
    const result = await b.dispatch('PreToolUse', shellCall());
    expect(result).toMatchObject({ decision: 'none', continue: true });
    expect(result.runs[0]).toMatchObject({ status: 'timeout', timedOut: true });
    const pids = readPids(b.path('pids'));
    expect(pids.length, 'the hook recorded its shell and its sleep').toBe(2);
    expect(await waitUntil(() => pids.every((pid) => !isAlive(pid)), 5000), `still alive: ${pids.filter(isAlive).join(', ')}`).toBe(true);
    expect(b.leftovers()).toEqual([]);
  });

  it('07 "two matching hooks, one deny one allow (same group, and in two groups)" — deny wins; all reasons joined with `\\n`', async () => {
    const deny = emit({ decision: 'deny', reason: 'DENY-FROM-HOOK-A' });
    const allow = emit({ decision: 'allow', reason: 'ALLOW-FROM-HOOK-B' });
    for (const layout of ['same group', 'two groups'] as const) {
      const b = bench();
      const definitions = layout === 'same group' ? [{ hooks: [{ command: deny }, { command: allow }] }] : [{ hooks: [{ command: deny }] }, { hooks: [{ command: allow }] }];
      b.configure({ hooks: { BeforeTool: definitions } });
      const result = await b.dispatch('PreToolUse', shellCall());
      expect(result, layout).toMatchObject({ decision: 'deny', reason: 'DENY-FROM-HOOK-A\nALLOW-FROM-HOOK-B' });
      expect(result.runs, layout).toHaveLength(2);
    }
  });

  it('08a "AfterTool additionalContext — appended inside the functionResponse output … <hook_context>POST-ADDITIONAL-CONTEXT</hook_context>"', async () => {
    const b = bench();
    b.one('AfterTool', emit({ hookSpecificOutput: { hookEventName: 'AfterTool', additionalContext: 'POST-ADDITIONAL-CONTEXT' } }));
    const result = await b.dispatch('PostToolUse', { ...shellCall(), toolResponse: { llmContent: 'hi', returnDisplay: 'hi' } });
    expect(result).toMatchObject({ decision: 'none', additionalContext: 'POST-ADDITIONAL-CONTEXT', contextDelivery: 'appended' });
    expect(result.updatedToolOutput).toBeUndefined();
  });

  it('08b "PostToolUse decision:block — output replaced by {"error":"POST-BLOCK-REASON"}"', async () => {
    const b = bench();
    b.one('AfterTool', emit({ decision: 'block', reason: 'POST-BLOCK-REASON' }));
    const result = await b.dispatch('PostToolUse', { ...shellCall(), toolResponse: { llmContent: 'hi', returnDisplay: 'hi' } });
    expect(result).toMatchObject({ decision: 'block', reason: 'POST-BLOCK-REASON', updatedToolOutput: { error: 'POST-BLOCK-REASON' } });
  });

  it('08c "PostToolUse exit 2 — output replaced by {"error":"POST-EXIT2-STDERR"}"', async () => {
    const b = bench();
    b.one('AfterTool', 'echo POST-EXIT2-STDERR >&2; exit 2');
    const result = await b.dispatch('PostToolUse', { ...shellCall(), toolResponse: { llmContent: 'hi', returnDisplay: 'hi' } });
    expect(result).toMatchObject({ decision: 'block', updatedToolOutput: { error: 'POST-EXIT2-STDERR' } });
  });

  it('09a/b "BeforeAgent block (JSON or exit 2) — no model request; Agent execution blocked: PROMPT-BLOCK-REASON"', async () => {
    for (const command of [emit({ decision: 'deny', reason: 'PROMPT-BLOCK-REASON' }), 'echo PROMPT-BLOCK-REASON >&2; exit 2']) {
      const b = bench();
      b.one('BeforeAgent', command);
      expect(await b.dispatch('UserPromptSubmit', { prompt: 'run the command' }), command).toMatchObject({ decision: 'block', reason: 'PROMPT-BLOCK-REASON', continue: true });
    }
  });

  it('09c "prompt hook: plain stdout + JSON additionalContext — only the JSON one (<hook_context>…</hook_context> appended to the user turn); plain stdout is not sent (Hook system message: PLAIN-STDOUT-CONTEXT)"', async () => {
    const b = bench();
    b.configure({ hooks: { BeforeAgent: [{ hooks: [{ command: 'echo PLAIN-STDOUT-CONTEXT' }, { command: emit({ hookSpecificOutput: { hookEventName: 'BeforeAgent', additionalContext: 'JSON-ADDITIONAL-CONTEXT' } }) }] }] } });
    const result = await b.dispatch('UserPromptSubmit', { prompt: 'run the command' });
    expect(result).toMatchObject({ decision: 'none', additionalContext: 'JSON-ADDITIONAL-CONTEXT', contextDelivery: 'appended', systemMessage: 'PLAIN-STDOUT-CONTEXT' });
  });

  it('10a "AfterAgent always decision:block — no effective cap (crash)" — hookd keeps its stopBlockCap (default 8): the 9th consecutive block is not honoured', async () => {
    const b = bench();
    b.one('AfterAgent', `echo x >> "$REC/runs"; ${emit({ decision: 'block', reason: 'KEEP-GOING' })}`);
    const decisions: string[] = [];
    for (let turn = 0; turn < 12; turn += 1) {
      const result = await b.dispatch('Stop', { prompt: 'run the command', lastAssistantMessage: 'done', stopHookActive: turn > 0 });
      decisions.push(result.decision);
      if (result.decision !== 'block') {
        expect(result.notes.join(' ')).toContain('past the cap of 8');
        break;
      }
      expect(result.reason).toBe('KEEP-GOING');
    }
    expect(decisions).toEqual([...Array<string>(8).fill('block'), 'none']);
    expect(b.read('runs').split('\n').filter(Boolean)).toHaveLength(9);
  });

  it('10b "block only while stop_hook_active is false — same (Gemini also sends stop_hook_active)": exactly 1 continuation', async () => {
    const b = bench();
    const hook = `input=$(cat); echo "$input" >> "$REC/seen"; case "$input" in *'"stop_hook_active":false'*) ${emit({ decision: 'block', reason: 'ONE-MORE' })};; esac`;
    b.one('AfterAgent', hook);
    const decisions: string[] = [];
    let active = false;
    for (let turn = 0; turn < 5; turn += 1) {
      const result = await b.dispatch('Stop', { prompt: 'p', lastAssistantMessage: 'done', stopHookActive: active });
      decisions.push(result.decision);
      if (result.decision !== 'block') break;
      active = true;
    }
    expect(decisions).toEqual(['block', 'none']);
    expect(b.read('seen').split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { stop_hook_active: boolean }).stop_hook_active)).toEqual([false, true]);
  });

  it('10c "Stop exit 2 always — as 10a" — exit 2 is a continuation each time, ended by hookd\'s cap', async () => {
    const b = bench();
    b.one('AfterAgent', 'echo CONTINUE-PLEASE >&2; exit 2');
    const decisions: string[] = [];
    for (let turn = 0; turn < 12; turn += 1) {
      const result = await b.dispatch('Stop', { prompt: 'p', lastAssistantMessage: 'done', stopHookActive: turn > 0 });
      decisions.push(result.decision);
      if (result.decision !== 'block') break;
      expect(result.reason).toBe('CONTINUE-PLEASE');
    }
    expect(decisions).toEqual([...Array<string>(8).fill('block'), 'none']);
  });

  it('11 "exit 1 + stderr — non-blocking; tool runs; nothing shown to model" (a warning for the user; the run failed)', async () => {
    const b = bench();
    b.one('BeforeTool', 'echo "lint crashed" >&2; exit 1');
    const result = await b.dispatch('PreToolUse', shellCall());
    expect(result).toMatchObject({ decision: 'none', continue: true, systemMessage: 'Warning: lint crashed' });
    expect(result.additionalContext).toBeUndefined();
    expect(result.runs[0]).toMatchObject({ status: 'error', failureClass: 'nonzero_exit' });
  });

  it('§4.4 "So a missing script (127) with stderr text blocks, unlike Claude Code" — bash\'s own error is the reason', async () => {
    const b = bench();
    b.one('BeforeTool', './no-such-hook.sh');
    const result = await b.dispatch('PreToolUse', shellCall());
    expect(result.decision).toBe('deny');
    expect(result.reason).toContain('no-such-hook.sh');
    expect(result.runs[0]).toMatchObject({ exitCode: 127, status: 'ok' });
  });

  it('§4.4 "text to parse = stdout.trim() || stderr.trim(); JSON … regardless of exit code" — a JSON deny on stderr with exit 1 denies', async () => {
    const b = bench();
    b.one('BeforeTool', `${emit({ decision: 'deny', reason: 'FROM-STDERR' })} >&2; exit 1`);
    const result = await b.dispatch('PreToolUse', shellCall());
    expect(result).toMatchObject({ decision: 'deny', reason: 'FROM-STDERR' });
    expect(result.runs[0]).toMatchObject({ status: 'error', failureClass: 'nonzero_exit' });
  });

  it('12/13 "non-matching matcher `replace|write_file` / regex `^run_sh.ll_command$` — not run / regex matches"', async () => {
    const b = bench();
    b.configure({ hooks: { BeforeTool: [{ matcher: 'replace|write_file', hooks: [{ command: 'touch "$REC/12"' }] }, { matcher: '^run_sh.ll_command$', hooks: [{ command: 'touch "$REC/13"' }] }] } });
    const result = await b.dispatch('PreToolUse', shellCall());
    expect(result.runs).toHaveLength(1);
    expect([b.has('12'), b.has('13')]).toEqual([false, true]);
  });

  it('14 "{"continue":false,"stopReason":…} from a pre-tool hook — tool not run; Agent execution stopped by hook: STOP-REASON-CONTINUE-FALSE; no 2nd model request"', async () => {
    const b = bench();
    b.one('BeforeTool', emit({ continue: false, stopReason: 'STOP-REASON-CONTINUE-FALSE' }));
    const result = await b.dispatch('PreToolUse', shellCall());
    expect(result).toMatchObject({ decision: 'deny', continue: false, stopReason: 'STOP-REASON-CONTINUE-FALSE', reason: 'STOP-REASON-CONTINUE-FALSE' });
  });

  it('15 "stdout not JSON, exit 0 — treated as plain text (system message); tool runs"', async () => {
    const b = bench();
    b.one('BeforeTool', 'echo "checked 3 files"');
    expect(await b.dispatch('PreToolUse', shellCall())).toMatchObject({ decision: 'none', continue: true, systemMessage: 'checked 3 files' });
  });

  it('16 "project .gemini/settings.json runs (folder trust disabled)"', async () => {
    const b = bench();
    b.one('BeforeTool', 'touch "$REC/ran"');
    await b.dispatch('PreToolUse', shellCall());
    expect(b.has('ran')).toBe(true);
  });

  it('17 "PreToolUse/Bash in Gemini settings: ignored, no hook ran" — hookd also warns', async () => {
    const b = bench();
    b.configure({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ command: 'touch "$REC/ran"' }] }] } }, {}, true);
    const result = await b.dispatch('PreToolUse', { toolName: 'Bash', toolInput: { command: 'echo hi' } });
    expect(result.runs).toEqual([]);
    expect(b.has('ran')).toBe(false);
    expect(b.warnings.join('\n')).toContain('BeforeTool');
  });

  it('"two hooks in the same group run concurrently" (observed surprise) — each waits for the other\'s mark, so only concurrent runs finish', async () => {
    const b = bench();
    const waitFor = (mine: string, theirs: string) => `touch "$REC/${mine}"; for i in $(seq 1 200); do [ -e "$REC/${theirs}" ] && exit 0; sleep 0.02; done; echo "never saw ${theirs}" >&2; exit 1`;
    b.configure({ hooks: { BeforeTool: [{ hooks: [{ command: waitFor('a', 'b') }, { command: waitFor('b', 'a') }] }] } });
    const result = await b.dispatch('PreToolUse', shellCall());
    expect(result.runs.map((run) => run.exitCode)).toEqual([0, 0]);
  });
});

describe('§4.2 "if any matched definition has sequential: true, the whole plan runs sequentially" and threads its outputs', () => {
  it('"BeforeTool tool_input merged" — the second hook reads the first one\'s rewrite merged over the input; the result is the last tool_input', async () => {
    const b = bench();
    const first = emit({ hookSpecificOutput: { tool_input: { command: 'echo first' } } });
    b.configure({ hooks: { BeforeTool: [{ sequential: true, hooks: [{ command: first }, { command: record('second-stdin') }] }] } });
    const result = await b.dispatch('PreToolUse', shellCall());
    expect(b.json('second-stdin').tool_input).toEqual({ command: 'echo first', description: 'say hi' });
    expect(result.updatedInput).toEqual({ command: 'echo first' });
  });

  it('a later hook\'s partial tool_input wins over an earlier rewrite (shallow merge, later wins; Gemini builds the call from it alone)', async () => {
    const b = bench();
    const first = emit({ hookSpecificOutput: { tool_input: { command: 'echo first' } } });
    const second = emit({ hookSpecificOutput: { tool_input: { description: 'from second' } } });
    b.configure({ hooks: { BeforeTool: [{ sequential: true, hooks: [{ command: first }, { command: second }] }] } });
    expect((await b.dispatch('PreToolUse', shellCall())).updatedInput).toEqual({ description: 'from second' });
  });

  it('"BeforeAgent additionalContext appended to prompt" — the second hook\'s prompt has the first one\'s context after a blank line', async () => {
    const b = bench();
    const first = emit({ hookSpecificOutput: { additionalContext: 'CTX-FROM-FIRST' } });
    b.configure({ hooks: { BeforeAgent: [{ sequential: true, hooks: [{ command: first }] }, { hooks: [{ command: record('second-stdin') }] }] } });
    await b.dispatch('UserPromptSubmit', { prompt: 'run the command' });
    expect(b.json('second-stdin').prompt).toBe('run the command\n\nCTX-FROM-FIRST');
  });

  it('one after another: the second starts only after the first exited', async () => {
    const b = bench();
    b.configure({ hooks: { BeforeTool: [{ sequential: true, hooks: [{ command: 'sleep 0.2; touch "$REC/first-done"' }, { command: '[ -e "$REC/first-done" ] && touch "$REC/saw-first"' }] }] } });
    await b.dispatch('PreToolUse', shellCall());
    expect(b.has('saw-first')).toBe(true);
  });
});

describe('§4.3 the model events (BeforeModel, AfterModel, BeforeToolSelection)', () => {
  const llmRequest = { model: 'gemini-2.5-pro', messages: [{ role: 'user', content: 'run the command' }], config: { temperature: 1 } };

  it('"BeforeModel: llm_request{model, messages[{role, content}], config, toolConfig}; output llm_request overrides" — a 200 KB answer is read whole (cap 1 MiB)', async () => {
    const b = bench();
    const big = 'x'.repeat(200_000);
    const script = `${b.root}/before-model.sh`;
    writeFileSync(script, `cat > "$REC/stdin"\nprintf '%s' ${quote(JSON.stringify({ hookSpecificOutput: { llm_request: { model: 'gemini-2.5-flash', messages: [{ role: 'user', content: big }] } } }))}\n`);
    b.one('BeforeModel', `sh ${quote(script)}`);
    const result = await b.dispatch('BeforeModel', { llmRequest });
    expect(b.json('stdin')).toMatchObject({ hook_event_name: 'BeforeModel', llm_request: llmRequest });
    expect(result.runs[0]).toMatchObject({ status: 'ok', truncated: false });
    expect(result.llmRequest).toEqual({ model: 'gemini-2.5-flash', messages: [{ role: 'user', content: big }] });
  });

  it('"BeforeModel … llm_response = synthetic response, decision:"deny" aborts turn"; "AfterModel: llm_response replaces the chunk"', async () => {
    const b = bench();
    const synthetic = { candidates: [{ content: { role: 'model', parts: ['canned answer'] } }] };
    b.configure({
      hooks: {
        BeforeModel: [{ hooks: [{ command: emit({ decision: 'deny', reason: 'NO-MODEL-CALL', hookSpecificOutput: { llm_response: synthetic } }) }] }],
        AfterModel: [{ hooks: [{ command: emit({ hookSpecificOutput: { llm_response: synthetic } }) }] }],
      },
    });
    expect(await b.dispatch('BeforeModel', { llmRequest })).toMatchObject({ decision: 'deny', reason: 'NO-MODEL-CALL', llmResponse: synthetic });
    expect(await b.dispatch('AfterModel', { llmRequest, llmResponse: { candidates: [] } })).toMatchObject({ decision: 'none', llmResponse: synthetic });
  });

  it('"BeforeToolSelection: output toolConfig.mode (AUTO/ANY/NONE) and allowedFunctionNames (union across hooks; NONE wins over ANY)"', async () => {
    const b = bench();
    const config = (mode: string, names: string[]) => emit({ hookSpecificOutput: { hookEventName: 'BeforeToolSelection', toolConfig: { mode, allowedFunctionNames: names } } });
    b.configure({ hooks: { BeforeToolSelection: [{ hooks: [{ command: config('ANY', ['read_file']) }, { command: config('AUTO', ['glob', 'read_file']) }] }] } });
    expect((await b.dispatch('BeforeToolSelection', { llmRequest })).toolConfig).toEqual({ mode: 'ANY', allowedFunctionNames: ['glob', 'read_file'] });
  });
});
