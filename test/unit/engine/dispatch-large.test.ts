// A parallel dispatch of 200,000 matching hooks (a runner that never spawns): the results are collected without
// spreading them into a call, whose argument count is limited (RangeError before the fix).
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine.js';
import type { ProcessRunner } from '../../../src/runner/types.js';
import { fakeDialect, hook, outcome } from './fakes.js';

const COUNT = 200_000;

/** Answers every run at once with its command as stdout (the fake dialect reads that as the decision). */
const immediateRunner: ProcessRunner = {
  findExecutable: () => undefined,
  run: (request) => {
    const text = request.command.kind === 'shell' ? request.command.script : request.command.file;
    return Promise.resolve(outcome({ stdout: { text, bytes: text.length, totalBytes: text.length, truncated: false } }));
  },
};

describe('a parallel dispatch of 200,000 matching hooks', () => {
  it('reports one run per hook, in configured order', async () => {
    const hooks = Array.from({ length: COUNT }, (_, i) => hook(`h${i}`, 'PreToolUse', i === COUNT - 1 ? 'deny' : 'allow'));
    const engine = new Engine({ dialect: fakeDialect(hooks), runner: immediateRunner, workspace: '/ws', baseEnv: {} });
    engine.load({ workspace: '/ws', home: '/home' });
    const { result } = await engine.dispatch('PreToolUse', { session: { id: 's1' }, toolName: 'Bash', toolInput: {} });
    expect(result.runs).toHaveLength(COUNT);
    expect(result.runs[0]?.hookId).toBe('h0');
    expect(result.runs.at(-1)?.hookId).toBe(`h${COUNT - 1}`);
    expect(result.decision).toBe('deny');
  });
});
