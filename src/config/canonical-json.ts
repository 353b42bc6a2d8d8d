// Canonical JSON text of a value (object keys sorted), used to compare config entries and to hash them for trust.
// Pure; must not be used to render anything a hook or client reads.

export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const sorted: Record<string, unknown> = {};
    // defineProperty: an own "__proto__" key stays a key (an assignment would set the prototype and drop it).
    for (const key of Object.keys(value).sort())
      Object.defineProperty(sorted, key, { value: sortKeys((value as Record<string, unknown>)[key]), enumerable: true, writable: true, configurable: true });
    return sorted;
  }
  return value;
}
