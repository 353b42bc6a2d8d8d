// pbi-agent's normalized hook hash and handler identity (facts §3), byte for byte: Python json.dumps with sorted keys,
// compact separators and ASCII escapes, SHA-256, `sha256:` prefix; and its timeout normalization (Python int()).
// Pure functions; must not read files.
import { createHash } from 'node:crypto';
import { PBI_DEFAULT_TIMEOUT_SECONDS } from './limits.js';
import { pythonJsonDumps, type PythonJsonValue } from './python-json.js';
import { pythonInt, pythonStrip } from './python-int.js';

export { pythonStrip };

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

/** The exact text pbi-agent hashes for `input` (facts §3 worked examples show it). */
export function pbiHashPayload(input: PbiHashInput): string {
  const value: PythonJsonValue = {
    event: input.event,
    handler: {
      command: input.command,
      managed: input.managed,
      statusMessage: input.statusMessage,
      timeout: input.timeoutSeconds,
      type: input.type,
    },
    matcher: input.matcher,
  };
  return pythonJsonDumps(value);
}

/** `sha256:<hex>` of the normalized definition (facts §3). */
export function pbiHookHash(input: PbiHashInput): string {
  // ensure_ascii leaves pure ASCII, so UTF-8 and latin1 agree; utf8 is what pbi-agent encodes with.
  return `sha256:${createHash('sha256').update(pbiHashPayload(input), 'utf8').digest('hex')}`;
}

/** The handler identity in the key: the hash of {event "handler_identity", matcher = type, handler {type, command trimmed, timeout 600, statusMessage "", managed false}}. */
export function pbiHandlerIdentity(type: string, command: string): string {
  return pbiHookHash({
    event: 'handler_identity',
    matcher: type,
    command: pythonStrip(command),
    type,
    statusMessage: '',
    timeoutSeconds: BigInt(PBI_DEFAULT_TIMEOUT_SECONDS),
    managed: false,
  });
}

/**
 * Python `int(value)` clamped to ≥ 1, 600 when absent/null or when int() raises TypeError/ValueError (facts §3).
 * `literal`: the number's source text when `raw` is a number (exact digits of huge integers; `30.9` → 30).
 * `error`: set for a value pbi-agent 0.40.0 crashes on (Infinity, 1e400): hookd uses 600 and reports it.
 */
export function normalizeTimeout(raw: unknown, literal?: string): { readonly seconds: bigint; readonly error?: string } {
  const fallback = BigInt(PBI_DEFAULT_TIMEOUT_SECONDS);
  if (raw === undefined || raw === null) return { seconds: fallback };
  const converted = pythonInt(raw, literal);
  if (converted.kind === 'invalid') return { seconds: fallback };
  if (converted.kind === 'refused')
    return { seconds: fallback, error: `${converted.reason} (pbi-agent 0.40.0 fails on it); using the default ${PBI_DEFAULT_TIMEOUT_SECONDS} seconds` };
  return { seconds: converted.value < 1n ? 1n : converted.value };
}
