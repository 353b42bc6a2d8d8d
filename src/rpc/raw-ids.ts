// Reads one JSON-RPC message from text so that every id is kept exactly as sent: JSON.parse for the common case, and
// lossless-json only for a message whose id a JavaScript number would change. Owns no mapping and no framing.
import { isLosslessNumber, parse as parseLossless } from 'lossless-json';
import { ErrorCodes } from '../protocol/error-codes.js';
import { RpcError } from './errors.js';
import { isRecord } from './is-record.js';

/** A request id as its exact JSON text: a number token a JavaScript number would change (`9007199254740993`, `1e400`,
 *  `1.50`, `-0`, `1E2`), or `null`. Serialized back as that text; compared by that text. */
export class RawId {
  constructor(readonly text: string) {}
}

export const NULL_ID_TEXT = 'null';

const LSP_CANCEL = '$/cancelRequest';
const ACP_CANCEL = '$/cancel_request';

/** A fraction or exponent right after an `"id"`/`"requestId"` key: `1E2` and `100.0` are safe integers in JavaScript. */
const NON_CANONICAL_ID = /"(?:id|requestId)"[ \t\r\n]*:[ \t\r\n]*-?[0-9]+[.eE]/;
/** A `\u00XX` escape of an ASCII letter (JSON.stringify never writes one): a key like `"\u0069d"` hides from the test above. */
const ESCAPED_LETTER = /\\u00[4-7][0-9a-f]/i;

type IdSlot = { readonly path: readonly string[]; readonly key: string };

/** A number a JavaScript number stands for exactly when written canonically (the text test covers the rest). */
function isCanonicalSafe(value: number): boolean {
  return Number.isSafeInteger(value) && !Object.is(value, -0);
}

function holderAt(value: unknown, path: readonly string[]): Record<string, unknown> | undefined {
  let node = value;
  for (const key of path) {
    if (!isRecord(node) || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return isRecord(node) ? node : undefined;
}

/** Where this message carries a request id: its own `id`, and a cancel's `params.id` / `params.requestId`. */
function idSlots(value: unknown): IdSlot[] {
  if (!isRecord(value)) return [];
  const slots: IdSlot[] = [{ path: [], key: 'id' }];
  if (value['method'] === LSP_CANCEL) slots.push({ path: ['params'], key: 'id' });
  if (value['method'] === ACP_CANCEL) slots.push({ path: ['params'], key: 'requestId' });
  return slots;
}

function numberAt(value: unknown, slot: IdSlot): number | undefined {
  const holder = holderAt(value, slot.path);
  if (holder === undefined || !Object.hasOwn(holder, slot.key)) return undefined;
  const id = holder[slot.key];
  return typeof id === 'number' ? id : undefined;
}

/**
 * JSON.parse(text), except that a numeric id (see idSlots) whose JavaScript number would not give back the text sent
 * becomes a RawId with that text, read by lossless-json. Throws a SyntaxError for text that is not JSON, and a
 * -32600 RpcError when the exact id cannot be read (lossless-json recurses: a message nesting thousands of levels).
 */
export function parseMessageText(text: string): unknown {
  const value: unknown = JSON.parse(text);
  const numeric = idSlots(value).filter((slot) => numberAt(value, slot) !== undefined);
  if (numeric.length === 0) return value;
  const inexact = numeric.some((slot) => !isCanonicalSafe(numberAt(value, slot)!)) || NON_CANONICAL_ID.test(text) || ESCAPED_LETTER.test(text);
  if (!inexact) return value;
  let exact: unknown;
  try {
    exact = parseLossless(text, null, { onDuplicateKey: ({ newValue }) => newValue });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new RpcError(ErrorCodes.InvalidRequest, `invalid request: the numeric id cannot be read exactly (${reason})`);
  }
  for (const slot of numeric) {
    const exactHolder = holderAt(exact, slot.path);
    const raw = exactHolder !== undefined && Object.hasOwn(exactHolder, slot.key) ? exactHolder[slot.key] : undefined;
    if (isLosslessNumber(raw)) holderAt(value, slot.path)![slot.key] = new RawId(raw.value);
  }
  return value;
}

/** The JSON text of an id hookd must echo exactly (a RawId, or null). */
export function rawIdText(id: RawId | null): string {
  return id === null ? NULL_ID_TEXT : id.text;
}
