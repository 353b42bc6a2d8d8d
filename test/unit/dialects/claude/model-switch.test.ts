// PreModelSwitch / PostModelSwitch, terminalSequence and the effort field, one run and the merge of several:
// hand-built outcomes (no processes) through the claude dialect's interpret, merge, envelope and matcher.
import { describe, expect, it } from 'vitest';
import { renderEnvelope } from '../../../../src/dialects/claude/envelope.js';
import { defaultTimeoutSeconds } from '../../../../src/dialects/claude/event-rules.js';
import { handlerTypeNotAccepted } from '../../../../src/dialects/claude/handler-types.js';
import { matchTarget } from '../../../../src/dialects/claude/match-target.js';
import { merge } from '../../../../src/dialects/claude/merge.js';
import { interpret } from '../../../../src/dialects/claude/output.js';
import { isValidTerminalSequence } from '../../../../src/dialects/claude/terminal-sequence.js';
import type { CommandHandler, HookVerdict } from '../../../../src/engine/dialect.js';
import { EventParamsSchemas, type Decision, type EventName, type EventParams } from '../../../../src/protocol/index.js';
import type { ProcessOutcome } from '../../../../src/runner/types.js';
import { context, exit, hook, json, outcome } from '../../claude/outcome.js';

function run(event: EventName, result: ProcessOutcome, handler: Partial<CommandHandler> = {}, params: Partial<EventParams> = {}): HookVerdict {
  return interpret(context(event, params), hook(event, handler), result);
}
const decide = (permissionDecision: string, reason?: string) =>
  json({ hookSpecificOutput: { hookEventName: 'PreModelSwitch', permissionDecision, ...(reason === undefined ? {} : { permissionDecisionReason: reason }) } });
const v = (decision: Decision = 'none', fields: Partial<HookVerdict> = {}): HookVerdict => ({ status: 'ok', failureClass: null, decision, ...fields });
const switchParams = { fromModel: 'claude-sonnet-4-6', toModel: 'claude-opus-5', requestedModel: 'opus', source: 'command' };

describe('PreModelSwitch: one run', () => {
  it('"allow lets a model switch proceed, and deny cancels it": permissionDecision becomes the decision, with its reason', () => {
    expect(run('PreModelSwitch', decide('allow'))).toMatchObject({ status: 'ok', decision: 'allow' });
    expect(run('PreModelSwitch', decide('deny', 'Opus is not allowed here'))).toMatchObject({ decision: 'deny', reason: 'Opus is not allowed here' });
  });

  it('"ask" stays ask (the agent confirms in an interactive /model, else refuses); "defer" means nothing here: ignored with a note', () => {
    expect(run('PreModelSwitch', decide('ask', 'Costly switch'))).toMatchObject({ decision: 'ask', reason: 'Costly switch' });
    expect(run('PreModelSwitch', decide('defer'))).toMatchObject({ status: 'ok', decision: 'none', message: expect.stringContaining('"defer" has no meaning on PreModelSwitch') });
  });

  it('"PreModelSwitch can block": exit 2 denies with stderr as the reason; top-level decision "block" denies too', () => {
    expect(run('PreModelSwitch', exit(2, '', 'stay on sonnet\n'))).toMatchObject({ decision: 'deny', reason: 'stay on sonnet' });
    expect(run('PreModelSwitch', json({ decision: 'block', reason: 'budget' }))).toMatchObject({ decision: 'deny', reason: 'budget' });
  });

  it('"a PreModelSwitch hook cancelled at its timeout blocks the switch": a deny whose reason names the timeout', () => {
    const verdict = run('PreModelSwitch', outcome({ exitCode: null, signal: 'SIGKILL', timedOut: true }), { timeoutMs: 30_000 });
    expect(verdict).toMatchObject({ status: 'timeout', failureClass: 'timeout', decision: 'deny' });
    expect(verdict.reason).toBe('PreModelSwitch hook "project:PreModelSwitch[0].hooks[0]" timed out after 30s; the model switch is blocked');
  });

  it('a timeout on PostModelSwitch (which cannot block) stays no decision; other failures of PreModelSwitch fail open', () => {
    expect(run('PostModelSwitch', outcome({ exitCode: null, timedOut: true }))).toMatchObject({ status: 'timeout', decision: 'none' });
    expect(run('PreModelSwitch', exit(1, '', 'boom'))).toMatchObject({ status: 'error', decision: 'none' });
  });
});

describe('PreModelSwitch: several runs', () => {
  it('deny > ask > allow; the winners\' reasons are joined in configured order', () => {
    expect(merge(context('PreModelSwitch'), [v('allow', { reason: 'a' }), v('ask', { reason: 'b' }), v('deny', { reason: 'c' }), v('deny', { reason: 'd' })])).toMatchObject({ decision: 'deny', reason: 'c\nd' });
    expect(merge(context('PreModelSwitch'), [v('allow', { reason: 'a' }), v('ask', { reason: 'b' })])).toMatchObject({ decision: 'ask', reason: 'b' });
    expect(merge(context('PreModelSwitch'), [v('none'), v('allow')])).toMatchObject({ decision: 'allow' });
    expect(merge(context('PreModelSwitch'), [v('none')]).decision).toBe('none');
  });
});

describe('PostModelSwitch', () => {
  it('"Claude Code adds stdout it treats as plain text to Claude\'s context"; additionalContext too; exit 2 cannot block', () => {
    expect(run('PostModelSwitch', exit(0, 'Now on Opus 5\n'))).toMatchObject({ decision: 'none', additionalContext: 'Now on Opus 5' });
    expect(run('PostModelSwitch', json({ hookSpecificOutput: { hookEventName: 'PostModelSwitch', additionalContext: 'ctx' } }))).toMatchObject({ additionalContext: 'ctx' });
    expect(run('PostModelSwitch', exit(2, '', 'oops'))).toMatchObject({ decision: 'none', systemMessage: 'oops' });
  });
});

describe('model-switch events: envelope, matcher, params, timeout, handler types', () => {
  it('the stdin has from_model, to_model, requested_model, source and the cost fields, snake_case, as the reference names them', () => {
    const envelope = renderEnvelope(context('PreModelSwitch', { ...switchParams, contextTokens: 120_000, promptCacheWarm: true, cacheTtl: '5m', estimatedCacheWriteUsd: 0.42 }));
    expect(envelope).toMatchObject({
      hook_event_name: 'PreModelSwitch',
      from_model: 'claude-sonnet-4-6',
      to_model: 'claude-opus-5',
      requested_model: 'opus',
      source: 'command',
      context_tokens: 120_000,
      prompt_cache_warm: true,
      cache_ttl: '5m',
      estimated_cache_write_usd: 0.42,
    });
    expect(envelope).not.toHaveProperty('pricing');
  });

  it('"matcher: canonical name of the model the session switches to"', () => {
    expect(matchTarget('PreModelSwitch', { session: { id: 's' }, ...switchParams })).toBe('claude-opus-5');
    expect(matchTarget('PostModelSwitch', { session: { id: 's' }, ...switchParams })).toBe('claude-opus-5');
  });

  it('toModel is required in the params (-32602 otherwise)', () => {
    expect(EventParamsSchemas.PreModelSwitch.safeParse({ session: { id: 's' } }).success).toBe(false);
    expect(EventParamsSchemas.PostModelSwitch.safeParse({ session: { id: 's' }, toModel: 'claude-opus-5' }).success).toBe(true);
  });

  it('"Claude Code lowers this default to 30 seconds for UserPromptSubmit, PreModelSwitch, and PostModelSwitch hooks"', () => {
    expect([defaultTimeoutSeconds('PreModelSwitch'), defaultTimeoutSeconds('PostModelSwitch'), defaultTimeoutSeconds('UserPromptSubmit')]).toEqual([30, 30, 30]);
  });

  it('every handler type is accepted (hookd: no accepted-types entry)', () => {
    for (const type of ['command', 'http', 'mcp_tool', 'prompt', 'agent']) expect(handlerTypeNotAccepted('PreModelSwitch', { type })).toBeUndefined();
  });
});

describe('terminalSequence', () => {
  const BEL = '\x07';
  const ESC = '\x1b';
  it.each([
    ['BEL', BEL],
    ['OSC 0 title, BEL terminated', `${ESC}]0;build done${BEL}`],
    ['OSC 2 title, ST terminated', `${ESC}]2;hookd${ESC}\\`],
    ['OSC 9 notification + OSC 777 + BEL', `${ESC}]9;done${BEL}${ESC}]777;notify;hookd;done${BEL}${BEL}`],
    ['OSC 99', `${ESC}]99;i=1;hello${ESC}\\`],
    ['OSC 1 icon name', `${ESC}]1;x${BEL}`],
  ])('valid: %s', (_name, value) => {
    expect(isValidTerminalSequence(value)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['OSC 52 (clipboard)', `${ESC}]52;c;aGVsbG8=${BEL}`],
    ['OSC 8 (hyperlink)', `${ESC}]8;;https://x${BEL}`],
    ['CSI (clear screen)', `${ESC}[2J`],
    ['plain text', 'hello'],
    ['an unterminated OSC', `${ESC}]0;title`],
    ['an ESC hidden in a payload', `${ESC}]0;a${ESC}[2Jb${BEL}`],
    ['text after a valid sequence', `${BEL}rm -rf`],
    ['over the length bound', `${ESC}]0;${'x'.repeat(5000)}${BEL}`],
  ])('invalid: %s', (_name, value) => {
    expect(isValidTerminalSequence(value)).toBe(false);
  });

  it('a valid one is in the verdict; an invalid or non-string one is ignored with a note in the run\'s message, the rest of the output still counts', () => {
    expect(run('PreToolUse', json({ terminalSequence: `${ESC}]0;t${BEL}` }))).toMatchObject({ status: 'ok', terminalSequence: `${ESC}]0;t${BEL}` });
    for (const bad of [`${ESC}[2J`, 7]) {
      const verdict = run('PreToolUse', json({ terminalSequence: bad, hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny' } }));
      expect(verdict).toMatchObject({ status: 'ok', decision: 'deny', message: expect.stringContaining('terminalSequence ignored') });
      expect(verdict.terminalSequence).toBeUndefined();
    }
  });

  it('"still emits terminalSequence" on Notification, and on StopFailure whose other output and exit code are ignored', () => {
    expect(run('Notification', json({ terminalSequence: BEL, systemMessage: 'dropped' }))).toMatchObject({ terminalSequence: BEL });
    expect(run('StopFailure', json({ terminalSequence: BEL, systemMessage: 'x' }))).toMatchObject({ status: 'ok', terminalSequence: BEL });
    expect(run('StopFailure', json({ terminalSequence: BEL }, 2)).terminalSequence).toBe(BEL);
    expect(run('StopFailure', json({ terminalSequence: `${ESC}[2J` })).message).toContain('terminalSequence ignored');
    expect(run('SessionEnd', json({ terminalSequence: BEL })).terminalSequence).toBeUndefined();
  });

  it('merge: every valid sequence, concatenated in configured order', () => {
    const out = merge(context('Stop'), [v('none', { terminalSequence: `${ESC}]0;a${BEL}` }), v('none'), v('none', { terminalSequence: BEL })]);
    expect(out.terminalSequence).toBe(`${ESC}]0;a${BEL}${BEL}`);
    expect(isValidTerminalSequence(out.terminalSequence!)).toBe(true);
    expect(merge(context('Stop'), [v('none')]).terminalSequence).toBeUndefined();
  });
});

describe('effort', () => {
  it('"effort: {level}" on tool-use-context events (PreToolUse, PostToolUse, Stop, SubagentStop) when the agent gives session.effort', () => {
    const tool = { toolName: 'Bash', toolInput: { command: 'ls' } };
    for (const event of ['PreToolUse', 'PostToolUse', 'Stop', 'SubagentStop'] as const) {
      const envelope = renderEnvelope(context(event, { ...tool, session: { id: 's', permissionMode: 'default', effort: 'high' } }));
      expect(envelope.effort, event).toEqual({ level: 'high' });
      expect(Object.keys(envelope).indexOf('effort'), event).toBe(Object.keys(envelope).indexOf('permission_mode') + 1);
    }
  });

  it('absent without session.effort, and on other events', () => {
    expect(renderEnvelope(context('PreToolUse', { toolName: 'Bash', toolInput: {} }))).not.toHaveProperty('effort');
    expect(renderEnvelope(context('UserPromptSubmit', { prompt: 'p', session: { id: 's', effort: 'high' } }))).not.toHaveProperty('effort');
  });
});
