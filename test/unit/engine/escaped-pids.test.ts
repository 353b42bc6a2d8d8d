// A run that left processes hookd could not kill (the runner's escapedPids) is reported on the run and as a note.
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine.js';
import type { ProcessRunner } from '../../../src/runner/types.js';
import { fakeDialect, hook, outcome } from './fakes.js';

const params = { session: { id: 's1' }, toolName: 'Bash', toolInput: {} };

function engineWhereRunsLeave(escapedPids: Record<string, number[]>): Engine {
  const runner: ProcessRunner = {
    findExecutable: () => undefined,
    run: async (request) => {
      const script = request.command.kind === 'shell' ? request.command.script : request.command.file;
      const left = escapedPids[script];
      return outcome({ stdout: { text: 'allow', bytes: 5, totalBytes: 5, truncated: false }, ...(left ? { escapedPids: left } : {}) });
    },
  };
  const engine = new Engine({ dialect: fakeDialect([hook('clean', 'PreToolUse', 'clean'), hook('leaky', 'PreToolUse', 'leaky')]), runner, workspace: '/ws' });
  engine.load({ workspace: '/ws', home: '/home' });
  return engine;
}

describe('escaped descendants', () => {
  it('the run carries escapedPids and the result has a note naming the hook and the PIDs', async () => {
    const { result } = await engineWhereRunsLeave({ leaky: [4242, 4343] }).dispatch('PreToolUse', params);
    expect(result.runs[0]).not.toHaveProperty('escapedPids');
    expect(result.runs[1]).toMatchObject({ hookId: 'leaky', escapedPids: [4242, 4343] });
    expect(result.notes).toHaveLength(1);
    expect(result.notes[0]).toContain('leaky');
    expect(result.notes[0]).toContain('4242, 4343');
  });

  it('no escapee: no field and no note', async () => {
    const { result } = await engineWhereRunsLeave({}).dispatch('PreToolUse', params);
    expect(result.notes).toEqual([]);
    for (const run of result.runs) expect(run).not.toHaveProperty('escapedPids');
  });
});
