// Secret redaction with a maintained rule set (secretlint's recommended preset, plus a bearer-token rule): output
// excerpts before hooks see them, hook stderr, reasons and diagnostics before the client does. Detection is
// secretlint's; this file only bounds the input, masks what was found and never throws.
import { lintSource } from '@secretlint/core';
import { rules as recommendedRules } from '@secretlint/secretlint-rule-preset-recommend';
import type { SecretLintCoreConfig, SecretLintCoreResultMessage, SecretLintRuleCreator } from '@secretlint/types';
import { bearerTokenRule } from './bearer-token-rule.js';

/** Characters scanned per secretlint call; longer texts are scanned in overlapping windows (bounds each regex run). */
export const REDACTION_WINDOW_CHARS = 256 * 1024;
/** Overlap of two windows: a secret up to this long (a PEM private key is at most ~10 KB) lies wholly in one of them. */
export const REDACTION_OVERLAP_CHARS = 16 * 1024;
/** Characters of one text that are scanned at all; the rest is withheld (replaced by a note), never passed on unscanned. */
export const MAX_REDACTED_CHARS = 8 * 1024 * 1024;

const FILTER_COMMENTS_RULE = '@secretlint/secretlint-rule-filter-comments';
const AWS_RULE = '@secretlint/secretlint-rule-aws';

/**
 * The rules, built once. The preset's rules are registered one by one (not through the preset) because secretlint
 * ignores `disabled` for a rule inside a preset: the comment filter must be off, or a hostile text could switch
 * redaction off for itself with a `secretlint-disable` comment. AWS access key ids are scanned too (off by default).
 */
const CONFIG: SecretLintCoreConfig = {
  rules: [
    ...(recommendedRules as unknown as SecretLintRuleCreator[])
      .filter((rule) => rule.meta.id !== FILTER_COMMENTS_RULE)
      .map((rule) => ({ id: rule.meta.id, rule, options: rule.meta.id === AWS_RULE ? { enableIDScanRule: true } : {} })),
    { id: bearerTokenRule.meta.id, rule: bearerTokenRule },
  ],
};

/** What replaces each line of a secret: `[REDACTED:github]`, `[REDACTED:aws]`, `[REDACTED:privatekey]`, `[REDACTED:bearer-token]`. */
export function redactionMask(ruleId: string): string {
  const label = ruleId.replace(/^@secretlint\/secretlint-rule-/, '').replace(/^hookd\//, '');
  return `[REDACTED:${label}]`;
}

/** One secret found: [start, end) in the scanned text, and what replaces each of its lines. */
export type SecretSpan = { readonly start: number; readonly end: number; readonly mask: string };
type Span = SecretSpan;

/** Shortest text that can hold a secret the rules find; shorter texts are returned as they are. */
const MIN_SECRET_CHARS = 8;
/** How far past a report's range start its secret value is looked for (see spansOf). */
const VALUE_SEARCH_CHARS = 512;

/** Every text with every secret found masked; same order and length of list. Never throws. */
export async function redactTexts(texts: readonly string[]): Promise<string[]> {
  return Promise.all(texts.map((text) => redactText(text)));
}

/**
 * The text with every secret found masked, line by line: a secret spanning lines (a private key block) becomes one
 * mask per line, so the text keeps its line count. Never throws: if the scan itself fails, the whole text is withheld
 * rather than passed on unscanned.
 */
export async function redactText(text: string): Promise<string> {
  if (typeof text !== 'string') return '';
  if (text.length < MIN_SECRET_CHARS) return text;
  const scanned = text.length > MAX_REDACTED_CHARS ? text.slice(0, MAX_REDACTED_CHARS) : text;
  const withheld = text.length - scanned.length;
  const spans = await findSecretSpans(scanned);
  if (spans === undefined) return `[${text.length} characters withheld: secret redaction failed]`;
  const masked = maskSpans(scanned, spans);
  return withheld === 0 ? masked : `${masked}\n[${withheld} characters withheld: beyond the ${MAX_REDACTED_CHARS}-character redaction bound]`;
}

/**
 * Where the secrets of a text are, sorted and merged where they overlap; undefined when the scan failed (the caller
 * must then withhold the text). The text is scanned in overlapping windows, so the work per secretlint call is
 * bounded; the caller bounds the text's length. Never throws.
 */
export async function findSecretSpans(text: string): Promise<SecretSpan[] | undefined> {
  try {
    const spans: Span[] = [];
    for (let start = 0; start < text.length; start += REDACTION_WINDOW_CHARS - REDACTION_OVERLAP_CHARS) {
      const window = text.slice(start, start + REDACTION_WINDOW_CHARS);
      const result = await lintSource({
        source: { content: window, filePath: 'hookd-redaction.txt', ext: '.txt', contentType: 'text' },
        options: { config: CONFIG, noPhysicFilePath: true },
      });
      for (const message of result.messages) spans.push(...spansOf(message, window, start));
      if (start + REDACTION_WINDOW_CHARS >= text.length) break;
    }
    return mergeSpans(spans);
  } catch {
    return undefined;
  }
}

/**
 * The spans one report covers, in the whole text's offsets: its range, and the secret value it names (its `data`)
 * where that lies outside the range. (secretlint's AWS secret rule reports a range starting at the key's name with
 * the value's length, which would leave the value's tail visible.)
 */
function spansOf(message: SecretLintCoreResultMessage, window: string, offset: number): Span[] {
  const mask = redactionMask(message.ruleId);
  const [from, to] = message.range;
  const spans: Span[] = [{ start: offset + from, end: offset + to, mask }];
  for (const value of Object.values(message.data ?? {})) {
    if (typeof value !== 'string' || value.length < MIN_SECRET_CHARS) continue;
    const at = window.indexOf(value, from);
    if (at < 0 || at > from + VALUE_SEARCH_CHARS) continue;
    if (at >= from && at + value.length <= to) continue;
    const valueSpan = { start: offset + at, end: offset + at + value.length, mask };
    // The misplaced range has the value's length but not its text: the value alone is the secret.
    if (to - from === value.length) spans[0] = valueSpan;
    else spans.push(valueSpan);
  }
  return spans.filter((span) => span.end > span.start);
}

function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last !== undefined && span.start <= last.end) merged[merged.length - 1] = { ...last, end: Math.max(last.end, span.end) };
    else merged.push(span);
  }
  return merged;
}

/**
 * The text with the spans (sorted, not overlapping; offsets into this text, clipped to it) replaced: each line of a
 * span by the span's mask, newlines kept.
 */
export function maskSpans(text: string, spans: readonly SecretSpan[]): string {
  let out = '';
  let at = 0;
  for (const span of spans) {
    const start = Math.max(at, Math.min(span.start, text.length));
    const end = Math.min(span.end, text.length);
    if (end <= start) continue;
    out += text.slice(at, start);
    out += text
      .slice(start, end)
      .split(/(\r?\n)/)
      .map((piece, index) => (index % 2 === 1 || piece === '' ? piece : span.mask))
      .join('');
    at = end;
  }
  return out + text.slice(at);
}
