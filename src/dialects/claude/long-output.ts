// Claude Code's rule for a hook string over 10,000 characters: the full text goes to a file in the session's temp
// area and the model gets a preview plus the path, in Claude Code's own <persisted-output> wording. Falls back to
// truncation (cap.ts) when the file cannot be written. Decides the text only; the file lives in session-temp-area.ts.
import { capText, CONTEXT_CAP_CHARS } from './cap.js';
import type { SessionTempArea } from './session-temp-area.js';

/** How much of a saved text the model sees inline: Claude Code shows the "first 2KB". */
export const PREVIEW_CHARS = 2_000;

export type LongText = {
  readonly text: string;
  /** Set when the text was longer than the cap: what happened to it, for the run's message. */
  readonly note?: string;
};

/**
 * Text of at most 10,000 UTF-16 characters is kept as it is. Longer text is saved whole to
 * `<area>/<session>/hook-<uuid>-<label>.txt` and replaced by
 * `<persisted-output>\nOutput too large (<size>). Full output saved to: <path>\n\nPreview (first 2KB):\n<preview>\n...\n</persisted-output>`.
 * When saving fails (budget spent, disk error) the text is truncated as cap.ts does, and the note says why.
 */
export function keepLongText(area: SessionTempArea, sessionId: string, label: string, text: string): LongText {
  if (text.length <= CONTEXT_CAP_CHARS) return { text };
  const saved = area.save(sessionId, label, text);
  if (!saved.ok) {
    const capped = capText(text);
    return { text: capped.text, note: `${label} truncated from ${capped.originalLength} to ${CONTEXT_CAP_CHARS} characters (not saved to a file: ${saved.error})` };
  }
  const replaced = [
    '<persisted-output>',
    `Output too large (${formatSize(text.length)}). Full output saved to: ${saved.path}`,
    '',
    `Preview (first ${formatSize(PREVIEW_CHARS)}):`,
    preview(text),
    '...',
    '</persisted-output>',
  ].join('\n');
  return { text: replaced, note: `${label} of ${text.length} characters saved to ${saved.path}; the model gets a ${PREVIEW_CHARS}-character preview` };
}

/**
 * The first PREVIEW_CHARS characters, cut back to the last line break when one falls in the second half of them,
 * never splitting a surrogate pair.
 */
export function preview(text: string): string {
  let end = Math.min(text.length, PREVIEW_CHARS);
  const lastBreak = text.lastIndexOf('\n', end - 1);
  if (lastBreak > PREVIEW_CHARS / 2) end = lastBreak;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return text.slice(0, end);
}

/** Sizes as Claude Code prints them: `N bytes`, `N.NKB`, `N.NMB` (a trailing `.0` dropped). */
export function formatSize(units: number): string {
  if (units < 1024) return `${units} bytes`;
  const kb = units / 1024;
  if (kb < 1024) return `${trimZero(kb.toFixed(1))}KB`;
  return `${trimZero((kb / 1024).toFixed(1))}MB`;
}

function trimZero(fixed: string): string {
  return fixed.endsWith('.0') ? fixed.slice(0, -2) : fixed;
}
