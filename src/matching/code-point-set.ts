// Sets of Unicode code points as sorted, merged ranges, written out as an RE2 character class, plus the exact
// sets JavaScript's `u`-mode `.`, `\s`, `\w` and `\d` stand for. Values only; knows no regex syntax beyond classes.

export const MAX_CODE_POINT = 0x10ffff;

export type CodePointRange = readonly [low: number, high: number];

export class CodePointSet {
  /** Sorted, non-overlapping, non-adjacent. */
  readonly ranges: readonly CodePointRange[];

  private constructor(ranges: readonly CodePointRange[]) {
    this.ranges = ranges;
  }

  static of(...ranges: ReadonlyArray<CodePointRange | number>): CodePointSet {
    return CodePointSet.normalized(ranges.map((range) => (typeof range === 'number' ? ([range, range] as const) : range)));
  }

  static normalized(ranges: readonly CodePointRange[]): CodePointSet {
    const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
    const merged: Array<[number, number]> = [];
    for (const [low, high] of sorted) {
      const last = merged[merged.length - 1];
      if (last !== undefined && low <= last[1] + 1) last[1] = Math.max(last[1], high);
      else merged.push([low, high]);
    }
    return new CodePointSet(merged);
  }

  union(other: CodePointSet): CodePointSet {
    return CodePointSet.normalized([...this.ranges, ...other.ranges]);
  }

  complement(): CodePointSet {
    const out: Array<[number, number]> = [];
    let next = 0;
    for (const [low, high] of this.ranges) {
      if (low > next) out.push([next, low - 1]);
      next = high + 1;
    }
    if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
    return new CodePointSet(out);
  }

  has(codePoint: number): boolean {
    return this.ranges.some(([low, high]) => low <= codePoint && codePoint <= high);
  }

  /** An RE2 class that matches exactly these code points (`[^\x{0}-\x{10ffff}]` when empty). */
  toRe2Class(): string {
    if (this.ranges.length === 0) return `[^${hex(0)}-${hex(MAX_CODE_POINT)}]`;
    return `[${this.ranges.map(([low, high]) => (low === high ? hex(low) : `${hex(low)}-${hex(high)}`)).join('')}]`;
  }
}

function hex(codePoint: number): string {
  return `\\x{${codePoint.toString(16)}}`;
}

/** LineTerminator: what `.` does not match without the `s` flag. */
const LINE_TERMINATORS = CodePointSet.of(0x0a, 0x0d, 0x2028, 0x2029);

/** `.` in `u` mode: any code point (an astral one counts once) but a line terminator. */
export const JS_DOT = LINE_TERMINATORS.complement();

/** `\s`: WhiteSpace (TAB, VT, FF, ZWNBSP, the Zs category) and LineTerminator. RE2's `\s` lacks most of these. */
export const JS_WHITESPACE = CodePointSet.of(
  [0x09, 0x0d],
  0x20,
  0xa0,
  0x1680,
  [0x2000, 0x200a],
  0x2028,
  0x2029,
  0x202f,
  0x205f,
  0x3000,
  0xfeff,
);

/** `\w` without the `i` flag: ASCII only, even in `u` mode (as RE2's). */
export const JS_WORD = CodePointSet.of([0x30, 0x39], [0x41, 0x5a], 0x5f, [0x61, 0x7a]);

export const JS_DIGIT = CodePointSet.of([0x30, 0x39]);

export const NO_CODE_POINTS = CodePointSet.of();
