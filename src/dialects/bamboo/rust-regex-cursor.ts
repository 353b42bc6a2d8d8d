// A cursor over a Rust regex's code points that knows verbose mode: with `x` on, whitespace and `#` comments
// (to the end of the line) are skipped wherever Rust's parser skips them. Reads characters only; no syntax.
import { contains, UNICODE_SPACE } from './rust-char-sets.js';
import { invalid } from './rust-regex-error.js';

export class RustRegexCursor {
  #at = 0;
  readonly #chars: readonly string[];

  constructor(pattern: string) {
    this.#chars = Array.from(pattern);
  }

  get position(): number {
    return this.#at;
  }

  set position(at: number) {
    this.#at = at;
  }

  atEnd(): boolean {
    return this.#at >= this.#chars.length;
  }

  peek(offset = 0): string | undefined {
    return this.#chars[this.#at + offset];
  }

  /** The next character; the end of the pattern is a Rust syntax error. */
  next(what = 'the pattern'): string {
    const char = this.#chars[this.#at++];
    if (char === undefined) throw invalid(`${what} ends too early`);
    return char;
  }

  eat(char: string): boolean {
    if (this.peek() !== char) return false;
    this.#at++;
    return true;
  }

  /** The text from `from` to here, as written (for messages). */
  since(from: number): string {
    return this.#chars.slice(from, this.#at).join('');
  }

  /** In verbose mode: skips whitespace and comments. */
  skipSpace(verbose: boolean): void {
    if (!verbose) return;
    for (;;) {
      const char = this.peek();
      if (char === undefined) return;
      if (char === '#') {
        while (!this.atEnd() && this.peek() !== '\n') this.#at++;
      } else if (contains(UNICODE_SPACE, char.codePointAt(0)!)) {
        this.#at++;
      } else {
        return;
      }
    }
  }

  /** The character after any verbose-mode space, without moving. */
  peekPastSpace(verbose: boolean, offset = 0): string | undefined {
    const saved = this.#at;
    this.#at += offset;
    this.skipSpace(verbose);
    const char = this.peek();
    this.#at = saved;
    return char;
  }
}
