// planScript: the first runtime found runs the script, relative paths resolve against the placement's scriptBase,
// a refusal names every runtime tried; and script handlers through the dispatcher (placement, environment).
import { describe, expect, it } from 'vitest';
import type { HookSpec, ScriptHandler } from '../../../src/engine/dialect.js';
import { Engine } from '../../../src/engine/engine.js';
import { planScript, resolveScriptPath } from '../../../src/engine/script-plan.js';
import { fakeDialect, scriptedRunner } from './fakes.js';
import { eventParams } from './manual-runner.js';

const BUN = { label: 'bun run', file: 'bun', args: ['run'] } as const;
const NODE = { label: 'node', file: 'node', args: ['--experimental-strip-types'] } as const;
const DENO = { label: 'deno run', file: 'deno', args: ['run', '-A'] } as const;

const script = (path: string, extra: Partial<ScriptHandler> = {}): ScriptHandler => ({
  type: 'script',
  path,
  runtimes: [BUN, NODE, DENO],
  timeoutMs: 1000,
  onFailure: 'continue',
  ...extra,
});

/** A findExecutable that knows only `installed` (name → path) and records every lookup. */
function lookup(installed: Record<string, string>) {
  const asked: Array<{ name: string; path: string | undefined }> = [];
  const find = (name: string, env: Readonly<Record<string, string>>) => {
    asked.push({ name, path: env.PATH });
    return installed[name];
  };
  return { find, asked };
}

const env = { PATH: '/opt/bin:/usr/bin' };

describe('planScript', () => {
  it('runs the script with the first runtime found, with that runtime’s args before the script path', () => {
    const { find, asked } = lookup({ node: '/usr/bin/node', deno: '/opt/bin/deno' });
    const plan = planScript(script('/abs/hook.ts'), '/proj', env, find);
    expect(plan).toEqual({
      kind: 'run',
      scriptPath: '/abs/hook.ts',
      runtime: 'node',
      command: { kind: 'exec', file: '/usr/bin/node', args: ['--experimental-strip-types', '/abs/hook.ts'] },
    });
    // Tried in order with the hook's environment, and not past the first found.
    expect(asked).toEqual([
      { name: 'bun', path: '/opt/bin:/usr/bin' },
      { name: 'node', path: '/opt/bin:/usr/bin' },
    ]);
  });

  it('the first runtime wins when several are installed', () => {
    const { find } = lookup({ bun: '/b/bun', node: '/usr/bin/node' });
    const plan = planScript(script('/abs/hook.ts'), '/proj', env, find);
    expect(plan).toMatchObject({ kind: 'run', runtime: 'bun run', command: { kind: 'exec', file: '/b/bun', args: ['run', '/abs/hook.ts'] } });
  });

  it('a relative path resolves against scriptBase; an absolute path is unchanged', () => {
    const { find } = lookup({ bun: '/b/bun' });
    expect(planScript(script('hooks/check.ts'), '/proj/.cfg', env, find).scriptPath).toBe('/proj/.cfg/hooks/check.ts');
    expect(planScript(script('../shared/check.ts'), '/proj/.cfg', env, find).scriptPath).toBe('/proj/shared/check.ts');
    expect(planScript(script('./check.ts'), '/proj', env, find)).toMatchObject({ scriptPath: '/proj/check.ts', command: { args: ['run', '/proj/check.ts'] } });
    expect(planScript(script('/elsewhere/check.ts'), '/proj', env, find).scriptPath).toBe('/elsewhere/check.ts');
    expect(resolveScriptPath(script('a/b.ts'), '/base')).toBe('/base/a/b.ts');
  });

  it('refuses with runtime_missing naming every runtime tried, in order, and the script', () => {
    const { find, asked } = lookup({});
    const plan = planScript(script('hook.ts'), '/proj', env, find);
    expect(plan.kind).toBe('refused');
    if (plan.kind !== 'refused') return;
    expect(plan.scriptPath).toBe('/proj/hook.ts');
    expect(plan.preflight.kind).toBe('runtime_missing');
    expect(plan.preflight.message).toContain('/proj/hook.ts');
    expect(plan.preflight.message).toMatch(/bun run.*node.*deno run/);
    expect(asked.map((entry) => entry.name)).toEqual(['bun', 'node', 'deno']);
  });

  it('a platform problem refuses as unsupported without looking for a runtime', () => {
    const { find, asked } = lookup({ bun: '/b/bun' });
    const plan = planScript(script('hook.bat', { platformProblem: 'batch files run only on Windows' }), '/proj', env, find);
    expect(plan).toEqual({ kind: 'refused', scriptPath: '/proj/hook.bat', preflight: { kind: 'unsupported', message: 'batch files run only on Windows' } });
    expect(asked).toEqual([]);
  });
});

describe('script handlers through the dispatcher', () => {
  const scriptHook = (handler: ScriptHandler, extra: Partial<HookSpec> = {}): HookSpec => ({
    id: 'script-hook',
    event: 'PreToolUse',
    matches: () => true,
    handler,
    source: '/ws/.fake/settings.json',
    scope: 'project',
    ...extra,
  });

  function engineFor(hooks: HookSpec[], findExecutable?: (name: string) => string | undefined) {
    const runner = scriptedRunner();
    if (findExecutable) runner.findExecutable = findExecutable;
    const scriptPaths: Array<string | undefined> = [];
    const preflights: unknown[] = [];
    const fake = fakeDialect(hooks);
    const dialect = {
      ...fake,
      environment: (...[, , run]: Parameters<typeof fake.environment>) => {
        scriptPaths.push(run.scriptPath);
        return { FAKE_SCRIPT: run.scriptPath ?? '' };
      },
      interpret: (...args: Parameters<typeof fake.interpret>) => {
        preflights.push(args[2].preflight);
        return fake.interpret(...args);
      },
    };
    const engine = new Engine({ dialect, runner, workspace: '/ws', baseEnv: { PATH: '/usr/bin' } });
    engine.load({ workspace: '/ws', home: '/h' });
    return { engine, runner, scriptPaths, preflights };
  }

  it('runs the planned command in the workspace, with the resolved script path in the environment', async () => {
    const { engine, runner, scriptPaths } = engineFor([scriptHook(script('hooks/check.ts'))]);
    await engine.dispatch('PreToolUse', eventParams());
    expect(runner.requests).toHaveLength(1);
    expect(runner.requests[0]).toMatchObject({
      command: { kind: 'exec', file: '/fake/bin/bun', args: ['run', '/ws/hooks/check.ts'] },
      cwd: '/ws',
      env: { PATH: '/usr/bin', FAKE_SCRIPT: '/ws/hooks/check.ts' },
      timeoutMs: 1000,
    });
    expect(scriptPaths).toEqual(['/ws/hooks/check.ts']);
  });

  it('a server-owned event runs the hook in its serverOwnedPlacement (cwd and script base)', async () => {
    const placement = { cwd: '/work-area', scriptBase: '/home/u/.cfg' };
    const { engine, runner } = engineFor([scriptHook(script('check.ts'), { serverOwnedPlacement: placement })]);
    await engine.dispatch('PreToolUse', eventParams({ serverOwned: true }));
    expect(runner.requests[0]).toMatchObject({ cwd: '/work-area', command: { args: ['run', '/home/u/.cfg/check.ts'] } });
    // The same hook on an event of the agent's session runs in the workspace.
    await engine.dispatch('PreToolUse', eventParams());
    expect(runner.requests[1]).toMatchObject({ cwd: '/ws', command: { args: ['run', '/ws/check.ts'] } });
  });

  it('no runtime found: nothing is spawned and the run carries the runtime_missing refusal', async () => {
    const { engine, runner, preflights } = engineFor([scriptHook(script('check.ts'))], () => undefined);
    const { result } = await engine.dispatch('PreToolUse', eventParams());
    expect(runner.requests).toEqual([]);
    expect(result.runs.map((run) => run.hookId)).toEqual(['script-hook']);
    expect(result.runs[0]).toMatchObject({ exitCode: null, timedOut: false });
    expect(preflights).toEqual([{ kind: 'runtime_missing', message: expect.stringMatching(/bun run.*node.*deno run/) }]);
  });
});
