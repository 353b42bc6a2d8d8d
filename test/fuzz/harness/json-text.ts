// JSON text the fuzz sends, and the hostile values it puts into messages: wrong types, huge and odd strings,
// unicode, numbers JavaScript cannot hold, deep nesting, prototype keys. RawJson carries text that
// JSON.stringify could not produce (10,000 levels, 1e400, lone surrogates). Builds text only; sends nothing.
import fc from 'fast-check';

/** JSON text inserted verbatim. */
export class RawJson {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text.length > 80 ? `RawJson(${this.text.slice(0, 40)}…${this.text.length} chars)` : `RawJson(${this.text})`;
  }
}

/** JSON text of a value that may contain RawJson; own `__proto__` keys are kept; undefined entries are left out. */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : jsonText(item))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** An object with exactly these own entries (also `__proto__`, which a literal would turn into the prototype). */
export function objectOf(entries: ReadonlyArray<readonly [string, unknown]>): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  return object;
}

export const nested = (levels: number, kind: 'array' | 'object'): RawJson =>
  new RawJson(kind === 'array' ? `${'['.repeat(levels)}${']'.repeat(levels)}` : `${'{"k":'.repeat(levels)}0${'}'.repeat(levels)}`);

export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'toJSON', 'then', '__defineGetter__'];

/** Deep values: around the 256-level limit, and far beyond what a recursive walker survives. */
export const deepValue: fc.Arbitrary<RawJson> = fc
  .tuple(fc.constantFrom(2, 100, 254, 255, 256, 257, 300, 1000, 10_000, 50_000), fc.constantFrom('array' as const, 'object' as const))
  .map(([levels, kind]) => nested(levels, kind));

/** Strings that have broken parsers, matchers, paths and terminals. */
export const oddString: fc.Arbitrary<string | RawJson> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\n\r\t',
    '../../../../etc/passwd',
    '/',
    '.',
    '*',
    '(a+)+$',
    '[',
    '\\',
    '${CLAUDE_PROJECT_DIR}',
    '$(echo pwned)',
    '`id`',
    'Bash',
    'Edit|Write',
    'mcp__srv__.*',
    '\u202e\u0301\ufeff',
    '🦀'.repeat(10),
    'é'.normalize('NFD'),
    '\ud83d',
  ),
  // Lone surrogates and escapes that JSON allows and UTF-16 does not pair.
  fc.constantFrom(new RawJson('"\\ud800"'), new RawJson('"\\udfff\\ud800"'), new RawJson('"\\u0000"'), new RawJson('"\\/\\b\\f"')),
);

export const hugeString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(1_000, 70_000, 300_000), fc.constantFrom('a', 'é', '🦀', '\n', '"'))
  .map(([length, unit]) => unit.repeat(length));

/** Numbers, including ones a double cannot hold (written as raw text). */
export const oddNumber: fc.Arbitrary<number | RawJson> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 53, -(2 ** 53), Number.MAX_VALUE, Number.MIN_VALUE, 1e21),
  fc.constantFrom(new RawJson('9007199254740993'), new RawJson('1e400'), new RawJson('-1e400'), new RawJson('-0'), new RawJson('1E-400'), new RawJson('0.0000000000000000000000001')),
);

/** Any JSON-ish value a hostile client might put in a field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(null, true, false, 0, '', [], {}) },
  { weight: 3, arbitrary: oddString },
  { weight: 2, arbitrary: oddNumber },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: deepValue },
  { weight: 1, arbitrary: hugeString },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...PROTOTYPE_KEYS), fc.jsonValue({ maxDepth: 2 }))
      .map(([key, value]) => objectOf([[key, value]])),
  },
  { weight: 1, arbitrary: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 5 }) },
);
