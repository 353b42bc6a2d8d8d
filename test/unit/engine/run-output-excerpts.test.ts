// Run output excerpts: the capped text a RunSummary carries when runOutputExcerptBytes is on.
import { describe, expect, it } from 'vitest';
import { excerptOf } from '../../../src/engine/run-summary.js';

describe('excerptOf', () => {
  it('keeps text within the cap whole', () => {
    expect(excerptOf('hello', 5)).toEqual({ excerpt: 'hello', excerptTruncated: false });
  });

  it('cuts at the cap, never inside a UTF-8 sequence', () => {
    // "é" is two bytes: a 2-byte cap after "a" would split it, so the excerpt stops before it.
    expect(excerptOf('aé', 2)).toEqual({ excerpt: 'a', excerptTruncated: true });
    expect(excerptOf('aé', 3)).toEqual({ excerpt: 'aé', excerptTruncated: false });
    expect(excerptOf('😀x', 3)).toEqual({ excerpt: '', excerptTruncated: true });
  });
});
