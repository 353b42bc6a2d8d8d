// Issue 9 (Bamboo audit): every tool-oriented envelope carries all three convenience fields, as the seed says.
// Real hook processes read their stdin into a file; the test reads the raw line, so a missing key cannot hide.
import { describe, expect, it } from 'vitest';
import { BAMBOO_EVENT_RULES } from '../../src/dialects/bamboo/event-rules.js';
import { trackedBenches, bash, cmd } from './bamboo-bench.js';

const bench = trackedBenches();

describe('Input envelope (audit)', () => {
  it('"Tool-oriented envelopes also keep the convenience fields tool_name, tool_input, and tool_response": PreToolUse has tool_response, null', async () => {
    const b = bench();
    b.configure({ PreToolUse: [{ hooks: [cmd('cat > "$REC/stdin"')] }] });
    await b.dispatch('PreToolUse', bash('ls'));
    const raw = b.read('stdin');
    const stdin = JSON.parse(raw) as Record<string, unknown>;
    expect(Object.keys(stdin).slice(-3)).toEqual(['tool_name', 'tool_input', 'tool_response']);
    expect([stdin.tool_name, stdin.tool_input, stdin.tool_response]).toEqual(['Bash', { command: 'ls' }, null]);
    expect(raw).toContain('"tool_response":null');
    // The payload keeps its own shape: no tool has run, so the tool_call payload has no tool_response.
    expect(stdin.payload).toStrictEqual({ type: 'tool_call', tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_1' });
  });

  it('"Tool-oriented envelopes also keep the convenience fields tool_name, tool_input, and tool_response": on every tool event, with or without a response', async () => {
    const toolEvents = Object.entries(BAMBOO_EVENT_RULES)
      .filter(([, rule]) => rule.toolEvent)
      .map(([event]) => event);
    // Bamboo has no PostToolUseFailure or PermissionRequest: its tool-oriented events are these two.
    expect(toolEvents).toEqual(['PreToolUse', 'PostToolUse']);
    const b = bench();
    b.configure({
      PreToolUse: [{ hooks: [cmd('cat > "$REC/pre"')] }],
      PostToolUse: [{ hooks: [cmd('cat >> "$REC/post"; echo >> "$REC/post"')] }],
    });
    await b.dispatch('PreToolUse', bash('ls'));
    await b.dispatch('PostToolUse', { ...bash('ls'), toolResponse: { stdout: 'a\n' } });
    // A PostToolUse whose client gave no response still carries the key (null).
    await b.dispatch('PostToolUse', bash('ls'));
    const envelopes = [b.read('pre'), ...b.read('post').trim().split('\n')].map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(envelopes.map((envelope) => envelope.hook_event_name)).toEqual(['PreToolUse', 'PostToolUse', 'PostToolUse']);
    for (const envelope of envelopes) for (const key of ['tool_name', 'tool_input', 'tool_response']) expect(Object.hasOwn(envelope, key), `${String(envelope.hook_event_name)} ${key}`).toBe(true);
    expect(envelopes.map((envelope) => envelope.tool_response)).toEqual([null, { stdout: 'a\n' }, null]);
  });

  it('a client-given payload tool_response on PreToolUse is what the convenience field copies', async () => {
    const b = bench();
    b.configure({ PreToolUse: [{ hooks: [cmd('cat > "$REC/stdin"')] }] });
    await b.dispatch('PreToolUse', { ...bash('ls'), extra: { payload: { tool_response: 'replayed' } } });
    expect((JSON.parse(b.read('stdin')) as Record<string, unknown>).tool_response).toBe('replayed');
  });
});
