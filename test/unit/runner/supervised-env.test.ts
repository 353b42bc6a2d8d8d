// supervised-run.ts reuses what it derives from a frozen environment (the engine shares one per hook): every run of
// it still gets its variables, and a NUL in it is refused every time, never only the first.
import { describe, expect, it } from 'vitest';
import { createProcessRunner } from '../../../src/runner/process-runner.js';
import { supervisorBinaryProblem, SUPERVISOR_BINARY } from '../../../src/runner/supervisor/locate.js';

const runner = createProcessRunner({ spawnPath: 'supervisor' });
const limits = { cwd: '/tmp', timeoutMs: 10_000, killGraceMs: 200, maxOutputBytes: 65_536, stdin: '' };

describe.skipIf(supervisorBinaryProblem(SUPERVISOR_BINARY) !== undefined)('supervised run environment', () => {
  it('each run of one frozen environment sees its variables and its own run tag', async () => {
    const env = Object.freeze({ PATH: process.env['PATH'] ?? '/usr/bin:/bin', SHARED: 'value' });
    const command = { kind: 'shell' as const, script: 'printf "%s %s" "$SHARED" "$HOOKD_RUN_TAG"' };
    const outcomes = [await runner.run({ command, env, ...limits }), await runner.run({ command, env, ...limits })];
    const seen = outcomes.map((outcome) => outcome.stdout.text.split(' '));
    expect(seen.map(([shared]) => shared)).toEqual(['value', 'value']);
    expect(seen[0]![1]).not.toBe(seen[1]![1]);
  });

  it('a NUL in a frozen environment is refused on every run', async () => {
    const env = Object.freeze({ PATH: '/usr/bin:/bin', BAD: 'a\0b' });
    const command = { kind: 'shell' as const, script: 'true' };
    for (let i = 0; i < 2; i++) {
      const outcome = await runner.run({ command, env, ...limits });
      expect(outcome.started).toBe(false);
      expect(outcome.spawnError).toContain('environment variable "BAD" contains a NUL character');
    }
  });
});
