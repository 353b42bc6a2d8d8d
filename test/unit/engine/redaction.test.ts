// Dialect.redact applied to what leaves hookd for the client (engine results and diagnostics), with a test-only dialect.
import { describe, expect, it } from 'vitest';
import type { HookVerdict } from '../../../src/engine/dialect.js';
import { Engine } from '../../../src/engine/engine.js';
import { redactDiagnostics } from '../../../src/engine/redaction.js';
import type { ProcessRunner } from '../../../src/runner/types.js';
import { fakeDialect, hook, outcome } from './fakes.js';
import { eventParams } from './manual-runner.js';

const SECRET = 'AKIAZZZZTESTSECRET77';
const redact = async (texts: readonly string[]) => texts.map((text) => text.split(SECRET).join('[REDACTED]'));
const text = (value: string) => ({ text: value, bytes: value.length, totalBytes: value.length, truncated: false });

/** Every hook prints the secret on stdout and stderr. */
const leakyRunner: ProcessRunner = {
  findExecutable: () => undefined,
  run: async () => outcome({ exitCode: 1, stdout: text(`out ${SECRET}`), stderr: text(`err ${SECRET}`) }),
};

const interpret = (): HookVerdict => ({
  status: 'error',
  failureClass: 'nonzero_exit',
  decision: 'block',
  reason: `blocked: ${SECRET}`,
  message: `failed: ${SECRET}`,
  additionalContext: `context ${SECRET}`,
});

function leakyEngine(withRedact: boolean) {
  const dialect = fakeDialect([hook('a', 'PreToolUse', 'x')], {
    interpret,
    merge: (_context, verdicts) => ({ decision: 'block', continue: true, reason: verdicts[0]!.reason!, additionalContext: verdicts[0]!.additionalContext!, systemMessage: `see ${SECRET}` }),
    ...(withRedact ? { redact } : {}),
  });
  const engine = new Engine({ dialect, runner: leakyRunner, workspace: '/ws', runOutputExcerptBytes: 1000 });
  engine.load({ workspace: '/ws', home: '/h' });
  return engine;
}

describe('redaction of what reaches the client', () => {
  it('hook stderr (excerpts and text), reasons, messages and the system message are redacted before they reach the client', async () => {
    const dispatch = await leakyEngine(true).dispatch('PreToolUse', eventParams());
    const { result } = dispatch;
    expect(result.reason).toBe('blocked: [REDACTED]');
    expect(result.systemMessage).toBe('see [REDACTED]');
    expect(result.runs[0]!.message).toBe('failed: [REDACTED]');
    expect(result.runs[0]!.stderr.excerpt).toBe('err [REDACTED]');
    expect(result.runs[0]!.stdout.excerpt).toBe('out [REDACTED]');
    expect(dispatch.runStderr[0]).toBe('err [REDACTED]');
    expect(JSON.stringify(result).replace(result.additionalContext ?? '', '')).not.toContain(SECRET);
  });

  it("context is the hook's own output for the model: not redacted", async () => {
    const { result } = await leakyEngine(true).dispatch('PreToolUse', eventParams());
    expect(result.additionalContext).toBe(`context ${SECRET}`);
  });

  it('a dialect without redact leaves every text as it is', async () => {
    const { result } = await leakyEngine(false).dispatch('PreToolUse', eventParams());
    expect(result.reason).toBe(`blocked: ${SECRET}`);
  });

  it('diagnostics are redacted (copies; the originals are untouched)', async () => {
    const dialect = fakeDialect([], { redact });
    const original = [{ severity: 'error' as const, message: `bad header ${SECRET}`, file: '/f' }];
    const redacted = await redactDiagnostics(dialect, original);
    expect(redacted).toEqual([{ severity: 'error', message: 'bad header [REDACTED]', file: '/f' }]);
    expect(original[0]!.message).toContain(SECRET);
  });

  it('a redactor that throws leaves the texts as they are (never fails the answer)', async () => {
    const dialect = fakeDialect([], {
      redact: async () => {
        throw new Error('boom');
      },
    });
    expect(await redactDiagnostics(dialect, [{ severity: 'warning', message: 'plain' }])).toEqual([{ severity: 'warning', message: 'plain' }]);
  });
});
