// Fan-out units (Dialect.expand / combine / prepareParams) through the engine with a small test-only dialect.
import { describe, expect, it } from 'vitest';
import { combineOutcomes } from '../../../src/engine/dispatch-units.js';
import type { Dialect, DispatchUnit, HookSpec, HookVerdict } from '../../../src/engine/dialect.js';
import { Engine } from '../../../src/engine/engine.js';
import { toolKindsOf } from '../../../src/engine/tool-kinds.js';
import type { EventName, EventParams } from '../../../src/protocol/index.js';
import { fakeDialect, hook, scriptedRunner } from './fakes.js';

/** PreToolUse of a shell tool → [PreToolUse, PreBash]; PreFileWrite → one unit per file, labelled by its path. */
const expand: NonNullable<Dialect['expand']> = (event, params, tools) => {
  if (event === 'PreToolUse') {
    const tool = tools.get(params.toolName ?? '');
    if (tool?.kind !== 'shell') return [{ event, params }];
    const command = String(params.toolInput?.[tool.commandField ?? 'command'] ?? '');
    return [{ event, params }, { event: 'PreBash', params: { ...params, command }, label: 'PreBash' }];
  }
  if (event === 'PreFileWrite') return (params.files ?? []).map((file) => ({ event, params: { ...params, files: [file] }, label: file.path }));
  return [{ event, params }];
};

/** stdout `block` blocks, `rewrite:<cmd>` rewrites toolInput.command, `ctx:<text>` adds context; else none. */
const interpret: Dialect['interpret'] = (_context, _hook, outcome): HookVerdict => {
  const text = outcome.stdout.text;
  const base = { status: 'ok' as const, failureClass: null };
  if (text === 'block') return { ...base, decision: 'block', reason: 'blocked by test' };
  if (text.startsWith('rewrite:')) return { ...base, decision: 'allow', updatedInput: { command: text.slice('rewrite:'.length) } };
  if (text.startsWith('ctx:')) return { ...base, decision: 'none', additionalContext: text.slice('ctx:'.length) };
  return { ...base, decision: 'none' };
};

const merge: Dialect['merge'] = (_context, verdicts) => {
  const block = verdicts.find((verdict) => verdict.decision === 'block');
  const rewrite = [...verdicts].reverse().find((verdict) => verdict.updatedInput !== undefined);
  const contexts = verdicts.flatMap((verdict) => (verdict.additionalContext !== undefined ? [verdict.additionalContext] : []));
  return {
    decision: block ? 'block' : rewrite ? 'allow' : 'none',
    continue: true,
    ...(block?.reason !== undefined ? { reason: block.reason } : {}),
    ...(rewrite?.updatedInput !== undefined ? { updatedInput: rewrite.updatedInput } : {}),
    ...(contexts.length > 0 ? { additionalContext: contexts.join('\n') } : {}),
  };
};

/** Hooks' "command" is looked up per unit: `answers(stdin)` decides what each run prints. */
function unitDialect(hooks: HookSpec[], overrides: Partial<Dialect> = {}): Dialect {
  return fakeDialect(hooks, {
    events: ['PreToolUse', 'PreBash', 'PreFileWrite'],
    expand,
    interpret,
    merge,
    renderStdin: (context) => JSON.stringify({ event: context.event, command: context.params.command ?? null, files: (context.params.files ?? []).map((file) => file.path), toolInput: context.params.toolInput ?? null }),
    ...overrides,
  });
}

type Answer = (name: string, stdin: Record<string, unknown>) => string;

/** A runner whose hooks print what `answer` says for the hook (named by its command) and the stdin it read. */
function answeringRunner(answer: Answer) {
  const runner = scriptedRunner();
  const seen: { name: string; stdin: Record<string, unknown> }[] = [];
  const run = runner.run.bind(runner);
  runner.run = async (request) => {
    const name = request.command.kind === 'shell' ? request.command.script : request.command.file;
    const stdin = JSON.parse(request.stdin) as Record<string, unknown>;
    seen.push({ name, stdin });
    const result = await run(request);
    const text = answer(name, stdin);
    return { ...result, stdout: { text, bytes: text.length, totalBytes: text.length, truncated: false } };
  };
  return { runner, seen };
}

function engineFor(dialect: Dialect, runner: ReturnType<typeof scriptedRunner>, tools = toolKindsOf([{ name: 'bash', kind: 'shell' }, 'read'])) {
  const engine = new Engine({ dialect, runner, workspace: '/ws', toolKinds: tools });
  engine.load({ workspace: '/ws', home: '/h' });
  return engine;
}

const session = { id: 's1' };
const toolCall = (toolName: string, toolInput: Record<string, unknown>): EventParams => ({ session, toolName, toolInput });
const write = (...paths: string[]): EventParams => ({ session, files: paths.map((path) => ({ path, operation: 'modify' as const, oldContent: 'a', newContent: 'b' })) });

describe('fan-out units', () => {
  it('PreToolUse of a declared shell tool runs its PreToolUse hooks, then its PreBash hooks, labelled by unit', async () => {
    const { runner, seen } = answeringRunner(() => 'none');
    const engine = engineFor(unitDialect([hook('pre-bash', 'PreBash', 'b'), hook('pre-tool', 'PreToolUse', 't')]), runner);
    const { result } = await engine.dispatch('PreToolUse', toolCall('bash', { command: 'ls' }));
    expect(result.event).toBe('PreToolUse');
    expect(seen.map((entry) => entry.name)).toEqual(['t', 'b']);
    expect(seen[1]!.stdin).toMatchObject({ event: 'PreBash', command: 'ls' });
    expect(result.runs.map((run) => [run.hookId, run.unit])).toEqual([
      ['pre-tool', undefined],
      ['pre-bash', 'PreBash'],
    ]);
  });

  it('a tool the client did not declare as a shell tool fires no PreBash (one unit, runs without a unit label)', async () => {
    const { runner, seen } = answeringRunner(() => 'none');
    const engine = engineFor(unitDialect([hook('pre-bash', 'PreBash', 'b'), hook('pre-tool', 'PreToolUse', 't')]), runner);
    const { result } = await engine.dispatch('PreToolUse', toolCall('read', { command: 'ls' }));
    expect(seen.map((entry) => entry.name)).toEqual(['t']);
    expect(result.runs).toHaveLength(1);
    expect(result.runs[0]).not.toHaveProperty('unit');
  });

  it('a multi-file PreFileWrite runs one unit per file; a unit that blocks ends the request (later files never run)', async () => {
    const { runner, seen } = answeringRunner((_name, stdin) => ((stdin.files as string[])[0] === 'b.rs' ? 'block' : 'none'));
    const engine = engineFor(unitDialect([hook('guard', 'PreFileWrite', 'g')]), runner);
    const { result } = await engine.dispatch('PreFileWrite', write('a.rs', 'b.rs', 'c.rs'));
    expect(seen.map((entry) => (entry.stdin.files as string[])[0])).toEqual(['a.rs', 'b.rs']);
    expect(result.decision).toBe('block');
    expect(result.reason).toBe('blocked by test');
    expect(result.runs.map((run) => run.unit)).toEqual(['a.rs', 'b.rs']);
  });

  it('after a PreToolUse rewrite, later units are re-expanded from the rewritten tool input', async () => {
    const { runner, seen } = answeringRunner((name) => (name === 't' ? 'rewrite:ls -la' : 'none'));
    const engine = engineFor(unitDialect([hook('pre-tool', 'PreToolUse', 't'), hook('pre-bash', 'PreBash', 'b')]), runner);
    const { result } = await engine.dispatch('PreToolUse', toolCall('bash', { command: 'rm -rf /' }));
    expect(seen[1]).toMatchObject({ name: 'b', stdin: { event: 'PreBash', command: 'ls -la', toolInput: { command: 'ls -la' } } });
    expect(result.updatedInput).toEqual({ command: 'ls -la' });
    expect(result.decision).toBe('allow');
  });

  it('default combine: contexts joined by blank lines, notes concatenated, every run reported', async () => {
    const { runner } = answeringRunner((_name, stdin) => `ctx:about ${(stdin.files as string[])[0]}`);
    const engine = engineFor(unitDialect([hook('note', 'PreFileWrite', 'n')]), runner);
    const { result } = await engine.dispatch('PreFileWrite', write('a.rs', 'b.rs'));
    expect(result.additionalContext).toBe('about a.rs\n\nabout b.rs');
    expect(result.decision).toBe('none');
    expect(result.runs).toHaveLength(2);
  });

  it("the dialect's combine replaces the default", async () => {
    const { runner } = answeringRunner(() => 'none');
    const seenUnits: DispatchUnit[][] = [];
    const dialect = unitDialect([hook('note', 'PreFileWrite', 'n')], {
      combine: (_event, outcomes) => {
        seenUnits.push(outcomes.map((outcome) => outcome.unit));
        return { decision: 'none', continue: true, reason: `combined ${outcomes.length}` };
      },
    });
    const { result } = await engineFor(dialect, runner).dispatch('PreFileWrite', write('a.rs', 'b.rs'));
    expect(result.reason).toBe('combined 2');
    expect(seenUnits[0]!.map((unit) => unit.label)).toEqual(['a.rs', 'b.rs']);
  });

  it('prepareParams rewrites the params before expand and before any hook sees them', async () => {
    const { runner, seen } = answeringRunner(() => 'none');
    const seenByExpand: EventParams[] = [];
    const dialect = unitDialect([hook('guard', 'PreFileWrite', 'g')], {
      prepareParams: async (_event: EventName, params: EventParams) => ({ ...params, files: (params.files ?? []).map((file) => ({ ...file, path: `prepared/${file.path}` })) }),
      expand: (event, params, tools) => {
        seenByExpand.push(params);
        return expand(event, params, tools);
      },
    });
    await engineFor(dialect, runner).dispatch('PreFileWrite', write('a.rs'));
    expect(seenByExpand[0]!.files![0]!.path).toBe('prepared/a.rs');
    expect(seen[0]!.stdin.files).toEqual(['prepared/a.rs']);
  });

  it('a cancelled unit ends the request as cancelled', async () => {
    const runner = scriptedRunner({ g: 10_000 });
    const engine = engineFor(unitDialect([hook('guard', 'PreFileWrite', 'g')]), runner);
    const controller = new AbortController();
    const pending = engine.dispatch('PreFileWrite', write('a.rs', 'b.rs'), { signal: controller.signal });
    while (runner.requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    const dispatch = await pending;
    expect(dispatch.cancelled).toBe(true);
    expect(runner.requests).toHaveLength(1);
  });
});

describe('combineOutcomes (the default)', () => {
  const unit = (label: string): DispatchUnit => ({ event: 'PreFileWrite', params: { session }, label });
  it('first block wins, last updatedInput, contexts joined by blank lines', () => {
    const combined = combineOutcomes([
      { unit: unit('a'), merged: { decision: 'allow', continue: true, updatedInput: { x: 1 }, additionalContext: 'one' } },
      { unit: unit('b'), merged: { decision: 'block', continue: true, reason: 'first', additionalContext: 'two' } },
      { unit: unit('c'), merged: { decision: 'block', continue: true, reason: 'second', updatedInput: { x: 2 } } },
    ]);
    expect(combined).toMatchObject({ decision: 'block', reason: 'first', updatedInput: { x: 2 }, additionalContext: 'one\n\ntwo', continue: true });
  });

  it('continues only if every unit lets the agent continue', () => {
    const combined = combineOutcomes([
      { unit: unit('a'), merged: { decision: 'none', continue: true } },
      { unit: unit('b'), merged: { decision: 'none', continue: false, stopReason: 'stop now' } },
    ]);
    expect(combined).toMatchObject({ continue: false, stopReason: 'stop now' });
  });
});

describe('toolKindsOf (initialize tools → ToolKinds)', () => {
  it('bare names are kind "other"; declarations keep their kind and fields', () => {
    const kinds = toolKindsOf(['read', { name: 'bash', kind: 'shell', commandField: 'cmd' }, { name: 'write', kind: 'file_write' }]);
    expect(kinds.get('read')).toEqual({ name: 'read', kind: 'other' });
    expect(kinds.get('bash')).toEqual({ name: 'bash', kind: 'shell', commandField: 'cmd' });
    expect(kinds.get('write')?.kind).toBe('file_write');
    expect(toolKindsOf(undefined).size).toBe(0);
  });
});
