// Wraps text that came from outside the operator's configuration (a tool's arguments or output, a diff, a hook's
// context) as clearly delimited untrusted data, so a model reading it can tell evidence from instructions. Pure.

/** The fence tag. Fixed (no random nonce): it stays unforgeable because any fence text inside a value is escaped. */
export const UNTRUSTED_TAG = 'untrusted-data';

/** `<untrusted-data`, `</untrusted-data` and look-alikes with spaces or any case, as written inside a value. */
const FENCE_TEXT = /<(\s*\/?\s*)(untrusted-data)/gi;

/** The value with every fence look-alike's `<` written as `&lt;`, so it cannot open or close a block. */
export function escapeFence(value: string): string {
  return value.replace(FENCE_TEXT, '&lt;$1$2');
}

/** Attribute values: quotes, angle brackets, ampersands and line breaks escaped (a name cannot break the tag). */
function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r?\n|\r/g, ' ');
}

/**
 * `<untrusted-data name="…">` + newline + the escaped value + newline + `</untrusted-data>`. Each attribute is
 * written in the order given (e.g. `name` for a prompt marker, `source` for a hook's context).
 */
export function wrapUntrusted(value: string, attributes: Readonly<Record<string, string>>): string {
  const attrs = Object.entries(attributes)
    .map(([key, text]) => ` ${key}="${attribute(text)}"`)
    .join('');
  return `<${UNTRUSTED_TAG}${attrs}>\n${escapeFence(value)}\n</${UNTRUSTED_TAG}>`;
}
