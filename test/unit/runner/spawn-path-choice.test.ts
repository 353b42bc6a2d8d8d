// Which spawn path the runner takes and what it says about it, without starting anything: a missing supervisor
// binary falls back to the pure-Node path with one warning per process, HOOKD_SPAWN_PATH=node asks for it, an
// invalid HOOKD_SPAWN_PATH is read as auto and said once, and the runner option wins over the environment.
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../../src/logger.js';
import { createProcessRunner } from '../../../src/runner/process-runner.js';
import { requestedSpawnPath, SPAWN_PATH_VARIABLE } from '../../../src/runner/spawn-path.js';

function recordingLogger(): Logger & { readonly warnings: string[]; readonly infos: string[] } {
  const warnings: string[] = [];
  const infos: string[] = [];
  return { warnings, infos, error() {}, warn: (message) => warnings.push(message), info: (message) => infos.push(message), debug() {} };
}

/** A binary path that does not exist (a new one per test: the fallback warning is said once per process). */
function missingBinary(): string {
  return join(tmpdir(), `hookd-no-supervisor-${randomUUID()}`, 'hookd-supervisor');
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('spawn path choice', () => {
  it('HOOKD_SPAWN_PATH reads auto, supervisor and node (any case, trimmed); empty is auto; anything else is auto and flagged invalid', () => {
    expect(requestedSpawnPath({})).toEqual({ requested: 'auto' });
    expect(requestedSpawnPath({ [SPAWN_PATH_VARIABLE]: '' })).toEqual({ requested: 'auto' });
    expect(requestedSpawnPath({ [SPAWN_PATH_VARIABLE]: ' Supervisor ' })).toEqual({ requested: 'supervisor' });
    expect(requestedSpawnPath({ [SPAWN_PATH_VARIABLE]: 'NODE' })).toEqual({ requested: 'node' });
    expect(requestedSpawnPath({ [SPAWN_PATH_VARIABLE]: 'fork' })).toEqual({ requested: 'auto', invalid: 'fork' });
  });

  it('a missing supervisor binary: the pure-Node path, a report saying why ("built without a C compiler"), and the warning once for all runners', async () => {
    const binary = missingBinary();
    const first = recordingLogger();
    const second = recordingLogger();
    const runners = [createProcessRunner({ logger: first, spawnPath: 'auto', supervisorBinary: binary }), createProcessRunner({ logger: second, spawnPath: 'auto', supervisorBinary: binary })];
    for (const runner of runners) {
      const report = await runner.spawnPath();
      expect(report).toMatchObject({ active: 'node', requested: 'auto' });
      expect(report.detail).toContain(binary);
      expect(report.detail).toContain('built without a C compiler — install cc and run npm run build');
    }
    await runners[0]!.spawnPath();
    const warnings = [...first.warnings, ...second.warnings];
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('pure-Node path');
    expect(warnings[0]).toContain(binary);
  });

  it('asked for the supervisor explicitly without a binary: still the pure-Node path (requested: supervisor), with the warning', async () => {
    const logger = recordingLogger();
    const report = await createProcessRunner({ logger, spawnPath: 'supervisor', supervisorBinary: missingBinary() }).spawnPath();
    expect(report).toMatchObject({ active: 'node', requested: 'supervisor' });
    expect(logger.warnings).toHaveLength(1);
  });

  it('HOOKD_SPAWN_PATH=node: the pure-Node path, no binary looked at, no warning', async () => {
    vi.stubEnv(SPAWN_PATH_VARIABLE, 'node');
    const logger = recordingLogger();
    const report = await createProcessRunner({ logger, supervisorBinary: missingBinary() }).spawnPath();
    expect(report).toEqual({ active: 'node', requested: 'node', detail: `${SPAWN_PATH_VARIABLE}=node asks for the pure-Node runner` });
    expect(logger.warnings).toEqual([]);
  });

  it('the spawnPath option wins over HOOKD_SPAWN_PATH', async () => {
    vi.stubEnv(SPAWN_PATH_VARIABLE, 'supervisor');
    const logger = recordingLogger();
    const report = await createProcessRunner({ logger, spawnPath: 'node', supervisorBinary: missingBinary() }).spawnPath();
    expect(report).toEqual({ active: 'node', requested: 'node', detail: 'the runner was asked for the pure-Node runner' });
    expect(logger.warnings).toEqual([]);
  });

  it('an invalid HOOKD_SPAWN_PATH is read as auto, named in one warning and in the report', async () => {
    const value = `bogus-${randomUUID()}`;
    vi.stubEnv(SPAWN_PATH_VARIABLE, value);
    const logger = recordingLogger();
    const runner = createProcessRunner({ logger, supervisorBinary: missingBinary() });
    createProcessRunner({ logger, supervisorBinary: missingBinary() });
    const report = await runner.spawnPath();
    expect(report.requested).toBe('auto');
    expect(report.detail).toContain(value);
    expect(logger.warnings.filter((warning) => warning.includes(value) && warning.includes('is not auto, supervisor or node'))).toHaveLength(1);
  });
});
