// The parsed form of a Rust regex, as the translator needs it: character sets already exact (case folding and
// set operations applied), flags resolved, captures and laziness dropped (they do not change `is_match`). Types only.
import type { CodePointSet } from '../../matching/code-point-set.js';

/** Rust's inline flags; `u` (Unicode) is on by default. `U` (swap greed) is tracked only to validate flag syntax. */
export type RustFlags = { readonly i: boolean; readonly m: boolean; readonly s: boolean; readonly U: boolean; readonly u: boolean; readonly x: boolean; readonly R: boolean };

export const DEFAULT_FLAGS: RustFlags = { i: false, m: false, s: false, U: false, u: true, x: false, R: false };

/** A `\p{...}` class re2js has with Rust's exact code points, by re2js's name. */
export type UnicodeProperty = { readonly name: string; readonly negated: boolean };

/** One character out of `set ∪ properties`, or out of its complement when `negated` (only with properties). */
export type CharClass = { readonly set: CodePointSet; readonly properties: readonly UnicodeProperty[]; readonly negated: boolean };

export type BoundaryVariant = 'b' | 'B' | 'start' | 'end' | 'start-half' | 'end-half';

export type RustNode =
  | { readonly kind: 'chars'; readonly chars: CharClass }
  /** `^`, `$`, `\A`, `\z` and their multi-line forms, already in RE2 syntax; `side` says which edge they test. */
  | { readonly kind: 'anchor'; readonly re2: string; readonly side: 'start' | 'end' }
  | { readonly kind: 'boundary'; readonly variant: BoundaryVariant; readonly ascii: boolean; readonly written: string }
  | { readonly kind: 'group'; readonly alternatives: readonly RustSequence[] }
  | { readonly kind: 'repeat'; readonly node: RustNode; readonly min: number; readonly max: number | undefined; readonly written: string };

export type RustSequence = readonly RustNode[];
