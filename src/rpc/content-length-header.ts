// Reads the header section of one Content-Length framed message (RFC 9110 field syntax): which body length it
// declares, and whether hookd can read that body. Pure functions over header lines; no bytes, no state, no I/O.

export type HeaderField = { readonly name: string; readonly value: string };

export type HeaderVerdict =
  | { readonly kind: 'body'; readonly length: number; readonly unreadable?: string }
  | { readonly kind: 'error'; readonly reason: string };

/** RFC 9110 field-name: a token (no spaces, no space before the colon). */
const FIELD_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const DIGITS = /^[0-9]+$/;
const SHOWN_CHARS = 60;

/** What a message shows of a bad line or value: quoted, escaped, cut. */
export function shown(text: string): string {
  return JSON.stringify(text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text);
}

/** Strips spaces and tabs (RFC 9110 optional whitespace) only. A loop: a regex trim can be quadratic on long blanks. */
function trimBlanks(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && (text[start] === ' ' || text[start] === '\t')) start++;
  while (end > start && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  return text.slice(start, end);
}

/** `Name: value` (the name lower-cased, the value without surrounding blanks), or undefined for anything else. */
export function parseHeaderLine(line: string): HeaderField | undefined {
  const colon = line.indexOf(':');
  if (colon <= 0) return undefined;
  const name = line.slice(0, colon);
  if (!FIELD_NAME.test(name)) return undefined;
  return { name: name.toLowerCase(), value: trimBlanks(line.slice(colon + 1)) };
}

/** The charset parameter of a Content-Type value, lower-cased and unquoted, if any. */
function charsetOf(contentType: string): string | undefined {
  for (const parameter of contentType.split(';').slice(1)) {
    const equals = parameter.indexOf('=');
    if (equals === -1 || trimBlanks(parameter.slice(0, equals)).toLowerCase() !== 'charset') continue;
    return trimBlanks(parameter.slice(equals + 1)).replace(/^"(.*)"$/, '$1').toLowerCase();
  }
  return undefined;
}

/**
 * One header section's verdict. Content-Length must be present and all digits (no sign, fraction, hex or blank);
 * repeated, it must repeat the same value. Other fields are ignored, except a Content-Type whose charset is not
 * UTF-8: its body is framed correctly but cannot be read (`unreadable`).
 */
export function readHeaderSection(fields: readonly HeaderField[]): HeaderVerdict {
  let length: number | undefined;
  let unreadable: string | undefined;
  for (const { name, value } of fields) {
    if (name === 'content-length') {
      if (!DIGITS.test(value)) return { kind: 'error', reason: `Content-Length ${shown(value)} is not a decimal byte count` };
      const declared = Number(value);
      if (length !== undefined && declared !== length) {
        return { kind: 'error', reason: `conflicting Content-Length headers (${length} and ${declared})` };
      }
      length = declared;
    } else if (name === 'content-type') {
      const charset = charsetOf(value);
      if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
        unreadable = `charset ${shown(charset)} is not supported: hookd reads UTF-8 only`;
      }
    }
  }
  if (length === undefined) return { kind: 'error', reason: 'the header has no Content-Length' };
  return unreadable === undefined ? { kind: 'body', length } : { kind: 'body', length, unreadable };
}
