// The character sets of Rust's `regex` as exact code-point sets: Unicode and ASCII `\d` `\s` `\w`, POSIX classes,
// set algebra for `&&` `--` `~~`, and `(?i)` simple case folding, all from regex-syntax's own tables. Values only.
import { CodePointSet, type CodePointRange } from '../../matching/code-point-set.js';
import { RUST_CASE_ORBITS, RUST_DIGIT_RANGES, RUST_SPACE_RANGES, RUST_WORD_RANGES } from './rust-unicode-tables.gen.js';

function fromFlat(flat: readonly number[]): CodePointSet {
  const ranges: CodePointRange[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) ranges.push([flat[i]!, flat[i + 1]!]);
  return CodePointSet.normalized(ranges);
}

export const UNICODE_WORD = fromFlat(RUST_WORD_RANGES);
export const UNICODE_DIGIT = fromFlat(RUST_DIGIT_RANGES);
export const UNICODE_SPACE = fromFlat(RUST_SPACE_RANGES);

export const ASCII_WORD = CodePointSet.of([0x30, 0x39], [0x41, 0x5a], 0x5f, [0x61, 0x7a]);
export const ASCII_DIGIT = CodePointSet.of([0x30, 0x39]);
/** `(?-u:\s)`: `[\t\n\v\f\r ]`. */
export const ASCII_SPACE = CodePointSet.of([0x09, 0x0d], 0x20);
export const ASCII = CodePointSet.of([0, 0x7f]);

/** `[[:name:]]`: always ASCII in Rust. */
export const POSIX_CLASSES: Readonly<Record<string, CodePointSet>> = {
  alnum: CodePointSet.of([0x30, 0x39], [0x41, 0x5a], [0x61, 0x7a]),
  alpha: CodePointSet.of([0x41, 0x5a], [0x61, 0x7a]),
  ascii: ASCII,
  blank: CodePointSet.of(0x09, 0x20),
  cntrl: CodePointSet.of([0, 0x1f], 0x7f),
  digit: ASCII_DIGIT,
  graph: CodePointSet.of([0x21, 0x7e]),
  lower: CodePointSet.of([0x61, 0x7a]),
  print: CodePointSet.of([0x20, 0x7e]),
  punct: CodePointSet.of([0x21, 0x2f], [0x3a, 0x40], [0x5b, 0x60], [0x7b, 0x7e]),
  space: ASCII_SPACE,
  upper: CodePointSet.of([0x41, 0x5a]),
  word: ASCII_WORD,
  xdigit: CodePointSet.of([0x30, 0x39], [0x41, 0x46], [0x61, 0x66]),
};

export function intersect(a: CodePointSet, b: CodePointSet): CodePointSet {
  return a.complement().union(b.complement()).complement();
}

export function minus(a: CodePointSet, b: CodePointSet): CodePointSet {
  return intersect(a, b.complement());
}

export function symmetricDifference(a: CodePointSet, b: CodePointSet): CodePointSet {
  return minus(a, b).union(minus(b, a));
}

export function isSubset(a: CodePointSet, b: CodePointSet): boolean {
  return minus(a, b).ranges.length === 0;
}

/** Binary search (CodePointSet#has is linear; the Unicode sets have hundreds of ranges). */
export function contains(set: CodePointSet, codePoint: number): boolean {
  const { ranges } = set;
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [first, last] = ranges[middle]!;
    if (codePoint < first) high = middle - 1;
    else if (codePoint > last) low = middle + 1;
    else return true;
  }
  return false;
}

/** `(?i)` on a set: every orbit that meets it joins it; `asciiOnly` (`(?-u)`) folds ASCII letters only. */
export function caseFold(set: CodePointSet, asciiOnly: boolean): CodePointSet {
  const added: CodePointRange[] = [];
  for (const orbit of RUST_CASE_ORBITS) {
    const members = asciiOnly ? orbit.filter((codePoint) => codePoint < 0x80) : orbit;
    if (members.length > 1 && members.some((codePoint) => contains(set, codePoint))) for (const codePoint of members) added.push([codePoint, codePoint]);
  }
  return added.length === 0 ? set : set.union(CodePointSet.normalized(added));
}
