// What the ACP proxy does with a hook result at each hook point (src/acp/hook-points.ts), as pure functions.
import { describe, expect, it } from 'vitest';
import { contextOf, permissionAnswer, promptRefusal, promptText, terminalEventParams, toolEventParams, withContext, writeEventParams } from '../../src/acp/hook-points.js';

const options = [
  { optionId: 'ok-always', name: 'Always', kind: 'allow_always' },
  { optionId: 'ok', name: 'Once', kind: 'allow_once' },
  { optionId: 'no', name: 'No', kind: 'reject_once' },
];

describe('ACP hook points', () => {
  it('"deny answers the agent with a reject option"; "allow answers with an allow-once option"; "ask / no decision forwards to the editor"', () => {
    expect(permissionAnswer({ decision: 'deny' }, options)).toEqual({ answer: { outcome: { outcome: 'selected', optionId: 'no' } } });
    expect(permissionAnswer({ decision: 'allow' }, options)).toEqual({ answer: { outcome: { outcome: 'selected', optionId: 'ok' } } });
    expect(permissionAnswer({ decision: 'ask' }, options)).toEqual({ forward: true });
    expect(permissionAnswer({ decision: 'none' }, options)).toEqual({ forward: true });
  });

  it('a deny holds without a reject option (answered cancelled); an allow without an allow option asks the editor', () => {
    expect(permissionAnswer({ decision: 'deny' }, [options[1]])).toEqual({ answer: { outcome: { outcome: 'cancelled' } } });
    expect(permissionAnswer({ decision: 'allow' }, [options[2]])).toEqual({ forward: true });
  });

  it('a prompt is refused by a block or continue:false, with the reason', () => {
    expect(promptRefusal({ decision: 'block', reason: 'no' })).toBe('no');
    expect(promptRefusal({ continue: false, stopReason: 'halt' })).toBe('halt');
    expect(promptRefusal({ decision: 'none' })).toBeUndefined();
  });

  it('the prompt text is its text blocks and embedded text resources, one per line', () => {
    expect(promptText([{ type: 'text', text: 'a' }, { type: 'image', data: '' }, { type: 'resource', resource: { uri: 'file:///x', text: 'b' } }])).toBe('a\nb');
    expect(promptText('not blocks')).toBe('');
  });

  it('context goes before and after the user\'s blocks as text blocks, the rest of the params untouched', () => {
    const params = { sessionId: 's', prompt: [{ type: 'text', text: 'user' }], _meta: { k: 1 } };
    expect(withContext(params, ['start'], ['ups'])).toEqual({ sessionId: 's', _meta: { k: 1 }, prompt: [{ type: 'text', text: 'start' }, { type: 'text', text: 'user' }, { type: 'text', text: 'ups' }] });
  });

  it('context for the next prompt: additionalContext, feedback, and a PostToolUse block\'s reason', () => {
    expect(contextOf({ additionalContext: 'a', feedback: 'f', decision: 'block', reason: 'r' }, true)).toEqual(['a', 'f', 'r']);
    expect(contextOf({ decision: 'block', reason: 'r' })).toEqual([]);
  });

  it('tool event params: the dialect\'s tool name, the raw input, the tool call id', () => {
    expect(toolEventParams('claude', 's', '/w', 'c1', { kind: 'execute', title: 'ls', rawInput: { command: 'ls' } })).toEqual({
      session: { id: 's', cwd: '/w' },
      toolName: 'Bash',
      toolInput: { command: 'ls' },
      toolUseId: 'c1',
    });
    expect(writeEventParams('claude', { sessionId: 's', path: '/a', content: 'x' }, '/w')).toMatchObject({ toolName: 'Write', toolInput: { file_path: '/a', content: 'x' } });
    expect(terminalEventParams('wamp', { sessionId: 's', command: 'git', args: ['status', '-s'] }, '/w')).toMatchObject({ toolName: 'shell', toolInput: { command: 'git status -s' } });
  });
});
