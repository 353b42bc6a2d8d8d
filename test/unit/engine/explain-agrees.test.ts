// Engine.explain never disagrees with Engine.dispatch: over random configurations (disabled, trust keys trusted or
// not, matchers, conditions, dedupe keys, once, async, programmatic priorities) and random event sequences in one
// session, the hooks explained as `fires` are exactly the ones the next dispatch starts, in order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HookSpec } from '../../../src/engine/dialect.js';
import { Engine } from '../../../src/engine/engine.js';
import type { EventName } from '../../../src/protocol/index.js';
import { fakeDialect, hook, scriptedRunner } from './fakes.js';

const TOOLS = ['Bash', 'Edit', 'Write'] as const;

const hookShape = fc.record({
  event: fc.constantFrom<EventName>('PreToolUse', 'Stop'),
  disabled: fc.boolean(),
  trustKey: fc.constantFrom(undefined, 'k1', 'k2'),
  matcher: fc.option(fc.subarray([...TOOLS], { minLength: 1 }), { nil: undefined }),
  condition: fc.option(fc.subarray([...TOOLS]), { nil: undefined }),
  dedupeKey: fc.constantFrom(undefined, 'd1', 'd2'),
  once: fc.boolean(),
  async: fc.boolean(),
  priority: fc.option(fc.integer({ min: -3, max: 3 }), { nil: undefined }),
});

type Shape = typeof hookShape extends fc.Arbitrary<infer T> ? T : never;

function specOf(index: number, shape: Shape): HookSpec {
  const base = hook(`h${index}`, shape.event, `c${index}`, shape.async ? { async: { rewake: false } } : {});
  const allowed: readonly string[] | undefined = shape.matcher;
  const condition: readonly string[] | undefined = shape.condition;
  return {
    ...base,
    ...(allowed !== undefined ? { matcher: allowed.join('|'), matches: (target: string | undefined) => target === undefined || allowed.includes(target) } : {}),
    ...(condition !== undefined ? { condition: `if ${condition.join(',')}`, applies: (context) => condition.includes(context.params.toolName ?? '') } : {}),
    ...(shape.disabled ? { disabled: true } : {}),
    ...(shape.trustKey !== undefined ? { trustKey: shape.trustKey } : {}),
    ...(shape.dedupeKey !== undefined ? { dedupeKey: shape.dedupeKey } : {}),
    ...(shape.once ? { once: true } : {}),
    ...(shape.priority !== undefined ? { priority: shape.priority } : {}),
  };
}

describe('Engine.explain agrees with Engine.dispatch', () => {
  it('fires = the hooks the dispatch starts (foreground runs in order, async ones in the background)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(hookShape, { maxLength: 8 }),
        fc.subarray(['k1', 'k2']),
        fc.array(fc.record({ event: fc.constantFrom<EventName>('PreToolUse', 'Stop'), tool: fc.constantFrom(...TOOLS) }), { minLength: 1, maxLength: 4 }),
        async (shapes, trusted, events) => {
          const specs = shapes.map((shape, index) => specOf(index, shape));
          const engine = new Engine({ dialect: fakeDialect(specs), runner: scriptedRunner(), workspace: '/ws' });
          engine.load({ workspace: '/ws', home: '/home' });
          for (const key of trusted) engine.setTrusted(key, true);
          for (const { event, tool } of events) {
            const params = { session: { id: 's' }, ...(event === 'PreToolUse' ? { toolName: tool, toolInput: {} } : {}) };
            const explained = engine.explain(event, params);
            expect(explained.hooks).toHaveLength(specs.length);
            const fires = explained.hooks.filter((entry) => entry.verdict === 'fires');
            const { result } = await engine.dispatch(event, params);
            expect(result.runs.map((run) => run.hookId)).toEqual(fires.filter((entry) => entry.background !== true).map((entry) => entry.id));
            expect((result.asyncRuns ?? []).map((run) => run.hookId)).toEqual(fires.filter((entry) => entry.background === true).map((entry) => entry.id));
          }
          await engine.abortAll();
        },
      ),
      { numRuns: 150 },
    );
  });
});
