// pbi-agent's normalized hook hash and handler identity (facts §3), byte for byte: Python json.dumps with sorted keys,
// compact separators and ASCII escapes, SHA-256, `sha256:` prefix; and its timeout normalization (Python int()).
// Pure functions; must not read files.

/** What the hash covers, normalized (facts §3). */
export type PbiHashInput = {
  readonly event: string;
  /** Stripped; "" when absent or not a string. */
  readonly matcher: string;
  /** As written (not trimmed); "" when none. */
  readonly command: string;
  /** After defaulting (missing/empty/null → "command"). */
  readonly type: string;
  /** "" when absent or not a string. */
  readonly statusMessage: string;
  /** normalizeTimeout's seconds. */
  readonly timeoutSeconds: bigint;
  /** The effective managed flag (false for global and project files). */
  readonly managed: boolean;
};

/** `sha256:<hex>` of the normalized definition (facts §3). */
export function pbiHookHash(input: PbiHashInput): string {
  void input;
  throw new Error('pbiHookHash: not implemented yet');
}

/** The handler identity in the key: the hash of {event "handler_identity", matcher = type, handler {type, command trimmed, timeout 600, statusMessage "", managed false}}. */
export function pbiHandlerIdentity(type: string, command: string): string {
  void type;
  void command;
  throw new Error('pbiHandlerIdentity: not implemented yet');
}

/**
 * Python `int(value)` clamped to ≥ 1, 600 when absent/null or when int() raises TypeError/ValueError (facts §3).
 * `literal`: the number's source text when `raw` is a number (exact digits of huge integers; `30.9` → 30).
 * `error`: set for a value pbi-agent 0.40.0 crashes on (Infinity, 1e400): hookd uses 600 and reports it.
 */
export function normalizeTimeout(raw: unknown, literal?: string): { readonly seconds: bigint; readonly error?: string } {
  void raw;
  void literal;
  throw new Error('normalizeTimeout: not implemented yet');
}
