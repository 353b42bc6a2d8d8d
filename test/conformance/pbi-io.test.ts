// Conformance of the pbi dialect's input, output and runtime limitations (seed 003: "Matcher input by event", "Hook
// input", "Hook output", "Limitations") through the real engine and the real process runner. Test names quote the seed.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pbiDialect } from '../../src/dialects/pbi/index.js';
import type { EventName } from '../../src/protocol/index.js';
import { SESSION, emit, record, shellCall, trackedPbiBenches } from './pbi-io-bench.js';

const bench = trackedPbiBenches();
const COMMON = ['session_id', 'turn_id', 'cwd', 'hook_event_name', 'model', 'transcript_path', 'workspace_directory_key', 'provider', 'agent_name', 'agent_type'];
const SESSION_INFO = { id: SESSION, model: 'gpt-5.4', provider: 'openai', agentName: 'main', agentType: 'single_turn' };

/** Each event's params as a pbi agent sends them, and the event fields its hooks must read, in order. */
const EVENTS: Record<string, { params: Record<string, unknown>; fields: Record<string, unknown> }> = {
  SessionStart: { params: { source: 'startup' }, fields: { reason: 'startup' } },
  UserPromptSubmit: { params: { prompt: 'fix the build' }, fields: { prompt: 'fix the build' } },
  PreToolUse: { params: shellCall('echo hi'), fields: { tool_name: 'shell', tool_use_id: 'call_0_0', tool_input: { command: 'echo hi' } } },
  PostToolUse: {
    params: { ...shellCall('echo hi'), toolResponse: '{"ok": true}', isError: false },
    fields: { tool_name: 'shell', tool_use_id: 'call_0_0', tool_input: { command: 'echo hi' }, tool_response: '{"ok": true}', tool_is_error: false },
  },
  PreCompact: { params: { trigger: 'auto', inputMessageCount: 12, pendingToolExchange: true }, fields: { reason: 'auto', input_message_count: 12, pending_tool_exchange: true } },
  PostCompact: { params: { trigger: 'manual', summaryChars: 800, estimatedContextTokens: 2100 }, fields: { reason: 'manual', summary_chars: 800, estimated_context_tokens: 2100 } },
  Stop: { params: { lastAssistantMessage: 'All done.' }, fields: { response: 'All done.' } },
  SubagentStart: {
    params: { taskInstruction: 'read the tests', subagentName: 'Hephaestus', subagentType: 'default' },
    fields: { task_instruction: 'read the tests', subagent_name: 'Hephaestus', subagent_type: 'default' },
  },
  SubagentStop: {
    params: { taskInstruction: 'read the tests', subagentName: 'Hephaestus', subagentType: 'default', lastAssistantMessage: 'Found 3.' },
    fields: { task_instruction: 'read the tests', subagent_name: 'Hephaestus', subagent_type: 'default', response: 'Found 3.' },
  },
};
const ALL = Object.keys(EVENTS) as EventName[];
const recordingAll = () => ({ hooks: Object.fromEntries(ALL.map((event) => [event, [{ hooks: [{ type: 'command', command: record(`${event}.json`) }] }]])) });

describe('"Matcher input by event"', () => {
  const cases: [EventName, Record<string, unknown>, string, string][] = [
    ['SessionStart', { source: 'resume' }, 'resume', 'startup'],
    ['SessionStart', { source: 'clear' }, 'clear', 'compact'],
    ['PreToolUse', shellCall('ls'), 'shell', 'apply_patch'],
    ['PostToolUse', { ...shellCall('ls'), toolResponse: 'x' }, 'shell|apply_patch', 'web.search'],
    ['PreCompact', { trigger: 'manual' }, 'manual', 'auto'],
    ['PostCompact', { trigger: 'auto' }, 'auto', 'manual'],
    ['SubagentStart', { subagentType: 'reviewer', subagentName: 'Athena' }, 'reviewer', 'default'],
    ['SubagentStop', { subagentType: 'reviewer', subagentName: 'Athena' }, 'reviewer', 'default'],
  ];
  for (const [event, params, hit, miss] of cases) {
    it(`"${event === 'SessionStart' ? 'SessionStart\tstartup, resume, clear, or compact' : event.startsWith('Subagent') ? 'SubagentStart / SubagentStop\tsub-agent type/name' : event.endsWith('Compact') ? 'PreCompact / PostCompact\tmanual or auto' : 'PreToolUse / PostToolUse\ttool name'}" — ${event} matcher ${hit} runs, ${miss} does not`, async () => {
      const b = bench();
      b.configure({ hooks: { [event]: [{ matcher: hit, hooks: [{ command: 'touch "$REC/hit"' }] }, { matcher: miss, hooks: [{ command: 'touch "$REC/miss"' }] }] } });
      const result = await b.dispatch(event, params);
      expect(result.runs.map((run) => run.status)).toEqual(['ok']);
      expect(b.has('hit')).toBe(true);
      expect(b.has('miss')).toBe(false);
    });
  }

  it('"SubagentStart / SubagentStop\tsub-agent type/name" — a sub-agent without a type is matched as `default`', async () => {
    const b = bench();
    b.configure({ hooks: { SubagentStop: [{ matcher: 'default', hooks: [{ command: 'touch "$REC/hit"' }] }] } });
    await b.dispatch('SubagentStop', { subagentName: 'Hephaestus' });
    expect(b.has('hit')).toBe(true);
  });

  for (const event of ['UserPromptSubmit', 'Stop'] as const) {
    it(`"${event}\tignored" — a matcher on ${event} is never consulted`, async () => {
      const b = bench();
      b.configure({ hooks: { [event]: [{ matcher: 'nothing-like-this', hooks: [{ command: 'touch "$REC/ran"' }] }] } });
      expect(pbiDialect.matchTarget(event, { session: { id: SESSION }, prompt: 'nothing-like-this' })).toBeUndefined();
      await b.dispatch(event, EVENTS[event]!.params);
      expect(b.has('ran')).toBe(true);
      expect(b.notices.length, 'the loader notes the ignored matcher').toBe(1);
    });
  }

  it('a tool event without a tool name is matched as "" (only match-all matchers run)', async () => {
    expect(pbiDialect.matchTarget('PreCompact', { session: { id: SESSION } })).toBe('');
    expect(pbiDialect.matchTarget('SessionStart', { session: { id: SESSION } })).toBe('');
  });
});

describe('"Hook input"', () => {
  it('"Commands run in the session workspace." — also when the agent works in a subdirectory', async () => {
    const b = bench();
    b.one('PreToolUse', 'pwd > "$REC/pwd"; cat > "$REC/stdin"');
    const sub = join(b.project, 'src');
    mkdirSync(sub);
    await b.dispatch('PreToolUse', { ...shellCall('ls'), session: { id: SESSION, cwd: sub } });
    expect(b.read('pwd').trim()).toBe(b.project);
    expect(b.json('stdin').cwd).toBe(b.project);
  });

  it('"pbi-agent writes one JSON object to stdin with common fields:" — pbi-agent\'s key order, compact, ASCII escapes, no trailing newline, null when absent', async () => {
    const b = bench();
    b.one('UserPromptSubmit', record('stdin'));
    await b.dispatch('UserPromptSubmit', { prompt: 'héllo ✓ 😀', session: SESSION_INFO });
    const bytes = b.read('stdin');
    expect(bytes).toBe(
      `{"session_id":"${SESSION}","turn_id":null,"cwd":${JSON.stringify(b.project)},"hook_event_name":"UserPromptSubmit","model":"gpt-5.4","transcript_path":null,` +
        `"workspace_directory_key":null,"provider":"openai","agent_name":"main","agent_type":"single_turn","prompt":"h\\u00e9llo \\u2713 \\ud83d\\ude00"}`,
    );
    expect(/[^\x00-\x7f]/.test(bytes)).toBe(false);
    expect(bytes.endsWith('\n')).toBe(false);

    b.one('Stop', record('given'));
    await b.dispatch('Stop', { session: { ...SESSION_INFO, turnId: 'turn-7', transcriptPath: '/tmp/t.jsonl', workspaceDirectoryKey: 'ws-key' } });
    expect(b.json('given')).toMatchObject({ turn_id: 'turn-7', transcript_path: '/tmp/t.jsonl', workspace_directory_key: 'ws-key' });
  });

  it('"Event-specific fields include prompt, tool_name, tool_input, tool_response, compaction reason, sub-agent instruction, and final response text where relevant."', async () => {
    const b = bench();
    b.configure(recordingAll());
    for (const event of ALL) {
      await b.dispatch(event, { ...EVENTS[event]!.params, session: SESSION_INFO });
      const stdin = b.json(`${event}.json`);
      expect(Object.keys(stdin), event).toEqual([...COMMON, ...Object.keys(EVENTS[event]!.fields)]);
      expect(stdin, event).toMatchObject({ hook_event_name: event, ...EVENTS[event]!.fields });
    }
  });

  it('PostToolUse tool_response is the model-visible text: a structured response is sent as its JSON text', async () => {
    const b = bench();
    b.one('PostToolUse', record('post'));
    await b.dispatch('PostToolUse', { ...shellCall('ls'), toolResponse: { ok: false, error: 'boom' }, isError: true });
    expect(b.json('post')).toMatchObject({ tool_response: '{"ok":false,"error":"boom"}', tool_is_error: true });
  });
});

describe('"Hook output"', () => {
  it('"Hooks can print JSON to stdout:" — `systemMessage` is "Extra context for the model"; `continue: true` and `suppressOutput` change nothing', async () => {
    const b = bench();
    b.one('UserPromptSubmit', emit({ continue: true, systemMessage: 'Extra context for the model', suppressOutput: false }));
    const result = await b.dispatch('UserPromptSubmit', { prompt: 'go' });
    expect(result).toMatchObject({ decision: 'none', continue: true, additionalContext: 'Extra context for the model' });
    b.one('UserPromptSubmit', emit({ continue: true, systemMessage: 'ctx', suppressOutput: true }));
    expect(await b.dispatch('UserPromptSubmit', { prompt: 'go' })).toMatchObject({ decision: 'none', continue: true, additionalContext: 'ctx' });
  });

  it('"Hooks can print JSON to stdout:" — `continue: false` blocks a prompt with its stopReason; plain text is context', async () => {
    const b = bench();
    b.one('UserPromptSubmit', emit({ continue: false, stopReason: 'Not today.' }));
    expect(await b.dispatch('UserPromptSubmit', { prompt: 'go' })).toMatchObject({ decision: 'block', reason: 'Not today.', continue: true });
    b.one('SessionStart', "echo 'remember the style guide'");
    expect(await b.dispatch('SessionStart', { source: 'startup' })).toMatchObject({ decision: 'none', additionalContext: 'remember the style guide' });
  });

  it('"PreToolUse can deny or rewrite input:" — permissionDecision "deny" with its reason', async () => {
    const b = bench();
    b.one('PreToolUse', emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'Blocked by policy.' } }));
    expect(await b.dispatch('PreToolUse', shellCall('rm -rf /'))).toMatchObject({ decision: 'deny', reason: 'Blocked by policy.' });
  });

  it('"PreToolUse can deny or rewrite input:" — permissionDecision "allow" with updatedInput rewrites the call', async () => {
    const b = bench();
    b.one('PreToolUse', emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { command: 'echo rewritten' } } }));
    const result = await b.dispatch('PreToolUse', shellCall('echo original'));
    expect(result).toMatchObject({ decision: 'none', updatedInput: { command: 'echo rewritten' } });
  });

  it('"PostToolUse can replace the model-visible tool result:"', async () => {
    const b = bench();
    b.one('PostToolUse', emit({ hookSpecificOutput: { hookEventName: 'PostToolUse', replacement: 'Use this feedback instead of the raw tool output.' } }));
    const result = await b.dispatch('PostToolUse', { ...shellCall('ls'), toolResponse: 'raw' });
    expect(result).toMatchObject({ decision: 'none', updatedToolOutput: 'Use this feedback instead of the raw tool output.' });
  });

  for (const event of ['Stop', 'SubagentStop'] as const) {
    it(`"Stop and SubagentStop can request one continuation prompt:" — ${event}`, async () => {
      const b = bench();
      b.one(event, emit({ hookSpecificOutput: { hookEventName: event, continuationPrompt: 'Run one final verification pass.' } }));
      const result = await b.dispatch(event, EVENTS[event]!.params);
      expect(result).toMatchObject({ decision: 'block', reason: 'Run one final verification pass.', continue: true });
    });
  }

  it('"Exit code 2 is also event-aware: it blocks PreToolUse and UserPromptSubmit, replaces PostToolUse output with stderr feedback, and requests a continuation for Stop / SubagentStop."', async () => {
    const b = bench();
    const exit2 = 'echo "said on stdout"; echo "policy says no" >&2; exit 2';
    b.configure({ hooks: Object.fromEntries(ALL.map((event) => [event, [{ hooks: [{ command: exit2 }] }]])) });
    const results = Object.fromEntries(await Promise.all(ALL.map(async (event) => [event, await b.dispatch(event, EVENTS[event]!.params)] as const)));
    expect(results.PreToolUse).toMatchObject({ decision: 'deny', reason: 'policy says no' });
    expect(results.UserPromptSubmit).toMatchObject({ decision: 'block', reason: 'policy says no' });
    expect(results.PostToolUse).toMatchObject({ decision: 'none', updatedToolOutput: 'policy says no' });
    expect(results.Stop).toMatchObject({ decision: 'block', reason: 'policy says no' });
    expect(results.SubagentStop).toMatchObject({ decision: 'block', reason: 'policy says no' });
    // On the other four events exit 2 is exit 0: stdout is context, nothing blocks (PreCompact is not blocked by it).
    for (const event of ['SessionStart', 'PreCompact', 'PostCompact', 'SubagentStart'] as const) expect(results[event], event).toMatchObject({ decision: 'none', additionalContext: 'said on stdout' });
  });

  it('"Exit code 2 is also event-aware" — stdout when stderr is empty, else pbi-agent\'s fixed texts; stdout JSON is not read', async () => {
    const b = bench();
    b.configure({
      hooks: {
        PreToolUse: [{ hooks: [{ command: `${emit({ hookSpecificOutput: { updatedInput: { command: 'x' } } })}; exit 2` }] }],
        UserPromptSubmit: [{ hooks: [{ command: 'exit 2' }] }],
        PostToolUse: [{ hooks: [{ command: 'exit 2' }] }],
        Stop: [{ hooks: [{ command: 'exit 2' }] }],
      },
    });
    const pre = await b.dispatch('PreToolUse', shellCall('ls'));
    expect(pre).toMatchObject({ decision: 'deny', reason: '{"hookSpecificOutput":{"updatedInput":{"command":"x"}}}' });
    expect(pre.updatedInput).toBeUndefined();
    expect(await b.dispatch('UserPromptSubmit', { prompt: 'go' })).toMatchObject({ decision: 'block', reason: 'Blocked by hook.' });
    expect(await b.dispatch('PostToolUse', { ...shellCall('ls'), toolResponse: 'raw' })).toMatchObject({ updatedToolOutput: 'Hook provided feedback.' });
    expect(await b.dispatch('Stop', {})).toMatchObject({ decision: 'block', reason: 'Continue after hook request.' });
  });

  it('a failed or timed-out hook\'s output is discarded entirely (pbi uses only successful and exit-2 runs)', async () => {
    const b = bench();
    const deny = emit({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'late deny' } });
    b.configure({ hooks: { PreToolUse: [{ hooks: [{ command: `${deny}; exit 1` }, { command: `${deny}; exec sleep 30`, timeout: 1 }] }] } });
    const result = await b.dispatch('PreToolUse', shellCall('ls'));
    expect(result.decision).toBe('none');
    expect(result.runs.map((run) => run.status)).toEqual(['error', 'timeout']);
    expect(b.leftovers()).toEqual([]);
  });

  it('several hooks merge in configured order, never completion order: the last configured rewrite wins, contexts join with a blank line', async () => {
    const b = bench();
    const slow = (value: unknown) => `sleep 0.4; ${emit(value)}`;
    const answer = (command: string, ctx: string) => ({ hookSpecificOutput: { updatedInput: { command } }, systemMessage: ctx });
    for (const [first, second] of [
      [slow(answer('first', 'one')), emit(answer('second', 'two'))],
      [emit(answer('first', 'one')), slow(answer('second', 'two'))],
    ]) {
      b.configure({ hooks: { PreToolUse: [{ hooks: [{ command: first! }] }, { matcher: 'shell', hooks: [{ command: second! }] }] } });
      expect(await b.dispatch('PreToolUse', shellCall('ls'))).toMatchObject({ decision: 'none', updatedInput: { command: 'second' }, additionalContext: 'one\n\ntwo' });
    }
  });

  it('several hooks: a deny beats any rewrite, and the reason is the last configured blocker\'s', async () => {
    const b = bench();
    b.configure({
      hooks: {
        PreToolUse: [
          { hooks: [{ command: `sleep 0.3; ${emit({ decision: 'block', reason: 'first' })}` }] },
          { hooks: [{ command: emit({ hookSpecificOutput: { updatedInput: { command: 'safe' } } }) }] },
          { hooks: [{ command: 'echo second >&2; exit 2' }] },
        ],
      },
    });
    const result = await b.dispatch('PreToolUse', shellCall('ls'));
    expect(result).toMatchObject({ decision: 'deny', reason: 'second' });
    expect(result.updatedInput).toBeUndefined();
  });
});

describe('"Limitations"', () => {
  it('"Hook subprocesses are not a security sandbox." — a hook writes outside the workspace and reads hookd\'s environment', async () => {
    const b = bench();
    b.one('SessionStart', 'printf %s "$HOOKD_TEST_MARK" > "$REC/outside"');
    await b.dispatch('SessionStart', { source: 'startup' });
    expect(b.read('outside')).toBe(b.mark);
  });

  it('"Only command hooks execute today."', () => {
    expect(pbiDialect.handlerTypes).toEqual(['command']);
  });

  it('"PermissionRequest hooks are deferred until pbi-agent has a first-class permission/approval path."', () => {
    expect(pbiDialect.events).not.toContain('PermissionRequest');
  });

  for (const event of ['Stop', 'SubagentStop'] as const) {
    it(`"SubagentStop continuation is intentionally one additional child pass only, so hooks cannot loop forever." — ${event}: the stop after the continuation runs no hook`, async () => {
      const b = bench();
      b.one(event, `echo run >> "$REC/runs"; ${emit({ continuationPrompt: 'again' })}`);
      expect(await b.dispatch(event, EVENTS[event]!.params)).toMatchObject({ decision: 'block', reason: 'again' });
      const second = await b.dispatch(event, { ...EVENTS[event]!.params, stopHookActive: true });
      expect(second.decision).toBe('none');
      expect(second.runs).toEqual([]);
      expect(second.notFired).toBeDefined();
      expect(b.read('runs')).toBe('run\n');
    });

    it(`"SubagentStop continuation is intentionally one additional child pass only, so hooks cannot loop forever." — ${event}: an agent that does not say stopHookActive gets no second continuation in the turn`, async () => {
      const b = bench();
      b.one(event, emit({ continuationPrompt: 'again' }));
      expect(await b.dispatch(event, EVENTS[event]!.params)).toMatchObject({ decision: 'block' });
      const second = await b.dispatch(event, EVENTS[event]!.params);
      expect(second).toMatchObject({ decision: 'none', unresolved: 'again' });
      // A new turn gets its own pass.
      await b.dispatch('UserPromptSubmit', { prompt: 'next' });
      expect(await b.dispatch(event, EVENTS[event]!.params)).toMatchObject({ decision: 'block', reason: 'again' });
    });
  }
});

