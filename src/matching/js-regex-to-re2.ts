// Rewrites a JavaScript regex (already accepted by `new RegExp(p, 'u')`, or by `new RegExp(p)` in `annex-b` mode) into
// RE2 syntax that tests the same strings, or says which construct only a backtracking engine can run. Pure; never runs a regex.
// Hand-written because re2js's own translateRegExp keeps `.`, `\s` and classes in RE2's meaning, not JavaScript's.
import { CodePointSet, JS_DIGIT, JS_DOT, JS_WHITESPACE, JS_WORD, NO_CODE_POINTS } from './code-point-set.js';

export type Re2Translation = { readonly ok: true; readonly re2: string } | { readonly ok: false; readonly reason: string };

/**
 * `unicode`: the pattern means what `new RegExp(p, 'u')` means (code points, strict escapes).
 * `annex-b`: what `new RegExp(p)` means (no flags): the pattern is a sequence of UTF-16 code units and the web-compat
 * grammar of ECMA-262 Annex B applies (`\-`, `\_` are identity escapes, a `{` that is no quantifier, `}` and `]` are
 * literals, `\c` without a letter is a backslash, `\u{...}` is `u` repeated, `\p` is `p`). The translation is exact only on
 * targets without surrogate code units (there a code unit and a code point are the same); the caller tests other targets
 * with JavaScript itself. A pattern with a surrogate code unit, a backreference or a legacy octal escape is not translated.
 */
export type RegexMode = 'unicode' | 'annex-b';

/** RE2 refuses larger repetition counts. */
const MAX_RE2_REPEAT = 1000;

class Untranslatable extends Error {}

/**
 * Only the constructs whose meaning is certain in both engines are translated: literals (every one written as
 * `\x{...}` unless alphanumeric), `.`/`\s`/`\w`/`\d` and classes as explicit code-point classes, `^`/`$` as
 * `\A`/`\z`, `\b`/`\B` (ASCII in both), groups (captures do not change what `test` answers), quantifiers.
 * Lookaround, backreferences, `\p{...}` (Unicode versions differ), inline modifiers and anything unexpected are
 * reported instead.
 */
export function translateJsRegex(pattern: string, mode: RegexMode = 'unicode'): Re2Translation {
  if (mode === 'annex-b' && /[\uD800-\uDFFF]/.test(pattern)) return { ok: false, reason: 'a character outside the Basic Multilingual Plane (two code units without the u flag)' };
  const parser = new Parser(mode === 'annex-b' ? pattern.split('') : Array.from(pattern), mode, /\(\?<[^=!]/.test(pattern));
  try {
    const re2 = parser.disjunction();
    if (!parser.atEnd()) throw new Untranslatable(`an unexpected \`${parser.peek() ?? ''}\``);
    return { ok: true, re2 };
  } catch (error) {
    if (error instanceof Untranslatable) return { ok: false, reason: error.message };
    throw error;
  }
}

type ClassAtom = { readonly kind: 'char'; readonly codePoint: number } | { readonly kind: 'set'; readonly set: CodePointSet };

const SYNTAX_CHARACTERS = '^$\\.*+?()[]{}|/';
const CONTROL_ESCAPES: Readonly<Record<string, number>> = { f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b };
const CLASS_ESCAPES: Readonly<Record<string, CodePointSet>> = {
  d: JS_DIGIT,
  D: JS_DIGIT.complement(),
  s: JS_WHITESPACE,
  S: JS_WHITESPACE.complement(),
  w: JS_WORD,
  W: JS_WORD.complement(),
};

class Parser {
  #at = 0;

  constructor(
    private readonly chars: readonly string[],
    private readonly mode: RegexMode = 'unicode',
    /** The pattern has a named group: `\k` is then a named backreference even without the u flag. */
    private readonly namedGroups = false,
  ) {}

  get #annexB(): boolean {
    return this.mode === 'annex-b';
  }

  atEnd(): boolean {
    return this.#at >= this.chars.length;
  }

  peek(offset = 0): string | undefined {
    return this.chars[this.#at + offset];
  }

  #next(): string {
    const char = this.chars[this.#at++];
    if (char === undefined) throw new Untranslatable('an unexpected end of the pattern');
    return char;
  }

  #expect(char: string): void {
    if (this.#next() !== char) throw new Untranslatable(`a missing \`${char}\``);
  }

  disjunction(): string {
    const alternatives = [this.#alternative()];
    while (this.peek() === '|') {
      this.#at++;
      alternatives.push(this.#alternative());
    }
    return alternatives.join('|');
  }

  #alternative(): string {
    let out = '';
    while (!this.atEnd() && this.peek() !== '|' && this.peek() !== ')') out += this.#term();
    return out;
  }

  #term(): string {
    const char = this.peek();
    if (char === '^') {
      this.#at++;
      return '\\A';
    }
    if (char === '$') {
      this.#at++;
      return '\\z';
    }
    const escaped = this.peek(1);
    if (char === '\\' && (escaped === 'b' || escaped === 'B')) {
      this.#at += 2;
      return `\\${escaped}`; // ASCII word boundaries in both engines
    }
    return this.#atom() + this.#quantifier();
  }

  #atom(): string {
    const char = this.#next();
    switch (char) {
      case '.':
        return JS_DOT.toRe2Class();
      case '[':
        return this.#characterClass();
      case '(':
        return this.#group();
      case '\\':
        return this.#atomEscape();
      case '{':
      case '}':
      case ']':
        // Annex B: literal (a `{` that reads as a quantifier here is a SyntaxError, refused before translation).
        if (this.#annexB) return literal(char.codePointAt(0)!);
        throw new Untranslatable(`an unexpected \`${char}\``);
      case '*':
      case '+':
      case '?':
      case ')':
      case '|':
        throw new Untranslatable(`an unexpected \`${char}\``);
      default:
        return literal(char.codePointAt(0)!);
    }
  }

  #group(): string {
    if (this.peek() !== '?') return `(?:${this.#groupBody()}`;
    const head = this.chars.slice(this.#at, this.#at + 3).join('');
    if (head.startsWith('?:')) {
      this.#at += 2;
      return `(?:${this.#groupBody()}`;
    }
    if (head.startsWith('?=') || head.startsWith('?!')) throw new Untranslatable(`a lookahead \`(${head.slice(0, 2)}\``);
    if (head === '?<=' || head === '?<!') throw new Untranslatable(`a lookbehind \`(${head}\``);
    if (head.startsWith('?<')) {
      this.#at += 2;
      while (this.peek() !== '>') this.#next(); // a group name: it names a capture, which `test` ignores
      this.#at++;
      return `(?:${this.#groupBody()}`;
    }
    throw new Untranslatable(`the group syntax \`(${head}\``);
  }

  #groupBody(): string {
    const body = this.disjunction();
    this.#expect(')');
    return `${body})`;
  }

  #quantifier(): string {
    const char = this.peek();
    let out: string;
    if (char === '*' || char === '+' || char === '?') {
      this.#at++;
      out = char;
    } else if (char === '{' && (!this.#annexB || this.#bracedQuantifierAhead())) {
      this.#at++;
      const low = this.#count();
      let high: number | undefined = low;
      if (this.peek() === ',') {
        this.#at++;
        high = this.peek() === '}' ? undefined : this.#count();
      }
      this.#expect('}');
      out = high === low ? `{${low}}` : high === undefined ? `{${low},}` : `{${low},${high}}`;
    } else {
      return '';
    }
    if (this.peek() === '?') this.#at++; // lazy or greedy: `test` gives the same answer
    return out;
  }

  /** Annex B: `{` starts a quantifier only when `{n}`, `{n,}` or `{n,m}` follows; otherwise it is a literal. */
  #bracedQuantifierAhead(): boolean {
    const isDigit = (offset: number) => /^[0-9]$/.test(this.peek(offset) ?? '');
    let offset = 1;
    if (!isDigit(offset)) return false;
    while (isDigit(offset)) offset++;
    if (this.peek(offset) === ',') {
      offset++;
      while (isDigit(offset)) offset++;
    }
    return this.peek(offset) === '}';
  }

  #count(): number {
    let digits = '';
    while (this.peek() !== undefined && /^[0-9]$/.test(this.peek()!)) digits += this.#next();
    if (digits === '') throw new Untranslatable('a malformed repetition count');
    const count = Number(digits);
    if (count > MAX_RE2_REPEAT) throw new Untranslatable(`a repetition count over ${MAX_RE2_REPEAT} (\`${digits}\`)`);
    return count;
  }

  #atomEscape(): string {
    const char = this.peek();
    if (char !== undefined && /^[1-9]$/.test(char)) throw new Untranslatable(`a backreference \`\\${char}\``);
    if (char === 'k' && (!this.#annexB || this.namedGroups)) throw new Untranslatable('a named backreference `\\k<...>`');
    // Annex B: `\c` not followed by a letter is a literal backslash; the `c` is read as the next atom.
    if (this.#annexB && char === 'c' && !/^[A-Za-z]$/.test(this.peek(1) ?? '')) return literal(0x5c);
    const atom = this.#characterEscapeOrClass(false);
    return atom.kind === 'set' ? atom.set.toRe2Class() : literal(atom.codePoint);
  }

  #characterClass(): string {
    let negated = false;
    if (this.peek() === '^') {
      this.#at++;
      negated = true;
    }
    let set = NO_CODE_POINTS;
    while (this.peek() !== ']') {
      const first = this.#classAtom();
      if (first.kind === 'char' && this.peek() === '-' && this.peek(1) !== undefined && this.peek(1) !== ']') {
        this.#at++;
        const last = this.#classAtom();
        if (last.kind === 'set' && this.#annexB) {
          set = set.union(CodePointSet.of(first.codePoint, 0x2d)).union(last.set); // Annex B: `[a-\w]` is a, `-` and \w
          continue;
        }
        if (last.kind !== 'char' || last.codePoint < first.codePoint) throw new Untranslatable('a malformed class range');
        set = set.union(CodePointSet.of([first.codePoint, last.codePoint]));
      } else {
        set = set.union(first.kind === 'char' ? CodePointSet.of(first.codePoint) : first.set);
      }
    }
    this.#at++;
    return (negated ? set.complement() : set).toRe2Class();
  }

  #classAtom(): ClassAtom {
    const char = this.#next();
    if (char !== '\\') return { kind: 'char', codePoint: char.codePointAt(0)! };
    if (this.peek() === 'b') {
      this.#at++;
      return { kind: 'char', codePoint: 0x08 };
    }
    if (this.peek() === '-') {
      this.#at++;
      return { kind: 'char', codePoint: 0x2d };
    }
    if (this.#annexB && this.peek() === 'c') {
      const letter = this.peek(1) ?? '';
      if (/^[0-9_]$/.test(letter)) {
        this.#at += 2;
        return { kind: 'char', codePoint: letter.charCodeAt(0) % 32 }; // Annex B ClassControlLetter
      }
      if (!/^[A-Za-z]$/.test(letter)) return { kind: 'char', codePoint: 0x5c }; // a literal backslash; `c` comes next
    }
    if (this.#annexB && /^[1-9]$/.test(this.peek() ?? '')) throw new Untranslatable('an octal escape in a class');
    return this.#characterEscapeOrClass(true);
  }

  /** After a `\`: a class escape (`\d`, `\s`, `\w` and their negations) or one character. */
  #characterEscapeOrClass(inClass: boolean): ClassAtom {
    const char = this.#next();
    const set = CLASS_ESCAPES[char];
    if (set !== undefined) return { kind: 'set', set };
    const control = CONTROL_ESCAPES[char];
    if (control !== undefined) return { kind: 'char', codePoint: control };
    switch (char) {
      case 'p':
      case 'P':
        if (this.#annexB) return { kind: 'char', codePoint: char.charCodeAt(0) }; // no property escapes without u
        throw new Untranslatable(`a Unicode property escape \`\\${char}{...}\``);
      case 'c': {
        const letter = this.#next();
        if (!/^[A-Za-z]$/.test(letter)) throw new Untranslatable('a malformed `\\c` escape');
        return { kind: 'char', codePoint: letter.charCodeAt(0) % 32 };
      }
      case '0':
        if (this.peek() !== undefined && /^[0-9]$/.test(this.peek()!)) throw new Untranslatable('an octal escape');
        return { kind: 'char', codePoint: 0 };
      case 'x':
        if (this.#annexB && !this.#hexAhead(2)) return { kind: 'char', codePoint: 0x78 }; // `\x` without two hex digits is `x`
        return { kind: 'char', codePoint: this.#hexDigits(2) };
      case 'u':
        if (this.#annexB) return { kind: 'char', codePoint: this.#hexAhead(4) ? this.#hexDigits(4) : 0x75 }; // no `\u{...}`, no pairs
        return { kind: 'char', codePoint: this.#unicodeEscape() };
      default:
        if (SYNTAX_CHARACTERS.includes(char)) return { kind: 'char', codePoint: char.codePointAt(0)! };
        if (this.#annexB) return { kind: 'char', codePoint: char.charCodeAt(0) }; // Annex B identity escape: `\-`, `\_`, `\a`
        throw new Untranslatable(`the escape \`\\${char}\`${inClass ? ' in a class' : ''}`);
    }
  }

  /** After `\u`: `{H...}` or `HHHH`; a lead surrogate escape followed by a trail surrogate escape is one code point. */
  #unicodeEscape(): number {
    if (this.peek() === '{') {
      this.#at++;
      let digits = '';
      while (this.peek() !== '}') digits += this.#next();
      this.#at++;
      if (!/^[0-9A-Fa-f]+$/.test(digits)) throw new Untranslatable('a malformed `\\u{...}` escape');
      return Number.parseInt(digits, 16);
    }
    const unit = this.#hexDigits(4);
    if (unit >= 0xd800 && unit <= 0xdbff && this.peek() === '\\' && this.peek(1) === 'u' && this.peek(2) !== '{') {
      const saved = this.#at;
      this.#at += 2;
      const trail = this.#hexDigits(4);
      if (trail >= 0xdc00 && trail <= 0xdfff) return 0x10000 + ((unit - 0xd800) << 10) + (trail - 0xdc00);
      this.#at = saved;
    }
    return unit;
  }

  #hexAhead(count: number): boolean {
    return new RegExp(`^[0-9A-Fa-f]{${count}}$`).test(this.chars.slice(this.#at, this.#at + count).join(''));
  }

  #hexDigits(count: number): number {
    let digits = '';
    for (let i = 0; i < count; i++) digits += this.#next();
    if (!/^[0-9A-Fa-f]+$/.test(digits)) throw new Untranslatable('a malformed hexadecimal escape');
    return Number.parseInt(digits, 16);
  }
}

function literal(codePoint: number): string {
  const char = String.fromCodePoint(codePoint);
  return /^[A-Za-z0-9_]$/.test(char) ? char : `\\x{${codePoint.toString(16)}}`;
}
