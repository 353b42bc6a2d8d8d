import { describe, expect, it } from 'vitest';
import { interpret } from '../../../src/dialects/bamboo/output.js';
import type { HookVerdict } from '../../../src/engine/dialect.js';
import type { EventName } from '../../../src/protocol/index.js';
import type { ProcessOutcome } from '../../../src/runner/types.js';
import { captured, context, exit, hook, json, outcome } from './outcome.js';

const DECISION_EVENTS = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop'] as const;
const OBSERVERS = ['SessionEnd', 'Notification'] as const;

const run = (event: EventName, result: ProcessOutcome): HookVerdict => interpret(context(event), hook(event), result);

describe('failures are non-blocking, each with its class', () => {
  const cases: Array<[string, ProcessOutcome, Partial<HookVerdict>]> = [
    ['cancelled', outcome({ cancelled: true, started: false, exitCode: null }), { status: 'cancelled', failureClass: 'cancelled' }],
    ['runtime missing', outcome({ started: false, exitCode: null, preflight: { kind: 'runtime_missing', message: 'no runtime found for /a.js: tried node, then bun run; none is on PATH' } }), { status: 'error', failureClass: 'runtime_missing', message: 'no runtime found for /a.js: tried node, then bun run; none is on PATH (non-blocking)' }],
    ['unsupported platform', outcome({ started: false, exitCode: null, preflight: { kind: 'unsupported', message: 'batch files run only on Windows (cmd.exe); this platform is linux' } }), { status: 'error', failureClass: 'unsupported' }],
    ['spawn failure', outcome({ started: false, exitCode: null, spawnError: 'bash: not found' }), { status: 'error', failureClass: 'spawn_failed', message: 'could not start: bash: not found (non-blocking)' }],
    ['timeout', outcome({ exitCode: null, signal: 'SIGTERM', timedOut: true }), { status: 'timeout', failureClass: 'timeout', message: 'timed out after 60000 ms; its process tree was killed (non-blocking)' }],
    ['signal', outcome({ exitCode: null, signal: 'SIGKILL', stderr: 'oops\n' }), { status: 'error', failureClass: 'signal', message: 'killed by signal SIGKILL: oops (non-blocking)' }],
    ['exit 1', exit(1, '{"decision":"block"}', 'bad thing\nmore'), { status: 'error', failureClass: 'nonzero_exit', message: 'exit code 1: bad thing (non-blocking)' }],
    ['exit 3', exit(3), { status: 'error', failureClass: 'nonzero_exit', message: 'exit code 3 (non-blocking)' }],
    ['truncated stdout', outcome({ stdout: captured('{"decision":"block"', true) }), { status: 'error', failureClass: 'output_truncated' }],
    ['not JSON', exit(0, 'hello'), { status: 'error', failureClass: 'invalid_output' }],
    ['a JSON array', exit(0, '[{"decision":"block"}]'), { status: 'error', failureClass: 'invalid_output', message: 'stdout must be empty or exactly one JSON object (got an array) (non-blocking)' }],
    ['a JSON scalar', exit(0, '"block"'), { status: 'error', failureClass: 'invalid_output' }],
    ['null', exit(0, 'null'), { status: 'error', failureClass: 'invalid_output' }],
    ['two objects', exit(0, '{"decision":"allow"}\n{"decision":"block"}'), { status: 'error', failureClass: 'invalid_output' }],
    ['an unknown decision', json({ decision: 'deny' }), { status: 'error', failureClass: 'invalid_output', message: 'invalid response: decision must be one of allow, block, ask (got "deny") (non-blocking)' }],
    ['a non-string reason', json({ decision: 'block', reason: 5 }), { status: 'error', failureClass: 'invalid_output', message: 'invalid response: reason must be a string (got 5) (non-blocking)' }],
    ['a non-string additional_context', json({ additional_context: ['x'] }), { status: 'error', failureClass: 'invalid_output' }],
  ];
  it.each(cases)('%s', (_name, result, expected) => {
    for (const event of [...DECISION_EVENTS, 'PreCompact'] as const) {
      const verdict = run(event, result);
      expect(verdict).toMatchObject({ ...expected, decision: 'none' });
      expect(verdict.reason).toBeUndefined();
    }
  });
});

describe('exit 2', () => {
  it('blocks on decision-capable events with trimmed stderr as the reason; stdout is not read', () => {
    for (const event of DECISION_EVENTS) {
      expect(run(event, exit(2, '{"decision":"allow","additional_context":"x"}', '  dangerous recursive deletion is blocked\n'))).toEqual({
        status: 'ok',
        failureClass: null,
        decision: 'block',
        reason: 'dangerous recursive deletion is blocked',
      });
    }
  });

  it('without stderr the reason names the hook', () => {
    expect(run('Stop', exit(2)).reason).toBe('hook user:Stop[0].hooks[0] exited with code 2 without a reason on stderr');
  });

  it('is ignored on PreCompact, SessionEnd and Notification, with a message saying why', () => {
    expect(run('PreCompact', exit(2, '', 'no'))).toEqual({
      status: 'ok',
      failureClass: null,
      decision: 'none',
      message: 'exit code 2 ignored: decisions are ignored because blocking compaction risks context overflow',
    });
    expect(run('SessionEnd', exit(2, '', 'no')).message).toBe('exit code 2 ignored: SessionEnd is an observer; decisions cannot change the settled result');
    expect(run('Notification', exit(2, '', 'no')).message).toBe('exit code 2 ignored: Notification is a fire-and-forget observer');
    for (const event of ['PreCompact', ...OBSERVERS] as const) expect(run(event, exit(2)).decision).toBe('none');
  });
});

describe('exit 0 responses', () => {
  it('no stdout, or only whitespace: ok, nothing decided', () => {
    for (const text of ['', ' \n\t']) expect(run('PreToolUse', exit(0, text))).toEqual({ status: 'ok', failureClass: null, decision: 'none' });
  });

  it('{} is a valid empty response (the seed\'s script writes it)', () => {
    expect(run('PreToolUse', json({}))).toEqual({ status: 'ok', failureClass: null, decision: 'none' });
  });

  it('decision, reason and additional_context on a decision event', () => {
    expect(run('PreToolUse', json({ decision: 'block', reason: 'production deletion is forbidden', additional_context: 'Use the staging workspace instead.' }))).toEqual({
      status: 'ok',
      failureClass: null,
      decision: 'block',
      reason: 'production deletion is forbidden',
      additionalContext: 'Use the staging workspace instead.',
    });
    expect(run('UserPromptSubmit', json({ decision: 'allow' }))).toMatchObject({ decision: 'allow' });
  });

  it('surrounding whitespace and a trailing newline are fine', () => {
    expect(run('Stop', exit(0, '\n  {"decision":"block","reason":"keep going"}\n')).decision).toBe('block');
  });

  it('additional_context without a decision', () => {
    expect(run('SessionStart', json({ additional_context: 'hooked SessionStart' }))).toEqual({ status: 'ok', failureClass: null, decision: 'none', additionalContext: 'hooked SessionStart' });
  });

  it('a block without a reason gets one naming the hook', () => {
    expect(run('Stop', json({ decision: 'block' })).reason).toBe('blocked by hook user:Stop[0].hooks[0]');
  });

  it('null fields count as absent; unknown fields are ignored', () => {
    expect(run('PreToolUse', json({ decision: null, reason: null, additional_context: null, extra: 1 }))).toEqual({ status: 'ok', failureClass: null, decision: 'none' });
  });

  it('"ask" is a decision on PreToolUse and ignored, with a message, elsewhere', () => {
    expect(run('PreToolUse', json({ decision: 'ask', reason: 'confirm' }))).toMatchObject({ decision: 'ask', reason: 'confirm' });
    for (const event of ['SessionStart', 'UserPromptSubmit', 'PostToolUse', 'Stop'] as const) {
      const verdict = run(event, json({ decision: 'ask', additional_context: 'ctx' }));
      expect(verdict).toMatchObject({ status: 'ok', decision: 'none', additionalContext: 'ctx', message: `decision "ask" ignored: it is meaningful only on PreToolUse, not ${event}` });
    }
  });

  it('PreCompact takes only additional_context; a decision is ignored with a message', () => {
    expect(run('PreCompact', json({ decision: 'block', reason: 'no', additional_context: 'Keep the TODO list.' }))).toEqual({
      status: 'ok',
      failureClass: null,
      decision: 'none',
      additionalContext: 'Keep the TODO list.',
      message: 'decision "block" ignored: decisions are ignored because blocking compaction risks context overflow',
    });
  });

  it('observers ignore output entirely, even output that would be invalid or truncated', () => {
    for (const event of OBSERVERS) {
      expect(run(event, exit(0))).toEqual({ status: 'ok', failureClass: null, decision: 'none' });
      for (const result of [json({ decision: 'block', additional_context: 'x' }), exit(0, 'not json'), outcome({ stdout: captured('{', true) })]) {
        const verdict = run(event, result);
        expect(verdict).toMatchObject({ status: 'ok', failureClass: null, decision: 'none' });
        expect(verdict.additionalContext).toBeUndefined();
        expect(verdict.message).toMatch(/^output ignored: /);
      }
    }
  });

  it('observers still report a failed run (it is logged)', () => {
    expect(run('SessionEnd', exit(1))).toMatchObject({ status: 'error', failureClass: 'nonzero_exit', decision: 'none' });
  });
});
