// One run and the merge of several, for Claude Code 2.1's later events: what exit 2 does, which JSON fields count,
// which universal fields are discarded, WorktreeCreate's path contract. Hand-built outcomes: no processes.
import { describe, expect, it } from 'vitest';
import { merge } from '../../../../src/dialects/claude/merge.js';
import { interpret } from '../../../../src/dialects/claude/output.js';
import type { CommandHandler, HookVerdict } from '../../../../src/engine/dialect.js';
import type { Decision, EventName, EventParams } from '../../../../src/protocol/index.js';
import type { ProcessOutcome } from '../../../../src/runner/types.js';
import { captured, context, exit, hook, json, outcome, WORKSPACE } from '../../claude/outcome.js';

function run(event: EventName, result: ProcessOutcome, handler: Partial<CommandHandler> = {}, params: Partial<EventParams> = {}): HookVerdict {
  return interpret(context(event, params), hook(event, handler), result);
}
const specific = (event: EventName, fields: Record<string, unknown>) => json({ hookSpecificOutput: { hookEventName: event, ...fields } });
const v = (decision: Decision = 'none', fields: Partial<HookVerdict> = {}): HookVerdict => ({ status: 'ok', failureClass: null, decision, ...fields });

describe('exit 2 per event', () => {
  it.each<EventName>(['UserPromptExpansion', 'TeammateIdle', 'TaskCreated', 'TaskCompleted', 'ConfigChange', 'PostToolBatch'])(
    '%s: exit 2 blocks with stderr as the reason',
    (event) => {
      expect(run(event, exit(2, '', 'not allowed\n'))).toMatchObject({ status: 'ok', decision: 'block', reason: 'not allowed' });
    },
  );

  it('"Elicitation: exit 2 denies the elicitation" and ElicitationResult\'s becomes decline; hookSpecificOutput is ignored', () => {
    for (const event of ['Elicitation', 'ElicitationResult'] as const) {
      const verdict = run(event, exit(2, JSON.stringify({ hookSpecificOutput: { hookEventName: event, action: 'accept', content: { a: 1 } } }), 'no'));
      expect(verdict, event).toMatchObject({ decision: 'deny', elicitation: { action: 'decline' } });
      expect(verdict.elicitation?.content, event).toBeUndefined();
    }
  });

  it.each<EventName>(['PermissionDenied', 'Notification', 'InstructionsLoaded', 'StopFailure', 'MessageDisplay', 'DirectoryAdded', 'WorktreeRemove'])(
    '%s: exit 2 and its stderr are ignored',
    (event) => {
      const verdict = run(event, exit(2, '', 'shown to nobody'));
      expect(verdict).toMatchObject({ status: 'ok', decision: 'none' });
      expect(verdict.systemMessage).toBeUndefined();
      expect(verdict.feedback).toBeUndefined();
      expect(verdict.reason).toBeUndefined();
    },
  );

  it.each<EventName>(['Setup', 'CwdChanged', 'FileChanged'])('%s: exit 2 shows stderr to the user only', (event) => {
    expect(run(event, exit(2, '', 'heads up'))).toEqual({ status: 'ok', failureClass: null, decision: 'none', systemMessage: 'heads up' });
  });
});

describe('JSON output per event', () => {
  it('top-level decision "block" blocks UserPromptExpansion, TaskCreated, ConfigChange and PostToolBatch', () => {
    for (const event of ['UserPromptExpansion', 'TaskCreated', 'ConfigChange', 'PostToolBatch'] as const) {
      expect(run(event, json({ decision: 'block', reason: 'no' })), event).toMatchObject({ decision: 'block', reason: 'no' });
    }
  });

  it('TaskCreated ignores continue: false; TaskCompleted and TeammateIdle honour it (the teammate stops)', () => {
    expect(run('TaskCreated', json({ continue: false, stopReason: 'stop' })).continue).toBeUndefined();
    expect(run('TaskCompleted', json({ continue: false, stopReason: 'stop' }))).toMatchObject({ continue: false, stopReason: 'stop' });
    expect(run('TeammateIdle', json({ continue: false, stopReason: 'stop' }))).toMatchObject({ continue: false, stopReason: 'stop' });
  });

  it('additionalContext on Setup, UserPromptExpansion and PostToolBatch; plain stdout is context on UserPromptExpansion only', () => {
    for (const event of ['Setup', 'UserPromptExpansion', 'PostToolBatch'] as const) {
      expect(run(event, specific(event, { additionalContext: 'ctx' })).additionalContext, event).toBe('ctx');
    }
    expect(run('UserPromptExpansion', exit(0, 'plain text\n')).additionalContext).toBe('plain text');
    expect(run('Setup', exit(0, 'plain text\n')).additionalContext).toBeUndefined();
  });

  it('PermissionDenied retry, MessageDisplay displayContent, CwdChanged/FileChanged watchPaths, SessionStart reloadSkills', () => {
    expect(run('PermissionDenied', specific('PermissionDenied', { retry: true }))).toMatchObject({ decision: 'none', retry: true });
    expect(run('MessageDisplay', specific('MessageDisplay', { displayContent: 'plain' }))).toMatchObject({ displayContent: 'plain' });
    expect(run('CwdChanged', specific('CwdChanged', { watchPaths: ['/p/.envrc'] })).extra).toEqual({ watchPaths: ['/p/.envrc'] });
    expect(run('FileChanged', specific('FileChanged', { watchPaths: [] })).extra).toEqual({ watchPaths: [] });
    expect(run('SessionStart', specific('SessionStart', { reloadSkills: true })).extra).toEqual({ reloadSkills: true });
  });

  it('Elicitation action/content: accept → allow with the content, decline and cancel → deny', () => {
    expect(run('Elicitation', specific('Elicitation', { action: 'accept', content: { username: 'alice' } }))).toMatchObject({
      decision: 'allow',
      elicitation: { action: 'accept', content: { username: 'alice' } },
    });
    expect(run('ElicitationResult', specific('ElicitationResult', { action: 'decline', content: {} }))).toMatchObject({ decision: 'deny', elicitation: { action: 'decline' } });
    expect(run('Elicitation', specific('Elicitation', { action: 'cancel' }))).toMatchObject({ decision: 'deny', elicitation: { action: 'cancel' } });
    expect(run('Elicitation', specific('Elicitation', { action: 'maybe' }))).toMatchObject({ status: 'error', failureClass: 'invalid_output' });
  });

  it('discarded universal fields: systemMessage and continue on Notification, MessageDisplay, ConfigChange, WorktreeCreate (http), Elicitation*', () => {
    for (const event of ['Notification', 'MessageDisplay', 'ConfigChange', 'Elicitation', 'ElicitationResult'] as const) {
      const verdict = run(event, json({ systemMessage: 'hi', continue: false, stopReason: 'x' }));
      expect([verdict.systemMessage, verdict.continue, verdict.stopReason], event).toEqual([undefined, undefined, undefined]);
    }
    const cwd = run('CwdChanged', json({ systemMessage: 'hi', continue: false }));
    expect([cwd.systemMessage, cwd.continue]).toEqual(['hi', undefined]);
  });

  it('InstructionsLoaded, StopFailure and WorktreeRemove discard their JSON output', () => {
    for (const event of ['InstructionsLoaded', 'StopFailure', 'WorktreeRemove'] as const) {
      expect(run(event, json({ systemMessage: 'hi', continue: false, decision: 'block' })), event).toEqual({ status: 'ok', failureClass: null, decision: 'none' });
    }
  });
});

describe('WorktreeCreate: "any non-zero exit code causes worktree creation to fail"; stdout is the path', () => {
  it('the last non-empty stdout line, ANSI escapes stripped, is the path', () => {
    expect(run('WorktreeCreate', exit(0, 'banner\n\x1b[32m/tmp/wt/feature\x1b[0m\n\n'))).toEqual({
      status: 'ok',
      failureClass: null,
      decision: 'none',
      worktreePath: '/tmp/wt/feature',
    });
  });

  it('a relative path resolves against the directory hooks run in; an absolute path with .. is refused', () => {
    expect(run('WorktreeCreate', exit(0, 'wt/x\n')).worktreePath).toBe(`${WORKSPACE}/wt/x`);
    expect(run('WorktreeCreate', exit(0, '/tmp/a/../b\n'))).toMatchObject({ decision: 'block', failureClass: 'invalid_output' });
  });

  it('exit 1 (even with JSON), exit 2, no path, a timeout or a failed start fail the creation, onFailure notwithstanding', () => {
    expect(run('WorktreeCreate', exit(1, '/tmp/wt\n'))).toMatchObject({ status: 'error', failureClass: 'nonzero_exit', decision: 'block' });
    expect(run('WorktreeCreate', exit(2, '', 'no vcs'))).toMatchObject({ status: 'ok', decision: 'block', reason: expect.stringContaining('no vcs') });
    expect(run('WorktreeCreate', exit(0, '  \n'))).toMatchObject({ failureClass: 'invalid_output', decision: 'block' });
    expect(run('WorktreeCreate', outcome({ timedOut: true, exitCode: null, signal: 'SIGTERM' }))).toMatchObject({ status: 'timeout', decision: 'block' });
    expect(run('WorktreeCreate', outcome({ started: false, exitCode: null, spawnError: 'ENOENT' }))).toMatchObject({ failureClass: 'spawn_failed', decision: 'block' });
    expect(run('WorktreeCreate', outcome({ exitCode: 0, stdout: captured('/tmp/x', true) }))).toMatchObject({ failureClass: 'output_truncated', decision: 'block' });
  });

  it('a command hook printing JSON gives that text as the path (command hooks cannot answer JSON there)', () => {
    const text = JSON.stringify({ hookSpecificOutput: { hookEventName: 'WorktreeCreate', worktreePath: '/tmp/x' } });
    expect(run('WorktreeCreate', exit(0, text)).worktreePath).toBe(`${WORKSPACE}/${text}`);
  });

  it('a cancelled run is cancelled, not a failure', () => {
    expect(run('WorktreeCreate', outcome({ cancelled: true, exitCode: null }))).toMatchObject({ status: 'cancelled', decision: 'none' });
  });
});

describe('merge of the later events', () => {
  const mergeOn = (event: EventName, verdicts: HookVerdict[], params: Partial<EventParams> = {}) => merge(context(event, params), verdicts);

  it('WorktreeCreate: any failure blocks and gives no path; else the last path in configured order', () => {
    expect(mergeOn('WorktreeCreate', [v('none', { worktreePath: '/a' }), v('none', { worktreePath: '/b' })])).toMatchObject({ decision: 'none', worktreePath: '/b' });
    const failed = mergeOn('WorktreeCreate', [v('none', { worktreePath: '/a' }), v('block', { reason: 'worktree creation failed: exit code 1' })]);
    expect(failed).toMatchObject({ decision: 'block', reason: 'worktree creation failed: exit code 1' });
    expect(failed.worktreePath).toBeUndefined();
  });

  it('PermissionDenied: retry if any hook asked; MessageDisplay: the last displayContent, no hook-error notice', () => {
    expect(mergeOn('PermissionDenied', [v(), v('none', { retry: true }), v('none', { retry: false })]).retry).toBe(true);
    expect(mergeOn('PermissionDenied', [v('none', { retry: false })]).retry).toBeUndefined();
    const shown = mergeOn('MessageDisplay', [v('none', { displayContent: 'one' }), { status: 'error', failureClass: 'timeout', decision: 'none', message: 'timed out' }, v('none', { displayContent: 'two' })]);
    expect(shown.displayContent).toBe('two');
    expect(shown.systemMessage).toBeUndefined();
  });

  it('Elicitation: decline > cancel > accept; a deny without an answer is a decline; accepts keep the last content', () => {
    const accept = (content?: Record<string, unknown>) => v('allow', { elicitation: { action: 'accept', ...(content ? { content } : {}) } });
    expect(mergeOn('Elicitation', [accept({ a: 1 }), accept({ a: 2 }), accept()])).toMatchObject({ decision: 'allow', elicitation: { action: 'accept', content: { a: 2 } } });
    expect(mergeOn('Elicitation', [accept({ a: 1 }), v('deny', { elicitation: { action: 'cancel' } })])).toMatchObject({ decision: 'deny', elicitation: { action: 'cancel' } });
    expect(mergeOn('ElicitationResult', [v('deny', { elicitation: { action: 'cancel' } }), v('deny', { reason: 'onFailure block' })])).toMatchObject({
      decision: 'deny',
      elicitation: { action: 'decline' },
    });
    expect(mergeOn('Elicitation', [v()])).toEqual({ decision: 'none', continue: true });
  });

  it('ConfigChange: a block is honoured, except for policy_settings', () => {
    expect(mergeOn('ConfigChange', [v('block', { reason: 'no' })], { source: 'project_settings' })).toMatchObject({ decision: 'block', reason: 'no' });
    const policy = mergeOn('ConfigChange', [v('block', { reason: 'no' })], { source: 'policy_settings' });
    expect(policy.decision).toBe('none');
    expect(policy.reason).toBeUndefined();
  });
});
