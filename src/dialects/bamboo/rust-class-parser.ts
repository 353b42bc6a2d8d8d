// Reads a Rust bracketed class (`[a-z]`, `[^...]`, nested `[a[bc]]`, `[[:alpha:]]`, set operations `&&` `--` `~~`)
// into one exact CharClass, following regex-syntax's grammar: ranges bind tightest, then union, then the operators,
// left to right; under `(?i)` each operand is case-folded before its operation. Emits nothing.
import { CodePointSet } from '../../matching/code-point-set.js';
import type { CharClass, RustFlags } from './rust-regex-ast.js';
import { caseFold, intersect, minus, POSIX_CLASSES, symmetricDifference } from './rust-char-sets.js';
import type { RustRegexCursor } from './rust-regex-cursor.js';
import { invalid, unsupported } from './rust-regex-error.js';
import { plainClass, readEscape } from './rust-regex-escape.js';

type SetOperator = '&&' | '--' | '~~';

const EMPTY = plainClass(CodePointSet.of());

/** How deep classes may nest inside each other (as groups: regex-syntax's default nest limit is 250). */
const MAX_CLASS_NESTING = 250;

/** After the opening `[` (at `start`); `depth` 1 for a class that is not inside another. */
export function readBracketedClass(cursor: RustRegexCursor, flags: RustFlags, start: number, depth = 1): CharClass {
  if (depth > MAX_CLASS_NESTING) throw invalid(`classes nest deeper than ${MAX_CLASS_NESTING} levels`);
  cursor.skipSpace(flags.x);
  const negated = cursor.eat('^');
  cursor.skipSpace(flags.x);
  let current = EMPTY;
  let leading = false;
  while (cursor.peek() === '-') {
    cursor.next();
    current = union(current, literal(0x2d));
    leading = true;
    cursor.skipSpace(flags.x);
  }
  if (!leading && cursor.peek() === ']') {
    cursor.next();
    current = literal(0x5d);
  }
  let left: CharClass | undefined;
  let operator: SetOperator | undefined;
  for (;;) {
    cursor.skipSpace(flags.x);
    const char = cursor.peek();
    if (char === undefined) throw invalid(`unclosed character class \`${cursor.since(start)}\``);
    if (char === ']') {
      cursor.next();
      break;
    }
    if (char === '[') {
      const at = cursor.position;
      cursor.next();
      current = union(current, readPosixClass(cursor, flags) ?? readBracketedClass(cursor, flags, at, depth + 1));
      continue;
    }
    const pair = `${char}${cursor.peek(1) ?? ''}`;
    if (pair === '&&' || pair === '--' || pair === '~~') {
      cursor.next();
      cursor.next();
      left = operator === undefined ? current : applyOperator(operator, left!, current, flags);
      operator = pair;
      current = EMPTY;
      continue;
    }
    current = union(current, readRange(cursor, flags));
  }
  let body = operator === undefined ? current : applyOperator(operator, left!, current, flags);
  if (flags.i) body = folded(body, flags);
  return negated ? complement(body) : body;
}

function literal(codePoint: number): CharClass {
  return plainClass(CodePointSet.of(codePoint));
}

/**
 * `[:alpha:]` or `[:^alpha:]` after a `[` inside a class; undefined (cursor unmoved) if it is not one. Like Rust,
 * `(?i)` folds it before negating: `(?i)[[:^lower:]]` excludes `A-Z` too.
 */
function readPosixClass(cursor: RustRegexCursor, flags: RustFlags): CharClass | undefined {
  const at = cursor.position;
  if (cursor.eat(':')) {
    const negated = cursor.eat('^');
    let name = '';
    while (/^[a-z]$/.test(cursor.peek() ?? '')) name += cursor.next();
    const set = POSIX_CLASSES[name];
    if (set !== undefined && cursor.eat(':') && cursor.eat(']')) {
      const folded = flags.i ? caseFold(set, !flags.u) : set;
      return plainClass(negated ? folded.complement() : folded);
    }
  }
  cursor.position = at;
  return undefined;
}

/** A single item or a range `a-z` (regex-syntax's parse_set_class_range). */
function readRange(cursor: RustRegexCursor, flags: RustFlags): CharClass {
  const first = readItem(cursor, flags);
  cursor.skipSpace(flags.x);
  const after = cursor.peekPastSpace(flags.x, 1);
  if (cursor.peek() !== '-' || after === ']' || after === '-') return first.kind === 'char' ? literal(first.codePoint) : first.chars;
  cursor.next();
  cursor.skipSpace(flags.x);
  const last = readItem(cursor, flags);
  if (first.kind !== 'char' || last.kind !== 'char') throw invalid('invalid range boundary, must be a literal');
  if (first.codePoint > last.codePoint) throw invalid('invalid character class range, the start must be <= the end');
  return plainClass(CodePointSet.of([first.codePoint, last.codePoint]));
}

type Item = { readonly kind: 'char'; readonly codePoint: number } | { readonly kind: 'class'; readonly chars: CharClass };

function readItem(cursor: RustRegexCursor, flags: RustFlags): Item {
  const at = cursor.position;
  const char = cursor.next('a character class');
  if (char !== '\\') return { kind: 'char', codePoint: char.codePointAt(0)! };
  const escape = readEscape(cursor, flags, true, at);
  if (escape.kind === 'assertion') throw invalid('invalid escape sequence found in character class');
  return escape;
}

/** Without Unicode classes, a negation folds into the set; `[^\p{X}]` becomes `\P{X}`. */
function normalized(chars: CharClass): CharClass {
  if (!chars.negated) return chars;
  if (chars.properties.length === 0) return plainClass(chars.set.complement());
  const [only] = chars.properties;
  if (only !== undefined && chars.properties.length === 1 && chars.set.ranges.length === 0) {
    return { set: chars.set, properties: [{ name: only.name, negated: !only.negated }], negated: false };
  }
  return chars;
}

function complement(chars: CharClass): CharClass {
  return normalized({ ...chars, negated: !chars.negated });
}

function union(a: CharClass, b: CharClass): CharClass {
  if (a.negated || b.negated) {
    throw unsupported('a negated class with a Unicode class inside another class (e.g. `[a[^\\p{Greek}b]]`): re2js has no way to write it');
  }
  return { set: a.set.union(b.set), properties: [...a.properties, ...b.properties], negated: false };
}

function folded(chars: CharClass, flags: RustFlags): CharClass {
  return { ...chars, set: caseFold(chars.set, !flags.u) };
}

function applyOperator(operator: SetOperator, left: CharClass, right: CharClass, flags: RustFlags): CharClass {
  if (left.properties.length > 0 || right.properties.length > 0) {
    throw unsupported(`the class set operation \`${operator}\` on a Unicode class (\`\\p{...}\`): its result cannot be computed exactly`);
  }
  const a = flags.i ? caseFold(left.set, !flags.u) : left.set;
  const b = flags.i ? caseFold(right.set, !flags.u) : right.set;
  const set = operator === '&&' ? intersect(a, b) : operator === '--' ? minus(a, b) : symmetricDifference(a, b);
  return plainClass(set);
}
