// The 10,000-character cap Claude Code puts on each hook's strings (additionalContext, plain stdout,
// systemMessage; hookd also caps exit-2 stderr used as feedback or user message), as plain truncation: the fallback
// of long-output.ts when the full text cannot be saved to a file. Pure text function.

export const CONTEXT_CAP_CHARS = 10_000;

export type Capped = { readonly text: string; readonly truncated: boolean; readonly originalLength: number };

/**
 * Text longer than `limit` UTF-16 code units keeps its first `limit` (one fewer if that would split a
 * surrogate pair) and gets the marker `\n[hookd: truncated N of M characters; limit 10000]` appended,
 * where N characters were cut of M. Normally such text is saved to a file instead (long-output.ts).
 */
export function capText(text: string, limit: number = CONTEXT_CAP_CHARS): Capped {
  if (text.length <= limit) return { text, truncated: false, originalLength: text.length };
  let end = limit;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  const marker = `\n[hookd: truncated ${text.length - end} of ${text.length} characters; limit ${limit}]`;
  return { text: text.slice(0, end) + marker, truncated: true, originalLength: text.length };
}
