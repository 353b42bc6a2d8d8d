// Reads one Rust escape after its `\`: a character (`\x{..}`, `\n`, `\.`), a class (`\d`, `\w`, `\p{Greek}`, exact
// per the flags) or, outside classes, an assertion. Knows Rust's escape rules; not groups, classes or repetition.
import { CodePointSet } from '../../matching/code-point-set.js';
import type { BoundaryVariant, CharClass, RustFlags, RustNode } from './rust-regex-ast.js';
import { ASCII_DIGIT, ASCII_SPACE, ASCII_WORD, UNICODE_DIGIT, UNICODE_SPACE, UNICODE_WORD } from './rust-char-sets.js';
import type { RustRegexCursor } from './rust-regex-cursor.js';
import { invalid, unsupported } from './rust-regex-error.js';
import { exactProperty } from './rust-unicode-properties.js';

export type Escape =
  | { readonly kind: 'char'; readonly codePoint: number }
  | { readonly kind: 'class'; readonly chars: CharClass }
  | { readonly kind: 'assertion'; readonly node: RustNode };

const CONTROL: Readonly<Record<string, number>> = { a: 0x07, f: 0x0c, t: 0x09, n: 0x0a, r: 0x0d, v: 0x0b };
const BOUNDARY_NAMES: Readonly<Record<string, BoundaryVariant>> = { start: 'start', end: 'end', 'start-half': 'start-half', 'end-half': 'end-half' };

export const plainClass = (set: CodePointSet): CharClass => ({ set, properties: [], negated: false });

/** Rust's `is_escapeable_character`: ASCII that is not a letter, digit, `<` or `>`. */
function escapable(char: string): boolean {
  return char.length === 1 && char.charCodeAt(0) < 0x80 && !/^[0-9A-Za-z<>]$/.test(char);
}

/** After a `\` (the cursor is past it). `start` is where the `\` was, for messages. */
export function readEscape(cursor: RustRegexCursor, flags: RustFlags, inClass: boolean, start: number): Escape {
  const char = cursor.next('an escape');
  const control = CONTROL[char];
  if (control !== undefined) return { kind: 'char', codePoint: control };
  if (escapable(char)) return { kind: 'char', codePoint: char.codePointAt(0)! };
  switch (char) {
    case 'x':
      return { kind: 'char', codePoint: readHex(cursor, flags, 2) };
    case 'u':
      return { kind: 'char', codePoint: readHex(cursor, flags, 4) };
    case 'U':
      return { kind: 'char', codePoint: readHex(cursor, flags, 8) };
    case 'd':
    case 'D':
    case 's':
    case 'S':
    case 'w':
    case 'W':
      return { kind: 'class', chars: perlClass(char, flags) };
    case 'p':
    case 'P':
      return { kind: 'class', chars: propertyClass(cursor, flags, char === 'P', start) };
  }
  if (/^[0-9]$/.test(char)) throw invalid('backreferences are not supported');
  const assertion = readAssertion(cursor, flags, char, start);
  if (assertion === undefined) throw invalid(`unrecognized escape sequence \`\\${char}\``);
  if (inClass) throw invalid(`invalid escape sequence found in character class: \`${cursor.since(start)}\``);
  return { kind: 'assertion', node: assertion };
}

function readAssertion(cursor: RustRegexCursor, flags: RustFlags, char: string, start: number): RustNode | undefined {
  const ascii = !flags.u;
  switch (char) {
    case 'A':
      return { kind: 'anchor', re2: '\\A', side: 'start' };
    case 'z':
      return { kind: 'anchor', re2: '\\z', side: 'end' };
    case 'B':
      return { kind: 'boundary', variant: 'B', ascii, written: '\\B' };
    case '<':
      return { kind: 'boundary', variant: 'start', ascii, written: '\\<' };
    case '>':
      return { kind: 'boundary', variant: 'end', ascii, written: '\\>' };
    case 'b': {
      const variant = readSpecialBoundary(cursor, flags);
      return { kind: 'boundary', variant: variant ?? 'b', ascii, written: cursor.since(start) };
    }
    default:
      return undefined;
  }
}

/** `\b{start}` and friends. Like Rust: only a `{` followed by a letter or `-` starts one; else `{` is a repetition. */
function readSpecialBoundary(cursor: RustRegexCursor, flags: RustFlags): BoundaryVariant | undefined {
  if (cursor.peek() !== '{') return undefined;
  const first = cursor.peekPastSpace(flags.x, 1);
  if (first === undefined || !/^[A-Za-z-]$/.test(first)) return undefined;
  cursor.next();
  let name = '';
  for (;;) {
    cursor.skipSpace(flags.x);
    const char = cursor.next('a special word boundary');
    if (char === '}') break;
    if (!/^[A-Za-z-]$/.test(char)) throw invalid(`invalid character in special word boundary: \`${char}\``);
    name += char;
  }
  const variant = BOUNDARY_NAMES[name];
  if (variant === undefined) throw invalid(`unrecognized special word boundary assertion \`\\b{${name}}\`, valid choices are: start, end, start-half or end-half`);
  return variant;
}

/** `\x41`, `\x{1F600}` and the `\u`/`\U` forms: `digits` fixed digits or a braced value (verbose mode skips spaces in it). */
function readHex(cursor: RustRegexCursor, flags: RustFlags, digits: number): number {
  let text = '';
  if (cursor.eat('{')) {
    for (;;) {
      cursor.skipSpace(flags.x);
      const char = cursor.next('a hexadecimal escape');
      if (char === '}') break;
      text += char;
    }
    if (text === '') throw invalid('hexadecimal literal empty');
    if (text.length > 8) throw invalid('hexadecimal literal is too long');
  } else {
    for (let i = 0; i < digits; i++) text += cursor.next('a hexadecimal escape');
  }
  if (!/^[0-9A-Fa-f]+$/.test(text)) throw invalid(`invalid hexadecimal digit in \`${text}\``);
  const codePoint = Number.parseInt(text, 16);
  if (codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) throw invalid('hexadecimal literal is not a Unicode scalar value');
  return codePoint;
}

/** `\d \s \w` and negations: Unicode (regex-syntax's tables) by default, ASCII under `(?-u)`. */
function perlClass(letter: string, flags: RustFlags): CharClass {
  const lower = letter.toLowerCase();
  const set = lower === 'd' ? (flags.u ? UNICODE_DIGIT : ASCII_DIGIT) : lower === 's' ? (flags.u ? UNICODE_SPACE : ASCII_SPACE) : flags.u ? UNICODE_WORD : ASCII_WORD;
  return plainClass(letter === lower ? set : set.complement());
}

/** `\pL`, `\p{Greek}`, `\P{...}`, `\p{^...}`, `\p{sc=...}`: only the properties re2js has with Rust's code points. */
function propertyClass(cursor: RustRegexCursor, flags: RustFlags, negatedEscape: boolean, start: number): CharClass {
  let written: string;
  if (cursor.peekPastSpace(flags.x) === '{') {
    cursor.skipSpace(flags.x);
    cursor.next();
    written = '';
    for (;;) {
      const char = cursor.next('a Unicode class');
      if (char === '}') break;
      written += char;
    }
  } else {
    cursor.skipSpace(flags.x);
    written = cursor.next('a Unicode class');
  }
  const construct = `\`${cursor.since(start)}\``;
  if (!flags.u) throw invalid(`Unicode classes are not allowed when Unicode mode is off (\`(?-u)\`): ${construct}`);
  const property = exactProperty(written.trim());
  if ('unknown' in property) {
    throw unsupported(
      `the Unicode class ${construct}: it is not one that re2js has with the code points Rust's regex gives it ` +
        '(their Unicode versions differ, 17 and 16); write the characters out instead, e.g. `[\\x{370}-\\x{3ff}]`',
    );
  }
  if (flags.i) throw unsupported(`a Unicode class under \`(?i)\` (${construct}): its case folding cannot be computed exactly`);
  return { set: CodePointSet.of(), properties: [{ name: property.name, negated: property.negated !== negatedEscape }], negated: false };
}
