// The protocol's lazy schema tables: each value built on its first read and once only, every key listed before any is
// built, and the method table's specs reading the same schemas as the event tables.
import { describe, expect, it } from 'vitest';
import { EVENT_NAMES, EventParamsSchemas, EventResultSchemas, Requests } from '../../../src/protocol/index.js';
import { defineLazy, lazyTable, once } from '../../../src/protocol/lazy-table.js';

describe('lazyTable', () => {
  it('builds a value on its first read only, and each value once', () => {
    const built: string[] = [];
    const table = lazyTable({ a: () => (built.push('a'), { name: 'a' }), b: () => (built.push('b'), { name: 'b' }) });
    expect(Object.keys(table)).toEqual(['a', 'b']);
    expect(built).toEqual([]);
    const first = table.a;
    expect(table.a).toBe(first);
    expect(built).toEqual(['a']);
    expect(table.b.name).toBe('b');
    expect(built).toEqual(['a', 'b']);
  });

  it('a copy of a lazy descriptor builds for the copy, leaving the original unread', () => {
    let builds = 0;
    const original = defineLazy({}, 'value', () => ({ build: ++builds }));
    const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(original)) as { value: { build: number } };
    expect(builds).toBe(0);
    expect(copy.value.build).toBe(1);
    expect(copy.value.build).toBe(1);
    expect((original as { value: { build: number } }).value.build).toBe(2);
  });

  it('once calls its builder on the first call only', () => {
    let calls = 0;
    const value = once(() => ({ calls: ++calls }));
    expect(value()).toBe(value());
    expect(calls).toBe(1);
  });
});

describe('the protocol tables built on demand', () => {
  it('every event has a params and a result schema, and its method spec reads the same params schema under a depth bound', () => {
    for (const event of EVENT_NAMES) {
      expect(EventParamsSchemas[event], event).toBeDefined();
      expect(EventResultSchemas[event], event).toBeDefined();
      const spec = Requests[`hooks/${event}`];
      expect(spec.result).toBe(EventResultSchemas[event]);
      expect(spec.params.safeParse({ session: { id: 's' } }).success).toBe(EventParamsSchemas[event].safeParse({ session: { id: 's' } }).success);
    }
  });

  it('the tool events share one params schema', () => {
    expect(EventParamsSchemas.PreToolUse).toBe(EventParamsSchemas.PostToolUse);
    expect(EventParamsSchemas.PreToolUse).toBe(EventParamsSchemas.PermissionRequest);
  });

  it('a too-deep value is still refused by a method read on demand', () => {
    let deep: unknown = {};
    for (let level = 0; level < 300; level += 1) deep = { deep };
    const parsed = Requests['hooks/PreToolUse'].params.safeParse({ session: { id: 's' }, toolName: 'Bash', toolInput: deep });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['toolInput']);
  });
});
