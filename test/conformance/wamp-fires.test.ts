// Conformance of the seed's Events table, "Fires" column (seed 002): when each event fires, as far as hookd decides it
// (the agent decides when to send; hookd refuses to fire what WAMP does not). Real engine, loader and runner.
import { describe, expect, it } from 'vitest';
import { CONVERSATION, emit, shellCall, trackedWampBenches } from './wamp-bench.js';

const bench = trackedWampBenches();
const mark = (name: string) => `touch "$REC/${name}"`;

describe('"Events": "Fires"', () => {
  it('`SessionStart`: "On the first message of a conversation, before `UserPromptSubmit`"', async () => {
    const b = bench();
    b.configure({ hooks: { SessionStart: [{ hooks: [{ type: 'command', command: `${mark('start')}; echo "branch: main"` }] }], UserPromptSubmit: [{ hooks: [{ type: 'command', command: mark('prompt') }] }] } });
    const first = await b.dispatch('SessionStart', { runId: 'run-1' });
    expect(first.additionalContext).toBe('branch: main');
    expect(b.has('start')).toBe(true);
    await b.dispatch('UserPromptSubmit', { runId: 'run-1', prompt: 'hello' });
    // The conversation's second message: SessionStart does not fire again.
    const second = await b.dispatch('SessionStart', { runId: 'run-2' });
    expect(second.runs).toEqual([]);
    expect(second.notFired).toBeDefined();
    // Another conversation is a first message again.
    const other = await b.dispatch('SessionStart', { runId: 'run-3', session: { id: `${CONVERSATION}-b` } });
    expect(other.runs).toHaveLength(1);
  });

  it('`UserPromptSubmit`: "On each message sent from a chat or through `engine.run.start`, before the turn is accepted"', async () => {
    const b = bench();
    b.one('UserPromptSubmit', `${mark('prompt')}; echo "frozen" >&2; exit 2`);
    for (const runId of ['chat-1', 'chat-2']) {
      const result = await b.dispatch('UserPromptSubmit', { runId, prompt: 'deploy', turnKind: 'message' });
      // Answered before the turn is accepted: the refusal is the agent's to apply (engine.run.start: the error).
      expect(result).toMatchObject({ decision: 'block', reason: 'frozen', refusal: { code: 'failed_precondition', data: { reason: 'frozen' } } });
      expect(result.runs).toHaveLength(1);
    }
  });

  it('`PreToolUse`: "Before the permission decision for each tool call" — its deny is binding, so no permission decision after it can allow the call', async () => {
    const b = bench();
    b.one('PreToolUse', emit({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no pushes' } }), {}, 'shell');
    for (const permissionMode of ['default', 'bypassPermissions']) {
      const result = await b.dispatch('PreToolUse', { ...shellCall('git push'), session: { id: CONVERSATION, permissionMode } });
      expect(result).toMatchObject({ decision: 'deny', reason: 'no pushes', binding: true });
    }
  });

  it('`PostToolUse`: "After the call has run, whether it succeeded or failed"', async () => {
    const b = bench();
    b.one('PostToolUse', 'cat > "$REC/post.json"; echo "checked" >&2; exit 2');
    for (const isError of [false, true]) {
      const result = await b.dispatch('PostToolUse', { ...shellCall('make'), toolResponse: isError ? 'failed' : 'ok', isError });
      expect(result.feedback).toBe('checked');
      expect(b.json('post.json').tool_response).toEqual({ content: isError ? 'failed' : 'ok', is_error: isError });
    }
  });

  it('`Stop`: "At a native Run\'s natural finish, after the Goal gate"', async () => {
    const b = bench();
    b.one('Stop', mark('stop'));
    const natural = await b.dispatch('Stop', { runId: 'run-1', finish: 'natural', session: { id: CONVERSATION, runtime: 'native' } });
    expect(natural.runs).toHaveLength(1);
    expect(b.has('stop')).toBe(true);
    for (const [label, params] of [
      ['an abort', { finish: 'abort' }],
      ['a foreign runtime', { session: { id: CONVERSATION, runtime: 'acp' } }],
      ['a run that is not a root run', { rootRun: false }],
    ] as const) {
      const result = await b.dispatch('Stop', { runId: `run-${label}`, ...params });
      expect(result.runs, label).toEqual([]);
      expect(result.notFired, label).toBeDefined();
    }
  });
});
