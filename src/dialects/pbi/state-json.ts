// hooks_state.json's JSON as Python's json module sees it: parse strictly (jsonc-parser, no comments or trailing
// commas; duplicate keys → last value; number literals kept as text) and dump as json.dumps(indent=2, sort_keys=True)
// does (ASCII escapes, Python int and float spelling). Knows no file and no hook; never throws for user content.
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { compareCodePoints, pythonJsonString } from './python-json.js';

/** A number as written in the file: Python reads an integer literal as int and anything else as float. */
export class StateNumber {
  constructor(readonly literal: string) {}
}

/** Objects are null-prototype records (a `__proto__` key is an ordinary entry). */
export type StateValue = string | boolean | null | StateNumber | readonly StateValue[] | StateObject;
export type StateObject = { readonly [key: string]: StateValue };

/** Deeper than this is refused, as Python's json (recursion limit) refuses it. */
const MAX_DEPTH = 500;
const MAX_INT_DIGITS = 4300;

export type StateParse = { readonly ok: true; readonly value: StateValue } | { readonly ok: false; readonly problem: string };

export function parseStateJson(text: string): StateParse {
  const errors: ParseError[] = [];
  let root: Node | undefined;
  try {
    root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  } catch (error) {
    // jsonc-parser recurses per nesting level: absurd nesting exhausts the stack (Python's json refuses it as well).
    if (error instanceof RangeError) return { ok: false, problem: 'invalid JSON: nested too deeply' };
    throw error;
  }
  const first = errors[0];
  if (first !== undefined) return { ok: false, problem: `invalid JSON at offset ${first.offset}: ${printParseErrorCode(first.error)}` };
  if (root === undefined) return { ok: false, problem: 'invalid JSON: empty' };
  try {
    return { ok: true, value: convert(root, text, 0) };
  } catch (error) {
    return { ok: false, problem: (error as Error).message };
  }
}

function convert(node: Node, text: string, depth: number): StateValue {
  if (depth > MAX_DEPTH) throw new Error(`nested deeper than ${MAX_DEPTH} levels`);
  switch (node.type) {
    case 'object': {
      const record: Record<string, StateValue> = Object.create(null) as Record<string, StateValue>;
      for (const property of node.children ?? []) {
        const [keyNode, valueNode] = property.children ?? [];
        if (keyNode === undefined || valueNode === undefined) throw new Error('invalid JSON: incomplete property');
        // Python's dict: a repeated key keeps the last value.
        record[keyNode.value as string] = convert(valueNode, text, depth + 1);
      }
      return record;
    }
    case 'array':
      return (node.children ?? []).map((child) => convert(child, text, depth + 1));
    case 'number': {
      const literal = text.slice(node.offset, node.offset + node.length);
      if (/^-?\d+$/.test(literal) && literal.replace('-', '').length > MAX_INT_DIGITS)
        throw new Error(`an integer of more than ${MAX_INT_DIGITS} digits at offset ${node.offset}`);
      return new StateNumber(literal);
    }
    case 'string':
    case 'boolean':
      return node.value as string | boolean;
    case 'null':
      return null;
    default:
      throw new Error(`invalid JSON at offset ${node.offset}`);
  }
}

export function isStateObject(value: unknown): value is StateObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof StateNumber);
}

/** json.dumps(value, indent=2, sort_keys=True): separators `,` and `: `, empty containers `{}` / `[]`. */
export function dumpStateJson(value: StateValue, indent = ''): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return pythonJsonString(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof StateNumber) return pythonNumber(value.literal);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    const items = value as readonly StateValue[];
    if (items.length === 0) return '[]';
    return `[\n${items.map((item) => `${inner}${dumpStateJson(item, inner)}`).join(',\n')}\n${indent}]`;
  }
  const record = value as StateObject;
  const keys = Object.keys(record).sort(compareCodePoints);
  if (keys.length === 0) return '{}';
  return `{\n${keys.map((key) => `${inner}${pythonJsonString(key)}: ${dumpStateJson(record[key] as StateValue, inner)}`).join(',\n')}\n${indent}}`;
}

/** How Python re-spells a JSON number it read: int exactly (`-0` → `0`), float as repr(float). */
function pythonNumber(literal: string): string {
  if (/^-?\d+$/.test(literal)) return BigInt(literal).toString(10);
  return pythonFloatRepr(Number(literal));
}

/** repr(float): the shortest round-tripping digits, fixed notation for exponents -4..15, else `1e+16` / `1e-05`. */
export function pythonFloatRepr(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const sign = value < 0 ? '-' : '';
  const [mantissa, exponentText] = Math.abs(value).toExponential().split('e') as [string, string];
  const digits = mantissa.replace('.', '');
  const exponent = Number(exponentText);
  const pointAt = exponent + 1;
  if (pointAt > -4 && pointAt <= 16) {
    if (pointAt <= 0) return `${sign}0.${'0'.repeat(-pointAt)}${digits}`;
    if (pointAt >= digits.length) return `${sign}${digits}${'0'.repeat(pointAt - digits.length)}.0`;
    return `${sign}${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
  }
  const rest = digits.slice(1);
  const magnitude = String(Math.abs(exponent)).padStart(2, '0');
  return `${sign}${digits[0]}${rest === '' ? '' : `.${rest}`}e${exponent < 0 ? '-' : '+'}${magnitude}`;
}
