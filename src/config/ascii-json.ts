// JSON text as Python's json.dumps with ensure_ascii (its default) writes it: every UTF-16 unit from U+007F up as a
// lowercase \uXXXX (astral characters as their surrogate pair). Compact, or indented by 2 as json.dumps(indent=2).
// Rendering only; key order is the value's own.

const NON_ASCII = /[\u007f-\uffff]/g;

export function asciiJson(value: unknown, indent?: 2): string {
  return JSON.stringify(value, null, indent).replace(NON_ASCII, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
