import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTEXT_CAP_CHARS, capText } from '../../../src/dialects/claude/cap.js';
import { interpret } from '../../../src/dialects/claude/output.js';
import { sessionTempArea } from '../../../src/dialects/claude/session-temp-area.js';
import type { CommandHandler, HookVerdict } from '../../../src/engine/dialect.js';
import type { EventName } from '../../../src/protocol/index.js';
import type { ProcessOutcome } from '../../../src/runner/types.js';
import { captured, context, exit, hook, json, outcome } from './outcome.js';

function run(event: EventName, result: ProcessOutcome, handler: Partial<CommandHandler> = {}): HookVerdict {
  return interpret(context(event), hook(event, handler), result);
}

const block = { onFailure: 'block' } as const;

describe('claude output: exit codes', () => {
  it('exit 0 with no output: ok, no decision', () => {
    expect(run('PreToolUse', exit(0))).toEqual({ status: 'ok', failureClass: null, decision: 'none' });
  });

  it('exit 2 blocks PreToolUse with stderr as the reason (decision deny)', () => {
    expect(run('PreToolUse', exit(2, '', 'rm -rf is not allowed\n'))).toMatchObject({
      status: 'ok',
      failureClass: null,
      decision: 'deny',
      reason: 'rm -rf is not allowed',
    });
  });

  it('exit 2 blocks UserPromptSubmit (prompt erased): decision block, reason stderr', () => {
    expect(run('UserPromptSubmit', exit(2, '', 'no secrets in prompts'))).toMatchObject({ decision: 'block', reason: 'no secrets in prompts' });
  });

  it('exit 2 on Stop and SubagentStop blocks: the agent keeps working with stderr as the reason', () => {
    expect(run('Stop', exit(2, '', 'tests are failing'))).toMatchObject({ decision: 'block', reason: 'tests are failing' });
    expect(run('SubagentStop', exit(2, '', 'not done'))).toMatchObject({ decision: 'block', reason: 'not done' });
  });

  it('exit 2 blocks PreCompact', () => {
    expect(run('PreCompact', exit(2, '', 'not now'))).toMatchObject({ decision: 'block', reason: 'not now' });
  });

  it('exit 2 on PermissionRequest is ignored', () => {
    const verdict = run('PermissionRequest', exit(2, '', 'nope'));
    expect(verdict).toMatchObject({ status: 'ok', decision: 'none' });
    expect(verdict.reason).toBeUndefined();
  });

  it('exit 2 on PostToolUse / PostToolUseFailure is not blocking: stderr is shown to Claude as feedback', () => {
    for (const event of ['PostToolUse', 'PostToolUseFailure'] as const) {
      const verdict = run(event, exit(2, '', 'lint failed: 3 errors\n'));
      expect(verdict).toMatchObject({ status: 'ok', decision: 'none', feedback: 'lint failed: 3 errors' });
      expect(verdict.reason).toBeUndefined();
    }
  });

  it('exit 2 on SessionStart, SessionEnd, SubagentStart, PostCompact, Setup, CwdChanged, FileChanged: stderr to the user only (systemMessage)', () => {
    for (const event of ['SessionStart', 'SessionEnd', 'SubagentStart', 'PostCompact', 'Setup', 'CwdChanged', 'FileChanged'] as const) {
      const verdict = run(event, exit(2, 'ignored stdout', 'heads up'));
      expect(verdict, event).toEqual({ status: 'ok', failureClass: null, decision: 'none', systemMessage: 'heads up' });
    }
  });

  it('exit 2: the message is the JSON blocking reason if given, else stderr', () => {
    expect(run('Stop', exit(2, JSON.stringify({ decision: 'block', reason: 'from json' }), 'from stderr'))).toMatchObject({ reason: 'from json' });
    const pre = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'json says no' } });
    expect(run('PreToolUse', exit(2, pre, 'stderr says no'))).toMatchObject({ decision: 'deny', reason: 'json says no' });
  });

  it('exit 2: even JSON allow cannot override it', () => {
    const allow = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } });
    expect(run('PreToolUse', exit(2, allow, 'blocked'))).toMatchObject({ decision: 'deny', reason: 'blocked' });
  });

  it('exit 2 with schema-invalid JSON still blocks', () => {
    expect(run('PreToolUse', exit(2, '{"continue": "nope"}', 'blocked'))).toMatchObject({ status: 'ok', decision: 'deny', reason: 'blocked' });
    expect(run('PreToolUse', exit(2, '{not json', 'blocked'))).toMatchObject({ status: 'ok', decision: 'deny', reason: 'blocked' });
  });

  it('exit 2 with no stderr and no JSON reason: the reason names the hook', () => {
    expect(run('PreToolUse', exit(2)).reason).toBe('hook "project:PreToolUse[0].hooks[0]" exited with code 2 (no stderr)');
  });

  it('other non-zero exit: non-blocking error, first stderr line in the message, fail open', () => {
    expect(run('PreToolUse', exit(1, '', '\nboom: it broke\nmore detail\n'))).toEqual({
      status: 'error',
      failureClass: 'nonzero_exit',
      decision: 'none',
      message: 'exit code 1: boom: it broke',
    });
    expect(run('Stop', exit(3))).toMatchObject({ status: 'error', failureClass: 'nonzero_exit', decision: 'none', message: 'exit code 3' });
  });

  it('other non-zero exit with schema-valid JSON on stdout: the JSON alone decides and the hook is not an error', () => {
    const deny = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'json' } });
    expect(run('PreToolUse', exit(1, deny, 'whatever'))).toEqual({ status: 'ok', failureClass: null, decision: 'deny', reason: 'json' });
  });

  it('other non-zero exit with invalid JSON on stdout stays a non-blocking error', () => {
    expect(run('PreToolUse', exit(1, '{"continue": 3}', 'bad'))).toMatchObject({ status: 'error', failureClass: 'nonzero_exit', decision: 'none' });
    expect(run('PreToolUse', exit(1, '{oops', 'bad'))).toMatchObject({ status: 'error', failureClass: 'nonzero_exit' });
  });

  it('a hook that cannot start is a non-blocking error (spawn_failed)', () => {
    expect(run('PreToolUse', outcome({ started: false, spawnError: 'spawn ./guard.sh ENOENT', exitCode: null }))).toEqual({
      status: 'error',
      failureClass: 'spawn_failed',
      decision: 'none',
      message: 'could not start: spawn ./guard.sh ENOENT',
    });
  });

  it('timeout: hook cancelled, output discarded, no decision (fail open)', () => {
    const verdict = run('PreToolUse', outcome({ timedOut: true, exitCode: null, signal: 'SIGTERM', stdout: '{"decision":"block"}' }), { timeoutMs: 5000 });
    expect(verdict).toEqual({ status: 'timeout', failureClass: 'timeout', decision: 'none', message: 'timed out after 5s' });
  });

  it('a run ended by a signal is a non-blocking error (signal)', () => {
    expect(run('Stop', outcome({ exitCode: null, signal: 'SIGSEGV', stderr: 'core dumped' }))).toEqual({
      status: 'error',
      failureClass: 'signal',
      decision: 'none',
      message: 'killed by signal SIGSEGV: core dumped',
    });
  });

  it('a cancelled run is cancelled, never blocking, even with onFailure block', () => {
    const cancelled = outcome({ cancelled: true, exitCode: null, signal: 'SIGTERM' });
    expect(run('PreToolUse', cancelled, block)).toEqual({ status: 'cancelled', failureClass: 'cancelled', decision: 'none', message: 'cancelled' });
  });
});

describe('claude output: onFailure "block"', () => {
  const failures: [string, ProcessOutcome, string][] = [
    ['cannot start', outcome({ started: false, spawnError: 'ENOENT', exitCode: null }), 'spawn_failed'],
    ['times out', outcome({ timedOut: true, exitCode: null, signal: 'SIGKILL' }), 'timeout'],
    ['prints JSON that is not valid hook output', exit(0, '{"continue": "yes"}'), 'invalid_output'],
    ['exits with an unexpected code', exit(1, '', 'crash'), 'nonzero_exit'],
    ['is killed by a signal', outcome({ exitCode: null, signal: 'SIGKILL' }), 'signal'],
  ];

  it.each(failures)('onFailure "block": a hook that %s denies PreToolUse with a reason naming the hook', (_what, result, failureClass) => {
    const verdict = run('PreToolUse', result, block);
    expect(verdict).toMatchObject({ failureClass, decision: 'deny' });
    expect(verdict.status).not.toBe('ok');
    expect(verdict.reason).toMatch(/^PreToolUse hook "project:PreToolUse\[0\]\.hooks\[0\]" failed \(onFailure: block\): /);
  });

  it('onFailure "block" blocks UserPromptSubmit, Stop, SubagentStop, PreCompact, PostToolUse and PostToolUseFailure', () => {
    for (const event of ['UserPromptSubmit', 'Stop', 'SubagentStop', 'PreCompact', 'PostToolUse', 'PostToolUseFailure'] as const) {
      expect(run(event, exit(1, '', 'x'), block), event).toMatchObject({ status: 'error', decision: 'block' });
    }
    expect(run('PermissionRequest', exit(1), block)).toMatchObject({ decision: 'deny' });
  });

  it('onFailure "block" has no effect on events that cannot block (SessionStart, SessionEnd, Notification, SubagentStart, PostCompact)', () => {
    for (const event of ['SessionStart', 'SessionEnd', 'Notification', 'SubagentStart', 'PostCompact'] as const) {
      const verdict = run(event, exit(1, '', 'x'), block);
      expect(verdict.decision, event).toBe('none');
      expect(verdict.message).toMatch(/onFailure "block" has no effect/);
    }
  });

  it('default onFailure is continue: the same failures fail open', () => {
    for (const [, result] of failures) expect(run('PreToolUse', result).decision).toBe('none');
  });

  it('onFailure "block" does not turn a deliberate exit 2 or a clean exit 0 into a failure', () => {
    expect(run('PostToolUse', exit(2, '', 'fb'), block)).toMatchObject({ status: 'ok', decision: 'none', feedback: 'fb' });
    expect(run('PreToolUse', exit(0), block)).toMatchObject({ status: 'ok', decision: 'none' });
  });
});

describe('claude output: JSON detection', () => {
  it('stdout is JSON iff its first non-whitespace character is "{"', () => {
    expect(run('Stop', exit(0, '\n  \t{"decision":"block","reason":"r"}\n'))).toMatchObject({ decision: 'block', reason: 'r' });
  });

  it('arrays and quoted strings on stdout are plain text, not JSON', () => {
    expect(run('SessionStart', exit(0, '["a","b"]'))).toMatchObject({ status: 'ok', additionalContext: '["a","b"]' });
    expect(run('SessionStart', exit(0, '"quoted"'))).toMatchObject({ status: 'ok', additionalContext: '"quoted"' });
    expect(run('PreToolUse', exit(0, '[1]'))).toEqual({ status: 'ok', failureClass: null, decision: 'none' });
  });

  it('stdout starting with "{" that is not valid JSON is plain text, not a failed run (ignored on PreToolUse)', () => {
    expect(run('PreToolUse', exit(0, '{"decision": "block",}'))).toEqual({ status: 'ok', failureClass: null, decision: 'none' });
  });

  it('truncated stdout that would be parsed as JSON is a failed run (output_truncated), never parsed', () => {
    const big = captured('{"decision":"block","reason":"r"}', true);
    const verdict = run('Stop', outcome({ stdout: big }));
    expect(verdict).toMatchObject({ status: 'error', failureClass: 'output_truncated', decision: 'none' });
    expect(verdict.reason).toBeUndefined();
    expect(run('Stop', outcome({ stdout: big, exitCode: 1 }))).toMatchObject({ failureClass: 'output_truncated' });
    expect(run('Stop', outcome({ stdout: big }), block)).toMatchObject({ failureClass: 'output_truncated', decision: 'block' });
  });

  it('truncated plain-text stdout is not a failure', () => {
    expect(run('SessionStart', outcome({ stdout: captured('plain context', true) }))).toMatchObject({ status: 'ok', additionalContext: 'plain context' });
  });

  it('plain stdout on exit 0 is context only for SessionStart and UserPromptSubmit', () => {
    expect(run('SessionStart', exit(0, 'branch: main\n'))).toMatchObject({ additionalContext: 'branch: main' });
    expect(run('UserPromptSubmit', exit(0, 'today is Monday\n'))).toMatchObject({ additionalContext: 'today is Monday' });
    for (const event of ['PreToolUse', 'PostToolUse', 'Stop', 'SubagentStart', 'Notification'] as const) {
      expect(run(event, exit(0, 'debug chatter')), event).toEqual({ status: 'ok', failureClass: null, decision: 'none' });
    }
  });

  it('stderr on exit 0 goes nowhere (debug log only)', () => {
    expect(run('UserPromptSubmit', exit(0, '', 'noise'))).toEqual({ status: 'ok', failureClass: null, decision: 'none' });
  });
});

describe('claude output: JSON fields', () => {
  it('continue: false stops Claude, with stopReason, overriding event decisions', () => {
    expect(run('PreToolUse', json({ continue: false, stopReason: 'budget exhausted', hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } }))).toMatchObject({
      status: 'ok',
      continue: false,
      stopReason: 'budget exhausted',
      decision: 'allow',
    });
  });

  it('universal fields systemMessage and suppressOutput are passed on', () => {
    expect(run('PostCompact', json({ systemMessage: 'note for the user', suppressOutput: true }))).toEqual({
      status: 'ok',
      failureClass: null,
      decision: 'none',
      systemMessage: 'note for the user',
      suppressOutput: true,
    });
  });

  it('top-level decision "block" + reason applies on PostToolUse, Stop, SubagentStop, UserPromptSubmit, PreCompact', () => {
    for (const event of ['PostToolUse', 'Stop', 'SubagentStop', 'UserPromptSubmit', 'PreCompact'] as const) {
      expect(run(event, json({ decision: 'block', reason: 'because' })), event).toMatchObject({ decision: 'block', reason: 'because' });
    }
  });

  it('top-level decision "block" is ignored on events without a decision (SessionStart, Notification, PostCompact)', () => {
    for (const event of ['SessionStart', 'Notification', 'PostCompact'] as const) {
      expect(run(event, json({ decision: 'block', reason: 'r' })).decision, event).toBe('none');
    }
  });

  it('legacy PreToolUse top-level decision "approve"/"block" maps to allow/deny', () => {
    expect(run('PreToolUse', json({ decision: 'approve', reason: 'ok' }))).toMatchObject({ decision: 'allow', reason: 'ok' });
    expect(run('PreToolUse', json({ decision: 'block', reason: 'no' }))).toMatchObject({ decision: 'deny', reason: 'no' });
  });

  it('a top-level decision other than "approve"/"block" is invalid output', () => {
    expect(run('Stop', json({ decision: 'deny' }))).toMatchObject({ status: 'error', failureClass: 'invalid_output' });
  });

  it.each(['allow', 'deny', 'ask', 'defer'] as const)('PreToolUse hookSpecificOutput.permissionDecision "%s"', (decision) => {
    const verdict = run(
      'PreToolUse',
      json({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: decision, permissionDecisionReason: `why ${decision}` } }),
    );
    expect(verdict).toEqual({ status: 'ok', failureClass: null, decision, reason: `why ${decision}` });
  });

  it('PreToolUse hookSpecificOutput.permissionDecision wins over the legacy top-level decision', () => {
    expect(run('PreToolUse', json({ decision: 'approve', hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask' } })).decision).toBe('ask');
  });

  it('PreToolUse updatedInput (whole object) and additionalContext', () => {
    const verdict = run(
      'PreToolUse',
      json({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { command: 'ls -la' }, additionalContext: 'ctx' } }),
    );
    expect(verdict).toMatchObject({ decision: 'allow', updatedInput: { command: 'ls -la' }, additionalContext: 'ctx' });
  });

  it('hookSpecificOutput requires hookEventName: missing is a failed run with a clear message', () => {
    const verdict = run('PreToolUse', json({ hookSpecificOutput: { permissionDecision: 'deny' } }));
    expect(verdict).toMatchObject({ status: 'error', failureClass: 'invalid_output', decision: 'none' });
    expect(verdict.message).toBe('invalid hook output: hookSpecificOutput.hookEventName is required (expected "PreToolUse")');
  });

  it('hookSpecificOutput.hookEventName must match the event', () => {
    const verdict = run('PreToolUse', json({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'x' } }));
    expect(verdict).toMatchObject({ status: 'error', failureClass: 'invalid_output' });
    expect(verdict.message).toBe('invalid hook output: hookSpecificOutput.hookEventName is "PostToolUse" but the event is "PreToolUse"');
  });

  it('a wrongly typed field is invalid output naming the field', () => {
    const verdict = run('PreToolUse', json({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'maybe' } }));
    expect(verdict).toMatchObject({ status: 'error', failureClass: 'invalid_output' });
    expect(verdict.message).toMatch(/hookSpecificOutput\.permissionDecision/);
    expect(run('Stop', json({ continue: 'no' })).message).toMatch(/^invalid hook output: continue: /);
  });

  it('PermissionRequest decision.behavior "allow" with updatedInput and updatedPermissions', () => {
    const permissions = [{ type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'ls *' }], behavior: 'allow', destination: 'session' }];
    const verdict = run(
      'PermissionRequest',
      json({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow', updatedInput: { command: 'ls' }, updatedPermissions: permissions } } }),
    );
    expect(verdict).toEqual({ status: 'ok', failureClass: null, decision: 'allow', updatedInput: { command: 'ls' }, updatedPermissions: permissions });
  });

  it('PermissionRequest decision.behavior "deny" with message and interrupt', () => {
    const verdict = run(
      'PermissionRequest',
      json({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: 'not on prod', interrupt: true } } }),
    );
    expect(verdict).toEqual({ status: 'ok', failureClass: null, decision: 'deny', reason: 'not on prod', interrupt: true });
  });

  it('PostToolUse additionalContext and updatedToolOutput / updatedMCPToolOutput', () => {
    expect(
      run('PostToolUse', json({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'note', updatedToolOutput: { stdout: 'redacted' } } })),
    ).toMatchObject({ additionalContext: 'note', updatedToolOutput: { stdout: 'redacted' } });
    expect(run('PostToolUse', json({ hookSpecificOutput: { hookEventName: 'PostToolUse', updatedMCPToolOutput: [{ type: 'text', text: 'x' }] } }))).toMatchObject({
      updatedToolOutput: [{ type: 'text', text: 'x' }],
    });
  });

  it('additionalContext on UserPromptSubmit, SessionStart, SubagentStart and PostToolUseFailure', () => {
    for (const event of ['UserPromptSubmit', 'SessionStart', 'SubagentStart', 'PostToolUseFailure'] as const) {
      expect(run(event, json({ hookSpecificOutput: { hookEventName: event, additionalContext: `for ${event}` } })), event).toEqual({
        status: 'ok',
        failureClass: null,
        decision: 'none',
        additionalContext: `for ${event}`,
      });
    }
  });

  it('SessionStart extras sessionTitle, initialUserMessage, watchPaths go into extra', () => {
    const verdict = run(
      'SessionStart',
      json({ hookSpecificOutput: { hookEventName: 'SessionStart', sessionTitle: 'Fix bug', initialUserMessage: 'go', watchPaths: ['/a', '/b'] } }),
    );
    expect(verdict.extra).toEqual({ sessionTitle: 'Fix bug', initialUserMessage: 'go', watchPaths: ['/a', '/b'] });
  });

  it('SessionEnd: JSON output is discarded', () => {
    expect(run('SessionEnd', json({ continue: false, systemMessage: 'bye' }))).toEqual({ status: 'ok', failureClass: null, decision: 'none' });
    expect(run('SessionEnd', exit(0, '{broken'))).toEqual({ status: 'ok', failureClass: null, decision: 'none' });
  });
});

describe('claude output: 10,000-character cap', () => {
  const long = 'x'.repeat(CONTEXT_CAP_CHARS + 2_500);
  afterEach(() => sessionTempArea.removeAll());

  const savedPath = (text: string | undefined): string => {
    const path = /Full output saved to: (\S+)\n/.exec(text ?? '')?.[1];
    if (path === undefined) throw new Error(`no saved path in ${text?.slice(0, 200)}`);
    return path;
  };

  it('additionalContext, systemMessage and plain stdout over 10,000 characters are saved to a file; a preview and the path are kept', () => {
    const fromJson = run('UserPromptSubmit', json({ systemMessage: long, hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: long } }));
    expect(fromJson.additionalContext).toMatch(/^<persisted-output>\nOutput too large \(12\.2KB\)\. Full output saved to: \S+\n\nPreview \(first 2KB\):\nx{2000}\n\.\.\.\n<\/persisted-output>$/);
    expect(readFileSync(savedPath(fromJson.additionalContext), 'utf8')).toBe(long);
    expect(readFileSync(savedPath(fromJson.systemMessage), 'utf8')).toBe(long);
    expect(fromJson.status).toBe('ok');
    expect(fromJson.message).toMatch(/^additionalContext of 12500 characters saved to .*; systemMessage of 12500 characters saved to /);
    expect(readFileSync(savedPath(run('SessionStart', exit(0, long)).additionalContext), 'utf8')).toBe(long);
  });

  it('exactly 10,000 characters are kept as they are', () => {
    const exact = 'y'.repeat(CONTEXT_CAP_CHARS);
    const verdict = run('SessionStart', exit(0, exact));
    expect(verdict.additionalContext).toBe(exact);
    expect(verdict.message).toBeUndefined();
  });

  it('the cut never splits a surrogate pair', () => {
    const text = 'a'.repeat(9_999) + '😀' + 'b';
    const capped = capText(text);
    expect(capped.truncated).toBe(true);
    expect(capped.text.startsWith('a'.repeat(9_999) + '\n[hookd: truncated 3 of 10002')).toBe(true);
  });

  it('exit-2 feedback and user messages are saved the same way', () => {
    expect(readFileSync(savedPath(run('PostToolUse', exit(2, '', long)).feedback), 'utf8')).toBe(long);
    expect(readFileSync(savedPath(run('SessionStart', exit(2, '', long)).systemMessage), 'utf8')).toBe(long);
  });
});
