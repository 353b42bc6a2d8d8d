// Tiny helpers over parsed JSON values shared by the bamboo parsers: the object test and a short description of
// a value for messages ("a string", "null", "7"). Pure; no parsing, no diagnostics.

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `"auto"` → `"auto"`, 7 → `7`, null → `null`, [..] → `an array`, {..} → `an object`, missing → `nothing`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  if (value !== null && typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
