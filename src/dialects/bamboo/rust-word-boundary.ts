// Word boundaries (`\b`, `\B`, `\<`, `\>`, `\b{start}`, `\b{end}`, `\b{start-half}`, `\b{end-half}`) in RE2 syntax
// without look-around: exact where the characters on each side are known to be word or non-word characters (a
// literal, a class or an anchor next to it) or can be consumed (at the pattern's ends, as `is_match` only asks
// whether a match exists). Elsewhere it refuses, naming the construct. Reads nodes; parses nothing.
import type { CodePointSet } from '../../matching/code-point-set.js';
import type { BoundaryVariant, CharClass, RustNode, RustSequence } from './rust-regex-ast.js';
import { ASCII_WORD, intersect, isSubset, UNICODE_WORD } from './rust-char-sets.js';
import { unsupported } from './rust-regex-error.js';

type Kind = 'word' | 'other';
/** What is on one side of the boundary: consumable (a pattern end), or a character of known kinds. */
type Side = { readonly consume: true } | { readonly consume: false; readonly kinds: ReadonlySet<Kind> };

const CONSUME: Side = { consume: true };
const OTHER: Side = { consume: false, kinds: new Set<Kind>(['other']) };
const NEVER = '[^\\x{0}-\\x{10ffff}]';

/** Whether the variant holds between a character of kind `left` and one of kind `right` (the text's ends count as `other`). */
function holds(variant: BoundaryVariant, left: Kind, right: Kind): boolean {
  switch (variant) {
    case 'b':
      return left !== right;
    case 'B':
      return left === right;
    case 'start':
      return left === 'other' && right === 'word';
    case 'end':
      return left === 'word' && right === 'other';
    case 'start-half':
      return left === 'other';
    case 'end-half':
      return right === 'other';
  }
}

const classCache = new Map<CodePointSet, { word: string; other: string }>();

function classes(word: CodePointSet): { word: string; other: string } {
  let cached = classCache.get(word);
  if (cached === undefined) {
    cached = { word: word.toRe2Class(), other: word.complement().toRe2Class() };
    classCache.set(word, cached);
  }
  return cached;
}

/** The boundary at `sequence[index]`; `atStart`/`atEnd`: the sequence begins/ends where the whole pattern does. */
export function boundaryToRe2(sequence: RustSequence, index: number, atStart: boolean, atEnd: boolean): string {
  const node = sequence[index];
  if (node?.kind !== 'boundary') throw new Error('boundaryToRe2 needs a boundary node');
  if (node.ascii && (node.variant === 'b' || node.variant === 'B')) return `\\${node.variant}`; // RE2's are ASCII
  const word = node.ascii ? ASCII_WORD : UNICODE_WORD;
  const left = index === 0 ? (atStart ? CONSUME : undefined) : sideOf(sequence[index - 1]!, 'last', word);
  const right = index === sequence.length - 1 ? (atEnd ? CONSUME : undefined) : sideOf(sequence[index + 1]!, 'first', word);
  if (left === undefined || right === undefined) throw refusal(node.written);
  const text = classes(word);
  const pieces: string[] = [];
  for (const leftChoice of left.consume ? (['word', 'other'] as const) : [undefined]) {
    for (const rightChoice of right.consume ? (['word', 'other'] as const) : [undefined]) {
      const lefts = leftChoice !== undefined ? [leftChoice] : [...(left as { kinds: ReadonlySet<Kind> }).kinds];
      const rights = rightChoice !== undefined ? [rightChoice] : [...(right as { kinds: ReadonlySet<Kind> }).kinds];
      const truths = new Set(lefts.flatMap((l) => rights.map((r) => holds(node.variant, l, r))));
      if (truths.size > 1) throw refusal(node.written);
      if (!truths.has(true)) continue;
      const before = leftChoice === undefined ? '' : leftChoice === 'word' ? text.word : `(?:\\A|${text.other})`;
      const after = rightChoice === undefined ? '' : rightChoice === 'word' ? text.word : `(?:${text.other}|\\z)`;
      pieces.push(before + after);
    }
  }
  if (pieces.length === 0) return NEVER;
  if (pieces.includes('')) return '';
  return `(?:${pieces.join('|')})`;
}

function refusal(written: string) {
  return unsupported(
    `the word boundary \`${written}\` here: RE2 has no Unicode or start/end word boundaries, and hookd translates one only ` +
      'where the characters on both sides are known to be word or non-word characters (next to a literal, a class, ' +
      '`^`/`$`, or at the start or end of the pattern)' +
      (written === '\\b' || written === '\\B' ? `; \`(?-u:${written})\` is the ASCII one, which RE2 has` : ''),
  );
}

/** The kinds of the character a node ends (`last`) or begins (`first`) with, if certain. */
function sideOf(node: RustNode, end: 'first' | 'last', word: CodePointSet): Side | undefined {
  switch (node.kind) {
    case 'anchor':
      return (end === 'last' && node.side === 'start') || (end === 'first' && node.side === 'end') ? OTHER : undefined;
    case 'chars': {
      const kind = kindOf(node.chars, word);
      return kind === undefined ? undefined : { consume: false, kinds: new Set([kind]) };
    }
    case 'repeat':
      return node.min >= 1 ? sideOf(node.node, end, word) : undefined;
    case 'group': {
      const kinds = new Set<Kind>();
      for (const alternative of node.alternatives) {
        const edge = end === 'first' ? alternative[0] : alternative[alternative.length - 1];
        const side = edge === undefined ? undefined : sideOf(edge, end, word);
        if (side === undefined || side.consume) return undefined;
        for (const kind of side.kinds) kinds.add(kind);
      }
      return kinds.size === 0 ? undefined : { consume: false, kinds };
    }
    case 'boundary':
      return undefined;
  }
}

function kindOf(chars: CharClass, word: CodePointSet): Kind | undefined {
  if (chars.properties.length > 0 || chars.negated) return undefined;
  if (isSubset(chars.set, word)) return 'word';
  if (intersect(chars.set, word).ranges.length === 0) return 'other';
  return undefined;
}
