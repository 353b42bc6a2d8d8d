// How bonsai's rules read a run, in one line (RunSummary.reading): the case taken and what came of it.
import { describe, expect, it } from 'vitest';
import { bonsaiReading } from '../../../src/dialects/bonsai/output-reading.js';
import { interpret } from '../../../src/dialects/bonsai/output.js';
import type { ProcessOutcome } from '../../../src/runner/types.js';
import { blocking, context, exit, hook, json, outcome } from './runtime-fixtures.js';

const pre = context('PreBash', { command: 'ls' });
const read = (h: ReturnType<typeof hook>, run: ProcessOutcome) => bonsaiReading(pre, h, run, interpret(pre, h, run));

describe('bonsai run readings', () => {
  it('names the case and the result', () => {
    expect(read(blocking('PreBash'), exit(2, '', 'no'))).toBe('exit 2: block, stderr is the reason → block');
    expect(read(hook('PreBash'), exit(2, '', 'no'))).toBe('exit 2: block asked, but this hook cannot veto → no decision, with a warning');
    expect(read(blocking('PreBash'), exit(0))).toBe('exit 0, no stdout: continue → no decision');
    expect(read(blocking('PreBash', { onFailure: 'block' }), exit(5))).toBe('exit 5: a failure, stdout not read → failed (nonzero_exit), on_failure = "block": block');
    expect(read(hook('PreBash'), exit(5))).toBe('exit 5: a failure, stdout not read → failed (nonzero_exit), warns, the action proceeds');
    expect(read(blocking('PreBash'), json({ decision: 'block', reason: 'r' }))).toBe('exit 0: stdout is the JSON answer → block');
    expect(read(hook('PreBash'), outcome({ timedOut: true, exitCode: null }))).toBe('timed out: output not read → failed (timeout), warns, the action proceeds');
  });

  it('http and judge runs', () => {
    const http = blocking('PreBash', { action: { type: 'http', url: 'http://127.0.0.1:1/', headers: {} } });
    expect(read(http, outcome({ exitCode: null, http: { status: 500 } }))).toBe('HTTP 500: not 2xx, a failure → failed (http_error), warns, the action proceeds');
    expect(read(http, outcome({ exitCode: null, http: { status: 204 } }))).toBe('HTTP 204: empty body, continue → no decision');
    const judge = blocking('PreBash', { action: { type: 'llm_prompt', prompt: 'p' } });
    expect(read(judge, outcome({ stdout: '{"decision":"block","reason":"r"}' }))).toBe('the model\'s reply must be strict JSON {"decision":"allow"|"block"} → block');
  });
});
