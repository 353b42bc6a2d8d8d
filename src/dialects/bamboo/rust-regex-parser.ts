// Parses a Rust `regex` pattern into RustNodes, following regex-syntax 0.8's grammar: alternation, groups (captures,
// names, `(?flags)` scoped to the rest of their group, `(?flags:...)`), repetitions, escapes, classes and verbose
// mode. Rust syntax errors and constructs hookd cannot run exactly are thrown as RustRegexError; emits no RE2.
import { CodePointSet } from '../../matching/code-point-set.js';
import { DEFAULT_FLAGS, type CharClass, type RustFlags, type RustNode, type RustSequence } from './rust-regex-ast.js';
import { ASCII, caseFold, isSubset } from './rust-char-sets.js';
import { readBracketedClass } from './rust-class-parser.js';
import { RustRegexCursor } from './rust-regex-cursor.js';
import { invalid, unsupported } from './rust-regex-error.js';
import { plainClass, readEscape } from './rust-regex-escape.js';

/** How deep groups and classes may nest (regex-syntax's default nest limit is 250). */
const MAX_NESTING = 250;

/** The top-level alternatives of `pattern`. */
export function parseRustRegex(pattern: string): readonly RustSequence[] {
  return new Parser(pattern).parse();
}

type FlagName = keyof RustFlags;
const FLAG_NAMES = new Set<string>(['i', 'm', 's', 'U', 'u', 'x', 'R']);

class Parser {
  readonly #cursor: RustRegexCursor;
  readonly #names = new Set<string>();

  constructor(pattern: string) {
    this.#cursor = new RustRegexCursor(pattern);
  }

  parse(): readonly RustSequence[] {
    return this.#body(DEFAULT_FLAGS, 0);
  }

  /** A group's content (depth 0: the whole pattern) up to and including its `)`. */
  #body(initial: RustFlags, depth: number): readonly RustSequence[] {
    if (depth > MAX_NESTING) throw invalid(`groups nest deeper than ${MAX_NESTING} levels`);
    const cursor = this.#cursor;
    let flags = initial;
    const alternatives: RustSequence[] = [];
    let sequence: RustNode[] = [];
    /** False right after `(?flags)` or at the start of an alternative: a repetition there has nothing to repeat. */
    let repeatable = false;
    for (;;) {
      cursor.skipSpace(flags.x);
      const at = cursor.position;
      const char = cursor.peek();
      if (char === undefined) {
        if (depth > 0) throw invalid('unclosed group');
        break;
      }
      if (char === ')') {
        if (depth === 0) throw invalid('unopened group');
        cursor.next();
        break;
      }
      if (char === '|') {
        cursor.next();
        alternatives.push(sequence);
        sequence = [];
        repeatable = false;
        continue;
      }
      if (char === '*' || char === '+' || char === '?' || char === '{') {
        const last = sequence.pop();
        if (last === undefined || !repeatable) throw invalid('repetition operator missing expression');
        sequence.push(this.#repetition(last, flags, at));
        continue;
      }
      repeatable = true;
      cursor.next();
      if (char === '(') {
        const group = this.#group(flags, depth);
        if ('setFlags' in group) {
          flags = group.setFlags;
          repeatable = false;
        } else {
          sequence.push(group.node);
        }
        continue;
      }
      sequence.push(this.#primitive(char, flags, at));
    }
    alternatives.push(sequence);
    return alternatives;
  }

  #primitive(char: string, flags: RustFlags, at: number): RustNode {
    switch (char) {
      case '.':
        return chars(flags.s ? CodePointSet.of([0, 0x10ffff]) : flags.R ? CodePointSet.of(0x0a, 0x0d).complement() : CodePointSet.of(0x0a).complement(), flags, '.');
      case '^':
        return { kind: 'anchor', re2: flags.m ? multiLine('^', flags) : '\\A', side: 'start' };
      case '$':
        return { kind: 'anchor', re2: flags.m ? multiLine('$', flags) : '\\z', side: 'end' };
      case '[': {
        const chars = readBracketedClass(this.#cursor, flags, at);
        return charsNode(chars, flags, this.#cursor.since(at));
      }
      case '\\': {
        const escape = readEscape(this.#cursor, flags, false, at);
        if (escape.kind === 'assertion') return escape.node;
        if (escape.kind === 'class') return charsNode(escape.chars, flags, this.#cursor.since(at));
        return literal(escape.codePoint, flags);
      }
      default:
        return literal(char.codePointAt(0)!, flags);
    }
  }

  #repetition(node: RustNode, flags: RustFlags, at: number): RustNode {
    const cursor = this.#cursor;
    const operator = cursor.next();
    let min: number;
    let max: number | undefined;
    if (operator === '{') {
      cursor.skipSpace(flags.x);
      min = this.#decimal(flags);
      max = min;
      if (cursor.eat(',')) {
        cursor.skipSpace(flags.x);
        max = cursor.peek() === '}' ? undefined : this.#decimal(flags);
      }
      if (!cursor.eat('}')) throw invalid(`unclosed counted repetition \`${cursor.since(at)}\``);
      cursor.skipSpace(flags.x);
      if (max !== undefined && min > max) throw invalid('invalid repetition count range, the start must be <= the end');
    } else {
      min = operator === '+' ? 1 : 0;
      max = operator === '?' ? 1 : undefined;
    }
    cursor.eat('?'); // lazy: `is_match` gives the same answer
    return { kind: 'repeat', node, min, max, written: cursor.since(at) };
  }

  /** regex-syntax's parse_decimal: digits, spaces around them skipped even outside verbose mode. */
  #decimal(flags: RustFlags): number {
    const cursor = this.#cursor;
    const isSpace = (char: string | undefined) => char !== undefined && /^\s$/u.test(char);
    while (isSpace(cursor.peek())) cursor.next();
    let digits = '';
    while (/^[0-9]$/.test(cursor.peek() ?? '')) {
      digits += cursor.next();
      cursor.skipSpace(flags.x);
    }
    while (isSpace(cursor.peek())) {
      cursor.next();
      cursor.skipSpace(flags.x);
    }
    if (digits === '') throw invalid('repetition quantifier expects a valid decimal');
    const value = Number(digits);
    if (value > 0xffff_ffff) throw invalid('repetition count is not a valid 32-bit number');
    return value;
  }

  /** After `(`: a group node, or the flags that `(?flags)` sets for the rest of the enclosing group. */
  #group(flags: RustFlags, depth: number): { readonly node: RustNode } | { readonly setFlags: RustFlags } {
    const cursor = this.#cursor;
    cursor.skipSpace(flags.x);
    const head = `${cursor.peek() ?? ''}${cursor.peek(1) ?? ''}${cursor.peek(2) ?? ''}`;
    if (head.startsWith('?=') || head.startsWith('?!') || head === '?<=' || head === '?<!') {
      throw invalid(`look-around, including look-ahead and look-behind, is not supported: \`(${head.startsWith('?<') ? head : head.slice(0, 2)}\``);
    }
    if (head === '?P<' || head.startsWith('?<')) {
      cursor.next();
      if (cursor.peek() === 'P') cursor.next();
      cursor.next();
      this.#captureName();
    } else if (cursor.eat('?')) {
      const inner = this.#flags(flags);
      if (cursor.next() === ')') return { setFlags: inner };
      return { node: { kind: 'group', alternatives: this.#body(inner, depth + 1) } };
    }
    return { node: { kind: 'group', alternatives: this.#body(flags, depth + 1) } };
  }

  #captureName(): void {
    const cursor = this.#cursor;
    let name = '';
    for (;;) {
      const char = cursor.next('a capture group name');
      if (char === '>') break;
      const ok = name === '' ? char === '_' || /^\p{Alphabetic}$/u.test(char) : /^[_.[\]\p{Alphabetic}\p{N}]$/u.test(char);
      if (!ok) throw invalid('invalid capture group character');
      name += char;
    }
    if (name === '') throw invalid('empty capture group name');
    if (this.#names.has(name)) throw invalid(`duplicate capture group name \`${name}\``);
    this.#names.add(name);
  }

  /** After `(?`: flag letters up to (not including) `:` or `)`. */
  #flags(outer: RustFlags): RustFlags {
    const cursor = this.#cursor;
    const next: { -readonly [K in FlagName]: boolean } = { ...outer };
    const seen = new Set<string>();
    let negate = false;
    let danglingNegation = false;
    let any = false;
    for (;;) {
      const char = cursor.peek();
      if (char === undefined) throw invalid('expected flag but got end of regex');
      if (char === ':' || char === ')') break;
      cursor.next();
      if (char === '-') {
        if (negate) throw invalid('repeated negation in flags');
        negate = true;
        danglingNegation = true;
        continue;
      }
      if (!FLAG_NAMES.has(char)) throw invalid(`unrecognized flag \`${char}\``);
      if (seen.has(char)) throw invalid(`duplicate flag \`${char}\``);
      seen.add(char);
      next[char as FlagName] = !negate;
      danglingNegation = false;
      any = true;
    }
    if (danglingNegation) throw invalid('dangling flag negation operator');
    if (!any && !negate && cursor.peek() === ')') throw invalid('repetition operator missing expression');
    return next;
  }
}

/** `^`/`$` under `(?m)`; with `(?R)` too, Rust's CRLF-aware line anchors, which RE2 lacks. */
function multiLine(anchor: '^' | '$', flags: RustFlags): string {
  if (flags.R) throw unsupported(`the multi-line anchor \`${anchor}\` in CRLF mode (\`(?mR)\`): RE2 has no CRLF-aware line anchors`);
  return `(?m:${anchor})`;
}

function literal(codePoint: number, flags: RustFlags): RustNode {
  const set = CodePointSet.of(codePoint);
  return { kind: 'chars', chars: plainClass(flags.i ? caseFold(set, !flags.u) : set) };
}

/** `.`, `\w`, `[...]`: under `(?-u)` Rust refuses any that reaches beyond ASCII (it could match invalid UTF-8). */
function charsNode(chars: CharClass, flags: RustFlags, written: string): RustNode {
  if (!flags.u && (chars.properties.length > 0 || chars.negated || !isSubset(chars.set, ASCII))) {
    throw invalid(`pattern can match invalid UTF-8: \`${written}\` reaches beyond ASCII with Unicode mode off (\`(?-u)\`)`);
  }
  return { kind: 'chars', chars }; // bracketed classes come folded; `.` and `\d \s \w` are closed under case folding
}

function chars(set: CodePointSet, flags: RustFlags, written: string): RustNode {
  return charsNode(plainClass(set), flags, written);
}
