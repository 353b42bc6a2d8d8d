// The codex dialect's one-line reading of a run (output-reading.ts, RunSummary.reading): it names the case output.ts
// took and what came of it. Pure.
import { describe, expect, it } from 'vitest';
import type { EventContext, HookSpec } from '../../../src/engine/dialect.js';
import { interpret } from '../../../src/dialects/codex/output.js';
import { describeReading } from '../../../src/dialects/codex/output-reading.js';
import type { EventName } from '../../../src/protocol/index.js';
import type { ProcessOutcome } from '../../../src/runner/types.js';
import { exit, json, outcome } from '../../helpers/outcome.js';

const hook: HookSpec = { id: 'h', event: 'PreToolUse', matches: () => true, handler: { type: 'command', command: 'true', timeoutMs: 1_000, onFailure: 'continue' }, source: '/h.json', scope: 'user' };
const ctx = (event: EventName): EventContext => ({ event, params: { session: { id: 's' } }, workspace: '/w', sessionId: 's', cwd: '/w' });
const reading = (event: EventName, run: ProcessOutcome) => describeReading(ctx(event), hook, run, interpret(ctx(event), hook, run));

describe('describeReading', () => {
  it('exit 2 with stderr → the reason; without → a failed run, not a block', () => {
    expect(reading('PreToolUse', exit(2, '', 'no'))).toBe('exit 2: stderr is the reason; stdout not read → deny');
    expect(reading('PreToolUse', exit(2))).toBe('exit 2: no stderr, so a failed run (not a block); stdout not read → failed (nonzero_exit), fails open');
  });

  it('JSON fields read, and why a valid-looking answer did not count (05b)', () => {
    const text = reading('PreToolUse', json({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'x' } } }));
    expect(text).toContain('hookSpecificOutput.updatedInput');
    expect(text).toContain('updatedInput without permissionDecision:allow');
    expect(text).toContain('failed (invalid_output), fails open');
  });

  it('plain stdout: context on UserPromptSubmit, not read on PreToolUse, invalid on Stop', () => {
    expect(reading('UserPromptSubmit', exit(0, 'ctx'))).toBe('exit 0, plain stdout → developer context → context');
    expect(reading('PreToolUse', exit(0, 'words'))).toBe('exit 0, plain stdout → not read on PreToolUse (only JSON is) → no decision');
    expect(reading('Stop', exit(0, 'words'))).toContain('stdout is not valid Stop JSON');
  });

  it('runs whose output is never read', () => {
    expect(reading('PreToolUse', outcome({ timedOut: true, exitCode: null, signal: 'SIGKILL' }))).toBe('timed out: output not read → failed (timeout), fails open');
    expect(reading('PreToolUse', exit(1, '', 'x'))).toBe('exit 1: a failed run, output not read → failed (nonzero_exit), fails open');
  });
});
