// Python's `int(value)` and `str.strip()` as pbi-agent relies on them (CPython 3.12): bool, int, float truncation,
// strings with whitespace, sign, `_` separators and any Unicode decimal digits, the 4300-digit limit. Pure.

/**
 * `str.strip()` with no argument removes what `str.isspace()` calls whitespace — not the same set as
 * String.prototype.trim (Python includes U+001C–U+001F and U+0085, excludes U+FEFF).
 */
const PYTHON_SPACE = '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const STRIP = new RegExp(`^[${PYTHON_SPACE}]+|[${PYTHON_SPACE}]+$`, 'g');

export function pythonStrip(text: string): string {
  return text.replace(STRIP, '');
}

/** int(str) skips whitespace around the number, but U+001C–U+001F are not whitespace to it (observed in CPython). */
const INT_SPACE = '\\t\\n\\v\\f\\r \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const INT_TEXT = new RegExp(`^[${INT_SPACE}]*([+-]?)(\\p{Nd}+(?:_\\p{Nd}+)*)[${INT_SPACE}]*$`, 'u');
const DECIMAL_DIGIT = /^\p{Nd}$/u;

/** CPython refuses to convert a decimal string of more digits than this (sys.get_int_max_str_digits()). */
export const PYTHON_INT_MAX_STR_DIGITS = 4300;

export type PythonIntResult =
  | { readonly kind: 'ok'; readonly value: bigint }
  /** int() raises TypeError or ValueError (pbi-agent falls back to its default). */
  | { readonly kind: 'invalid' }
  /** int() raises OverflowError, or the JSON literal itself fails in Python (pbi-agent crashes): `reason` says why. */
  | { readonly kind: 'refused'; readonly reason: string };

/**
 * `int(raw)` for a value parsed from JSON. `literal` is the number's source text when `raw` is a number: an integer
 * literal is exact at any size, a literal with a fraction or exponent is a float (truncated toward zero).
 */
export function pythonInt(raw: unknown, literal?: string): PythonIntResult {
  if (typeof raw === 'boolean') return { kind: 'ok', value: raw ? 1n : 0n };
  if (typeof raw === 'bigint') return { kind: 'ok', value: raw };
  if (typeof raw === 'string') return intFromString(raw);
  if (typeof raw === 'number') return literal !== undefined ? intFromLiteral(literal) : intFromFloat(raw, String(raw));
  return { kind: 'invalid' };
}

function intFromLiteral(literal: string): PythonIntResult {
  const text = literal.trim();
  if (/^-?\d+$/.test(text)) {
    const digits = text.replace(/^-/, '').length;
    if (digits > PYTHON_INT_MAX_STR_DIGITS)
      return { kind: 'refused', reason: `the integer has ${digits} digits, more than Python's limit of ${PYTHON_INT_MAX_STR_DIGITS}` };
    return { kind: 'ok', value: BigInt(text) };
  }
  return intFromFloat(Number(text), text);
}

function intFromFloat(value: number, shown: string): PythonIntResult {
  if (Number.isNaN(value)) return { kind: 'invalid' };
  if (!Number.isFinite(value)) return { kind: 'refused', reason: `${shown} is infinite as a float and cannot be converted to an integer` };
  // BigInt of an integral double is exact, as Python's int(float).
  return { kind: 'ok', value: BigInt(Math.trunc(value)) };
}

function intFromString(text: string): PythonIntResult {
  const match = INT_TEXT.exec(text);
  if (match === null) return { kind: 'invalid' };
  const sign = match[1] === '-' ? -1n : 1n;
  const chars = Array.from((match[2] as string).replaceAll('_', ''));
  // Checked before converting, so a huge string costs one pass.
  if (chars.length > PYTHON_INT_MAX_STR_DIGITS) return { kind: 'invalid' };
  const digits = chars.map((char) => (char >= '0' && char <= '9' ? char : String(decimalValue(char)))).join('');
  return { kind: 'ok', value: sign * BigInt(digits) };
}

/**
 * The value of a Unicode decimal digit (general category Nd). Unicode allocates them in runs of ten, 0 to 9, so the
 * value is the distance from the start of its run, modulo 10 (adjacent runs, as in U+1D7CE–U+1D7FF, are each ten).
 */
function decimalValue(char: string): number {
  let codePoint = char.codePointAt(0)!;
  let offset = 0;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(codePoint - 1))) {
    codePoint--;
    offset++;
  }
  return offset % 10;
}
