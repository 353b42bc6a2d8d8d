// The iterative nesting check behind the params depth limit: depth counting, the reported path, and values far
// deeper than the call stack could recurse.
import { describe, expect, it } from 'vitest';
import { findTooDeep, MAX_JSON_DEPTH } from '../../../src/protocol/json-depth.js';

const nestedArrays = (levels: number): unknown => JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`);

describe('findTooDeep', () => {
  it('counts the value itself as level 1; scalars have no depth', () => {
    expect(findTooDeep(7, 0)).toBeUndefined();
    expect(findTooDeep({}, 1)).toBeUndefined();
    expect(findTooDeep({}, 0)).toEqual({ path: [] });
    expect(findTooDeep({ a: [1, { b: 2 }] }, 3)).toBeUndefined();
    expect(findTooDeep({ a: [1, { b: 2 }] }, 2)).toEqual({ path: ['a'] });
  });

  it('names the top-level field that holds the excess (an index for arrays)', () => {
    expect(findTooDeep({ ok: [[]], toolInput: { x: [[[]]] } }, 3)).toEqual({ path: ['toolInput'] });
    expect(findTooDeep([0, [[[]]]], 3)).toEqual({ path: [1] });
    expect(findTooDeep({ a: { b: { c: {} } } }, 2, 2)).toEqual({ path: ['a', 'b'] });
  });

  it('accepts MAX_JSON_DEPTH levels and refuses one more', () => {
    expect(findTooDeep(nestedArrays(MAX_JSON_DEPTH))).toBeUndefined();
    expect(findTooDeep(nestedArrays(MAX_JSON_DEPTH + 1))).toEqual({ path: [0] });
  });

  it('measures 1,000,000 levels without recursion', () => {
    expect(findTooDeep(nestedArrays(1_000_000))).toEqual({ path: [0] });
  });
});
