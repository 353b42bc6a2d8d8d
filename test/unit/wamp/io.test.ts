// Unit tests of the wamp dialect's input and output pieces (envelope, environment, interpret, merge, event rules,
// params): hand-built outcomes, no processes. The seed statements are covered through the engine in
// test/conformance/wamp-io.test.ts; these pin the edges.
import { describe, expect, it } from 'vitest';
import type { CommandHandler, EventContext, HookSpec, HookVerdict } from '../../../src/engine/dialect.js';
import type { EventName, EventParams } from '../../../src/protocol/index.js';
import { renderEnvelope } from '../../../src/dialects/wamp/envelope.js';
import { wampParamsFromEnvelope } from '../../../src/dialects/wamp/envelope-params.js';
import { syntheticParams } from '../../../src/dialects/wamp/synthetic-params.js';
import { wampInheritedEnvironment } from '../../../src/dialects/wamp/environment.js';
import { eventNotFired } from '../../../src/dialects/wamp/event-rules.js';
import { cutToChars, merge } from '../../../src/dialects/wamp/merge.js';
import { interpret } from '../../../src/dialects/wamp/output.js';
import { wampReading } from '../../../src/dialects/wamp/output-reading.js';
import { validateParams } from '../../../src/dialects/wamp/validate-params.js';
import { exit, json, outcome, captured } from '../../helpers/outcome.js';

const WORKSPACE = '/home/user/project';

function hook(event: EventName, handler: Partial<CommandHandler> = {}): HookSpec {
  return {
    id: `user:${event}[0].hooks[0]`,
    event,
    matches: () => true,
    handler: { type: 'command', command: 'guard.sh', timeoutMs: 60_000, onFailure: 'continue', ...handler },
    source: '/home/user/.wamp/hooks.json',
    scope: 'user',
  };
}

function context(event: EventName, params: Partial<EventParams> = {}): EventContext {
  const session = { id: 'conv-1', ...(params.session ?? {}) };
  return { event, params: { runId: 'run-1', ...params, session }, workspace: WORKSPACE, sessionId: session.id, cwd: session.cwd ?? WORKSPACE };
}

const read = (event: EventName, result = exit(0), params: Partial<EventParams> = {}): HookVerdict => interpret(context(event, params), hook(event), result);
const history = (seen: EventName[] = [], tools: string[] = []) => ({
  seenInSession: (event: EventName) => seen.includes(event),
  tools: new Map(tools.map((name) => [name, { name, kind: 'other' as const }])),
});

describe('wamp envelope', () => {
  it('renders exactly the seed fields for each event, in order', () => {
    expect(Object.keys(renderEnvelope(context('Stop')))).toEqual(['hook_event_name', 'session_id', 'cwd', 'run_id', 'agent', 'runtime', 'stop_hook_active']);
    expect(renderEnvelope(context('PostToolUse', { toolName: 'shell', toolInput: { command: 'ls' }, toolUseId: 't1', toolResponse: 'out', isError: true, extra: { x: 1 } }))).toEqual({
      hook_event_name: 'PostToolUse',
      session_id: 'conv-1',
      cwd: WORKSPACE,
      run_id: 'run-1',
      agent: 'wamp',
      runtime: 'native',
      tool_name: 'shell',
      tool_input: { command: 'ls' },
      tool_use_id: 't1',
      tool_response: { content: 'out', is_error: true },
    });
  });

  it('cwd is the project root even when the agent is elsewhere; source is always "startup"', () => {
    const envelope = renderEnvelope(context('SessionStart', { source: 'resume', session: { id: 'c', cwd: '/tmp/elsewhere', agent: 'coder', runtime: 'acp' } }));
    expect(envelope).toMatchObject({ cwd: WORKSPACE, source: 'startup', agent: 'coder', runtime: 'acp' });
  });
});

describe('wamp envelope round trip', () => {
  it('what a hook reads converts back (hookd test --input) and renders the same object', () => {
    for (const event of ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop'] as const) {
      const rendered = renderEnvelope(context(event, syntheticParams(event, WORKSPACE)));
      const back = wampParamsFromEnvelope(rendered, event);
      expect(back.ok).toBe(true);
      if (!back.ok) continue;
      const params = back.params as EventParams;
      expect(renderEnvelope(context(event, params))).toEqual(rendered);
    }
  });
});

describe('wamp environment', () => {
  it('removes exactly WAMP_CORE_URL and WAMP_CORE_SECRET_FILE', () => {
    expect(wampInheritedEnvironment({ WAMP_CORE_URL: 'u', WAMP_CORE_SECRET_FILE: 'f', WAMP_CORE_OTHER: 'k', wamp_core_url: 'l', PATH: '/bin' }, {})).toEqual({
      WAMP_CORE_OTHER: 'k',
      wamp_core_url: 'l',
      PATH: '/bin',
    });
  });
});

describe('wamp interpret', () => {
  it('exit 2 without stderr names the hook as the reason', () => {
    expect(read('PreToolUse', exit(2))).toMatchObject({ decision: 'deny', binding: true, reason: 'PreToolUse hook "guard.sh" exited with code 2 (no stderr)' });
  });

  it('exit 2 ignores stdout, even JSON', () => {
    expect(read('UserPromptSubmit', exit(2, JSON.stringify({ hookSpecificOutput: { additionalContext: 'ctx' } }), 'no'))).toEqual({ status: 'ok', failureClass: null, decision: 'block', reason: 'no' });
  });

  it('a non-zero exit with deciding JSON on stdout is still only a warning (stdout not read)', () => {
    const verdict = read('PreToolUse', exit(1, JSON.stringify({ hookSpecificOutput: { permissionDecision: 'deny' } }), 'oops\nmore'));
    expect(verdict).toMatchObject({ status: 'error', failureClass: 'nonzero_exit', decision: 'none', warnings: ['PreToolUse hook "guard.sh" failed (exit code 1: oops); the turn continues'] });
  });

  it('a timeout, a signal, a spawn failure and a refused start are warnings', () => {
    expect(read('Stop', outcome({ timedOut: true, exitCode: null, signal: 'SIGTERM' }))).toMatchObject({ status: 'timeout', failureClass: 'timeout', decision: 'none', warnings: ['Stop hook "guard.sh" failed (timed out after 60s); the turn continues'] });
    expect(read('Stop', outcome({ exitCode: null, signal: 'SIGKILL' }))).toMatchObject({ failureClass: 'signal', decision: 'none' });
    expect(read('Stop', outcome({ started: false, exitCode: null, spawnError: 'ENOENT' }))).toMatchObject({ failureClass: 'spawn_failed', decision: 'none' });
    const revoked = read('PreToolUse', outcome({ started: false, exitCode: null, preflight: { kind: 'untrusted', message: 'stopped: trust in "wamp-project:/p" was revoked while it ran' } }));
    expect(revoked).toMatchObject({ status: 'error', failureClass: 'untrusted', decision: 'none' });
    expect(revoked.warnings?.[0]).toContain('was revoked while it ran');
  });

  it('a cancelled run is neither a decision nor a warning', () => {
    expect(read('PreToolUse', outcome({ cancelled: true, exitCode: null }))).toEqual({ status: 'cancelled', failureClass: 'cancelled', decision: 'none', message: 'cancelled' });
  });

  it('truncated stdout starting with "{" is a failed run, not parsed', () => {
    expect(read('PreToolUse', outcome({ stdout: captured('{"hookSpecificOutput":', true) }))).toMatchObject({ failureClass: 'output_truncated', decision: 'none' });
  });

  it('stdout that starts with "{" but is not JSON is plain text', () => {
    expect(read('SessionStart', exit(0, '{not json'))).toMatchObject({ additionalContext: '{not json' });
  });

  it('permissionDecision values other than deny and ask are ignored with a warning; allow says why', () => {
    expect(read('PreToolUse', json({ hookSpecificOutput: { permissionDecision: 'defer' } }))).toMatchObject({ decision: 'none', warnings: [expect.stringContaining('"defer" is not one WAMP reads')] });
    expect(read('PreToolUse', json({ permissionDecision: 'allow' }))).toMatchObject({ decision: 'none', warnings: [expect.stringContaining('permissionDecision "allow" is ignored: a hook can only restrict')] });
    expect(read('PreToolUse', json({ decision: 'approve' }))).toMatchObject({ decision: 'none', warnings: [expect.stringContaining('decision "approve" is ignored')] });
  });

  it('a rewrite wins over an ask in the same answer and keeps the hook\'s reason', () => {
    const verdict = read('PreToolUse', json({ hookSpecificOutput: { permissionDecision: 'ask', permissionDecisionReason: 'check it', updatedInput: { command: 'ls' } } }));
    expect(verdict).toMatchObject({ decision: 'deny', binding: true, reason: 'WAMP does not apply rewrites (the hook returned hookSpecificOutput.updatedInput): check it' });
    expect(verdict.updatedInput).toBeUndefined();
  });

  it('Claude Code\'s output-rewrite names are rewrites too', () => {
    expect(read('PostToolUse', json({ hookSpecificOutput: { updatedMCPToolOutput: 'x' } }))).toMatchObject({ decision: 'none', feedback: 'WAMP does not apply rewrites (the hook returned hookSpecificOutput.updatedMCPToolOutput)' });
  });

  it('fields outside the table and mistyped fields are ignored with a warning naming them', () => {
    const verdict = read('UserPromptSubmit', json({ systemMessage: 'hi', hookSpecificOutput: { hookEventName: 'UserPromptSubmit', sessionTitle: 't', additionalContext: 5 } }));
    expect(verdict.decision).toBe('none');
    expect(verdict.additionalContext).toBeUndefined();
    expect(verdict.warnings).toEqual([
      'UserPromptSubmit hook "guard.sh": systemMessage is not a field WAMP reads: ignored',
      'UserPromptSubmit hook "guard.sh": hookSpecificOutput.sessionTitle is not a field WAMP reads: ignored',
      'UserPromptSubmit hook "guard.sh": hookSpecificOutput.additionalContext is not a string: ignored',
    ]);
  });

  it('decision "block" on PreToolUse is not in the table: ignored with a hint', () => {
    expect(read('PreToolUse', json({ decision: 'block', reason: 'r' }))).toMatchObject({ decision: 'none', warnings: [expect.stringContaining('use hookSpecificOutput.permissionDecision "deny"')] });
  });

  it('continue: false without stopReason still acts, with a reason naming the hook', () => {
    expect(read('Stop', json({ continue: false }))).toMatchObject({ decision: 'block', reason: 'Stop hook "guard.sh" returned continue: false without a stopReason' });
  });

  it('never sets continue false nor passes a rewrite through', () => {
    for (const event of ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop'] as const) {
      const verdict = read(event, json({ continue: false, stopReason: 's', updatedInput: { a: 1 }, updatedOutput: 'o' }));
      expect(verdict.continue).toBeUndefined();
      expect(verdict.updatedInput).toBeUndefined();
      expect(verdict.updatedToolOutput).toBeUndefined();
    }
  });
});

describe('wamp merge', () => {
  const ok = (extra: Partial<HookVerdict>): HookVerdict => ({ status: 'ok', failureClass: null, decision: 'none', ...extra });

  it('deny reasons joined; asks dropped when a deny is present', () => {
    const merged = merge(context('PreToolUse'), [ok({ decision: 'ask', reason: 'a' }), ok({ decision: 'deny', reason: 'd1' }), ok({ decision: 'deny', reason: 'd2' })]);
    expect(merged).toEqual({ decision: 'deny', reason: 'd1\nd2', binding: true, continue: true });
  });

  it('cancelled and skipped runs contribute nothing', () => {
    const merged = merge(context('PreToolUse'), [{ status: 'cancelled', failureClass: 'cancelled', decision: 'deny', reason: 'x' }]);
    expect(merged).toEqual({ decision: 'none', continue: true });
  });

  it('the cut never splits a surrogate pair', () => {
    expect(cutToChars('ab😀', 3)).toBe('ab');
    expect(cutToChars('abc', 3)).toBe('abc');
  });
});

describe('wamp event rules', () => {
  it('fires by default', () => {
    for (const event of ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop'] as const) {
      expect(eventNotFired(event, context(event, { toolName: 'shell' }).params, history())).toBeUndefined();
    }
  });

  it('SessionStart and UserPromptSubmit do not fire on a Goal continuation or a scheduled turn', () => {
    for (const turnKind of ['goal', 'scheduled'] as const) {
      for (const event of ['SessionStart', 'UserPromptSubmit'] as const) {
        expect(eventNotFired(event, context(event, { turnKind }).params, history())).toBe(
          `Goal continuations and scheduled turns are not prompts, so they fire neither SessionStart nor UserPromptSubmit (turnKind "${turnKind}")`,
        );
      }
      // Tool events still fire during those turns.
      expect(eventNotFired('PreToolUse', context('PreToolUse', { turnKind, toolName: 'shell' }).params, history())).toBeUndefined();
    }
  });

  it('a second SessionStart in a conversation does not fire', () => {
    expect(eventNotFired('SessionStart', context('SessionStart').params, history(['SessionStart']))).toContain('first message of a conversation only');
  });

  it('Stop does not fire after an abort, an error or a user Stop, for a non-root Run, or in a foreign runtime', () => {
    for (const finish of ['abort', 'error', 'user_stop'] as const) {
      expect(eventNotFired('Stop', context('Stop', { finish }).params, history())).toBe(`An abort, error or user Stop does not fire the hook (finish "${finish}")`);
    }
    expect(eventNotFired('Stop', context('Stop', { finish: 'natural' }).params, history())).toBeUndefined();
    expect(eventNotFired('Stop', context('Stop', { rootRun: false }).params, history())).toContain('not a root Run');
    expect(eventNotFired('Stop', context('Stop', { session: { id: 'c', runtime: 'acp' } }).params, history())).toContain('ACP turns do not fire Stop');
  });

  it('in a foreign runtime, tool events fire only for the tools the client registered (lent to the agent)', () => {
    const acp = (toolName: string) => context('PostToolUse', { toolName, session: { id: 'c', runtime: 'acp' } }).params;
    expect(eventNotFired('PostToolUse', acp('shell'), history([], ['shell', 'write']))).toBeUndefined();
    expect(eventNotFired('PreToolUse', acp('read_file'), history([], ['shell', 'write']))).toContain('"read_file" is not one the client registered');
    // A native Run fires for every tool.
    expect(eventNotFired('PreToolUse', context('PreToolUse', { toolName: 'read_file' }).params, history([], ['shell']))).toBeUndefined();
  });

  it('a tool event in a foreign runtime fires when the client registered no tools at all (nothing to tell them apart)', () => {
    expect(eventNotFired('PreToolUse', context('PreToolUse', { toolName: 'x', session: { id: 'c', runtime: 'acp' } }).params, history())).toBeUndefined();
  });

  it('UserPromptSubmit fires again after a SessionStart; a turnKind "message" fires', () => {
    expect(eventNotFired('UserPromptSubmit', context('UserPromptSubmit', { turnKind: 'message' }).params, history(['SessionStart', 'UserPromptSubmit']))).toBeUndefined();
  });
});

describe('wamp validateParams and reading', () => {
  it('runId is required on every event', () => {
    expect(validateParams('PreToolUse', { session: { id: 'c' } })).toMatch(/^wamp: runId is required/);
    expect(validateParams('PreToolUse', { session: { id: 'c' }, runId: 'r' })).toBeUndefined();
  });

  it('reads exit 2 in the event\'s words', () => {
    const result = exit(2, '', 'no');
    const ctx = context('PostToolUse');
    expect(wampReading(ctx, hook('PostToolUse'), result, interpret(ctx, hook('PostToolUse'), result))).toBe('exit 2: stderr is the reason; on PostToolUse it adds the reason as feedback → feedback for the model');
  });
});
