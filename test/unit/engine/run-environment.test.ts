// The run environment a command hook gets: the inherited variables plus the dialect's, built per run's variables even
// though a hook's runs with the same variables share one frozen object (dispatcher.ts runEnvironment).
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine.js';
import { waitUntil } from '../../helpers/processes.js';
import { fakeDialect, hook } from './fakes.js';
import { eventParams, manualRunner } from './manual-runner.js';

describe('run environment', () => {
  it('each run sees the inherited and the dialect variables of its own event; equal variables share one frozen object', async () => {
    const runner = manualRunner();
    const engine = new Engine({ dialect: fakeDialect([hook('a', 'PreToolUse', 'allow')]), runner, workspace: '/ws', baseEnv: { INHERITED: 'yes' } });
    engine.load({ workspace: '/ws', home: '/h' });
    const sessions = ['s1', 's1', 's2', 's1'];
    for (const [index, id] of sessions.entries()) {
      const dispatched = engine.dispatch('PreToolUse', eventParams({ session: { id } }));
      expect(await waitUntil(() => runner.runs.length === index + 1, 5_000)).toBe(true);
      runner.runs[index]!.finish();
      await dispatched;
    }
    const envs = runner.runs.map((run) => run.request.env);
    expect(envs.map((env) => ({ ...env }))).toEqual(sessions.map((id) => ({ INHERITED: 'yes', FAKE_SESSION: id })));
    expect(envs.every((env) => Object.isFrozen(env))).toBe(true);
    expect(envs[1]).toBe(envs[0]);
    expect(envs[2]).not.toBe(envs[1]);
  });
});
