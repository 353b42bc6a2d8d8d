// The engine's async and environment-file mechanics without processes: the bounded outbox, env-file reading
// (dotenv, export prefixes, bounds) and merging, and the asyncRewake message.
import { writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AsyncOutbox, MAX_OUTPUTS_PER_SESSION, MAX_SESSIONS } from '../../../src/engine/async-outbox.js';
import { rewakeMessage } from '../../../src/engine/async-runs.js';
import { MAX_ENV_FILE_BYTES, SessionTempDirs, readEnvFile } from '../../../src/engine/env-files.js';
import { mergeEnvironments } from '../../../src/engine/run-env-file.js';
import type { AsyncOutput } from '../../../src/protocol/index.js';
import { scratchDir } from '../../helpers/scratch.js';
import { mkfifo } from '../../helpers/special-files.js';
import { hook, outcome } from './fakes.js';

const output = (n: number): AsyncOutput => ({ hookId: `h${n}`, event: 'PostToolUse', source: 's', status: 'ok', exitCode: 0, durationMs: 1, systemMessage: `m${n}` });
const captured = (text: string) => ({ text, bytes: text.length, totalBytes: text.length, truncated: false });

describe('AsyncOutbox', () => {
  it(`keeps the ${MAX_OUTPUTS_PER_SESSION} newest outputs of a session and counts the dropped ones; take empties it`, () => {
    const box = new AsyncOutbox();
    for (let i = 0; i < MAX_OUTPUTS_PER_SESSION + 3; i++) box.put('s', output(i));
    const taken = box.take('s');
    expect(taken.dropped).toBe(3);
    expect(taken.outputs.map((o) => o.hookId)).toEqual(Array.from({ length: MAX_OUTPUTS_PER_SESSION }, (_, i) => `h${i + 3}`));
    expect(box.take('s')).toEqual({ outputs: [], dropped: 0 });
  });

  it(`holds at most ${MAX_SESSIONS} sessions: the oldest is forgotten`, () => {
    const box = new AsyncOutbox();
    for (let i = 0; i <= MAX_SESSIONS; i++) box.put(`s${i}`, output(i));
    expect(box.take('s0').outputs).toEqual([]);
    expect(box.take(`s${MAX_SESSIONS}`).outputs).toHaveLength(1);
  });
});

describe('environment files', () => {
  it('"export NAME=value" and NAME=value lines, quotes and comments, parsed by dotenv; the file is removed', () => {
    const file = join(scratchDir(), 'env.sh');
    writeFileSync(file, 'export NODE_ENV=production\n# comment\nexport QUOTED="a b"\nPLAIN=1\nnot a line\n');
    expect(readEnvFile(file)).toEqual({ variables: { NODE_ENV: 'production', QUOTED: 'a b', PLAIN: '1' } });
    expect(existsSync(file)).toBe(false);
  });

  it(`a file over ${MAX_ENV_FILE_BYTES} bytes is not read at all`, () => {
    const file = join(scratchDir(), 'env.sh');
    writeFileSync(file, `export A=${'x'.repeat(MAX_ENV_FILE_BYTES)}\n`);
    const read = readEnvFile(file);
    expect(read.variables).toEqual({});
    expect(read.problem).toMatch(/over the limit of 65536: ignored/);
  });

  it('a FIFO in place of the file is refused without blocking; a missing file gives nothing', () => {
    const dir = scratchDir();
    const fifo = join(dir, 'env.sh');
    mkfifo(fifo);
    expect(readEnvFile(fifo).problem).toContain('not a regular file');
    expect(readEnvFile(join(dir, 'gone.sh'))).toEqual({ variables: {} });
  });

  it('merged in configured order, later wins; notes kept', () => {
    expect(mergeEnvironments([{ variables: { A: '1', B: '1' } }, undefined, { variables: { A: '2' }, note: 'h: problem' }])).toEqual({ environment: { A: '2', B: '1' }, notes: ['h: problem'] });
    expect(mergeEnvironments([undefined, { variables: {} }])).toEqual({ notes: [] });
  });

  it('session dirs are made under the temp dir on first use and removed per session or all at once', () => {
    const dirs = new SessionTempDirs();
    const file = dirs.newEnvFile('s1', 'SessionStart');
    expect(file).toBeDefined();
    const dir = dirs.dirFor('s1');
    expect(existsSync(file!)).toBe(true);
    dirs.removeSession('s1');
    expect(existsSync(dir)).toBe(false);
    const other = dirs.dirFor('s2');
    dirs.dispose();
    expect(existsSync(other)).toBe(false);
  });
});

describe('asyncRewake message', () => {
  const rewake = hook('r', 'PostToolUse', 'x', { async: { rewake: true } });
  it('stderr, else stdout, trimmed; only for a rewake hook that exited 2', () => {
    expect(rewakeMessage(rewake, outcome({ exitCode: 2, stderr: captured(' failed \n'), stdout: captured('out') }))).toBe('failed');
    expect(rewakeMessage(rewake, outcome({ exitCode: 2, stdout: captured('out\n') }))).toBe('out');
    expect(rewakeMessage(rewake, outcome({ exitCode: 1, stderr: captured('x') }))).toBeUndefined();
    expect(rewakeMessage(hook('a', 'PostToolUse', 'x', { async: { rewake: false } }), outcome({ exitCode: 2, stderr: captured('x') }))).toBeUndefined();
  });

  it('capped at 10,000 characters with a note', () => {
    const message = rewakeMessage(rewake, outcome({ exitCode: 2, stderr: captured('y'.repeat(12_000)) }))!;
    expect(message.startsWith('y'.repeat(10_000))).toBe(true);
    expect(message).toContain('[hookd: truncated 2000 of 12000 characters; limit 10000]');
  });
});
