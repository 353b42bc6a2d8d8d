// Python's `json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)` for the values pbi-agent
// hashes (strings, booleans, integers, null, lists, objects), byte for byte. Pure; knows nothing about hooks.

export type PythonJsonValue =
  | string
  | boolean
  | bigint
  | null
  | readonly PythonJsonValue[]
  | { readonly [key: string]: PythonJsonValue };

export function pythonJsonDumps(value: PythonJsonValue): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return pythonJsonString(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'bigint') return value.toString(10);
  if (isList(value)) return `[${value.map(pythonJsonDumps).join(',')}]`;
  const keys = Object.keys(value).sort(compareCodePoints);
  return `{${keys.map((key) => `${pythonJsonString(key)}:${pythonJsonDumps(value[key] as PythonJsonValue)}`).join(',')}}`;
}

function isList(value: PythonJsonValue): value is readonly PythonJsonValue[] {
  return Array.isArray(value);
}

const SHORT_ESCAPES: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

/**
 * ensure_ascii: everything outside printable ASCII (space to `~`) is `\uXXXX` in lowercase hex, one escape per UTF-16
 * code unit — so an astral character becomes its surrogate pair, and a lone surrogate its own escape, as in Python.
 */
export function pythonJsonString(text: string): string {
  let out = '"';
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    const char = text[index] as string;
    const short = SHORT_ESCAPES[char];
    if (short !== undefined) out += short;
    else if (unit >= 0x20 && unit <= 0x7e) out += char;
    else out += `\\u${unit.toString(16).padStart(4, '0')}`;
  }
  return `${out}"`;
}

/** Python orders str by code point; JavaScript's default sort compares UTF-16 code units (differs above U+FFFF). */
export function compareCodePoints(a: string, b: string): number {
  const left = Array.from(a);
  const right = Array.from(b);
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index++) {
    const difference = (left[index] as string).codePointAt(0)! - (right[index] as string).codePointAt(0)!;
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}
