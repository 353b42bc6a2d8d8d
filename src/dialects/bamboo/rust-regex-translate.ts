// Translates a Rust `regex` (Bamboo's matchers) into RE2 syntax for re2js that `is_match`es exactly the same tool
// names, or says why not: `invalid` if Rust's regex refuses it too, `unsupported` naming the construct otherwise.
// Every character set is written out as explicit code points (verbose mode, set operations, Unicode `\w`, `(?i)`
// folding resolved here), so nothing depends on how RE2 reads a flag or a class. Pure; never runs a regex.
import type { CharClass, RustNode, RustSequence } from './rust-regex-ast.js';
import { RustRegexError, type RustRegexErrorKind } from './rust-regex-error.js';
import { parseRustRegex } from './rust-regex-parser.js';
import { boundaryToRe2 } from './rust-word-boundary.js';

export type RustTranslation = { readonly ok: true; readonly re2: string } | { readonly ok: false; readonly kind: RustRegexErrorKind; readonly error: string };

/** RE2 refuses larger repetition counts. */
const MAX_RE2_REPEAT = 1000;
/** A translation longer than this is refused (Unicode `\w` alone is about 16 KB of ranges). */
export const MAX_TRANSLATED_LENGTH = 1 << 20;

export function translateRustRegex(pattern: string): RustTranslation {
  try {
    const re2 = alternatives(parseRustRegex(pattern), true, true);
    if (re2.length > MAX_TRANSLATED_LENGTH) {
      return {
        ok: false,
        kind: 'unsupported',
        error: `the pattern is too large once translated (${re2.length} characters, over ${MAX_TRANSLATED_LENGTH}): Unicode \`\\w\`, \`\\d\`, \`\\s\` and word boundaries are written out as explicit code-point ranges; use fewer of them or their ASCII forms (\`(?-u:\\w)\`)`,
      };
    }
    return { ok: true, re2 };
  } catch (error) {
    if (error instanceof RustRegexError) return { ok: false, kind: error.kind, error: error.message };
    throw error;
  }
}

function alternatives(list: readonly RustSequence[], atStart: boolean, atEnd: boolean): string {
  return list.map((sequence) => sequence.map((_node, index) => nodeToRe2(sequence, index, atStart && index === 0, atEnd && index === sequence.length - 1)).join('')).join('|');
}

function nodeToRe2(sequence: RustSequence, index: number, atStart: boolean, atEnd: boolean): string {
  const node = sequence[index]!;
  switch (node.kind) {
    case 'chars':
      return classToRe2(node.chars);
    case 'anchor':
      return node.re2;
    case 'boundary':
      return boundaryToRe2(sequence, index, index === 0 && atStart, index === sequence.length - 1 && atEnd);
    case 'group':
      return `(?:${alternatives(node.alternatives, atStart, atEnd)})`;
    case 'repeat':
      return `(?:${nodeToRe2([node.node], 0, false, false)})${quantifier(node)}`;
  }
}

function quantifier(node: Extract<RustNode, { kind: 'repeat' }>): string {
  const { min, max } = node;
  if (min > MAX_RE2_REPEAT || (max ?? 0) > MAX_RE2_REPEAT) {
    throw new RustRegexError('unsupported', `the repetition \`${node.written.trim()}\`: RE2 allows counts up to ${MAX_RE2_REPEAT}`);
  }
  if (max === undefined) return min === 0 ? '*' : min === 1 ? '+' : `{${min},}`;
  if (min === 0 && max === 1) return '?';
  return min === max ? `{${min}}` : `{${min},${max}}`;
}

function classToRe2(chars: CharClass): string {
  const { set, properties, negated } = chars;
  if (properties.length === 0) {
    const [only] = set.ranges;
    if (only !== undefined && set.ranges.length === 1 && only[0] === only[1]) return literal(only[0]);
    return set.toRe2Class();
  }
  const ranges = set.toRe2Class().slice(1, -1);
  return `[${negated ? '^' : ''}${set.ranges.length === 0 ? '' : ranges}${properties.map((p) => `\\${p.negated ? 'P' : 'p'}{${p.name}}`).join('')}]`;
}

function literal(codePoint: number): string {
  return /^[A-Za-z0-9_]$/.test(String.fromCodePoint(codePoint)) ? String.fromCodePoint(codePoint) : `\\x{${codePoint.toString(16)}}`;
}
