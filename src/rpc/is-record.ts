// The one "is this a JSON object" test of the transport (not null, not an array). Knows no message shape.
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
