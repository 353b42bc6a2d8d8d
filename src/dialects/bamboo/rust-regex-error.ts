// Why a Bamboo matcher cannot be compiled: `invalid` when Rust's `regex` itself refuses the pattern, `unsupported`
// when Rust accepts it but hookd cannot run it with the same meaning (the message names the construct). Values only.

export type RustRegexErrorKind = 'invalid' | 'unsupported';

export class RustRegexError extends Error {
  constructor(
    readonly kind: RustRegexErrorKind,
    message: string,
  ) {
    super(message);
  }
}

export const invalid = (message: string): RustRegexError => new RustRegexError('invalid', message);
export const unsupported = (message: string): RustRegexError => new RustRegexError('unsupported', message);
