// Hand-built ProcessOutcomes for dialect unit tests (what the runner would have returned); no processes.
import type { CapturedOutput, ProcessOutcome } from '../../src/runner/types.js';

export function captured(text: string, truncated = false): CapturedOutput {
  const bytes = Buffer.byteLength(text);
  return { text, bytes, totalBytes: truncated ? bytes * 2 : bytes, truncated };
}

type OutcomeInput = Partial<Omit<ProcessOutcome, 'stdout' | 'stderr'>> & {
  stdout?: string | CapturedOutput;
  stderr?: string | CapturedOutput;
};

/** A finished run: exit 0, empty output, unless overridden. */
export function outcome(input: OutcomeInput = {}): ProcessOutcome {
  const { stdout = '', stderr = '', ...rest } = input;
  return {
    started: true,
    pid: 4242,
    exitCode: 0,
    signal: null,
    timedOut: false,
    cancelled: false,
    durationMs: 12,
    ...rest,
    stdout: typeof stdout === 'string' ? captured(stdout) : stdout,
    stderr: typeof stderr === 'string' ? captured(stderr) : stderr,
  };
}

export const exit = (exitCode: number, stdout = '', stderr = ''): ProcessOutcome => outcome({ exitCode, stdout, stderr });
export const json = (value: unknown, exitCode = 0): ProcessOutcome => outcome({ exitCode, stdout: JSON.stringify(value) });
