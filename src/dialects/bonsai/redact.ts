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

type Span = { readonly start: number; readonly end: number; readonly mask: string };

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
 * mask per line, so the text keeps its line count (diff evidence relies on that). Never throws: if the scan itself
 * fails, the whole text is withheld rather than passed on unscanned.
 */
export async function redactText(text: string): Promise<string> {
  if (typeof text !== 'string') return '';
  if (text.length < MIN_SECRET_CHARS) return text;
  const scanned = text.length > MAX_REDACTED_CHARS ? text.slice(0, MAX_REDACTED_CHARS) : text;
  const withheld = text.length - scanned.length;
  try {
    const spans: Span[] = [];
    for (let start = 0; start < scanned.length; start += REDACTION_WINDOW_CHARS - REDACTION_OVERLAP_CHARS) {
      const window = scanned.slice(start, start + REDACTION_WINDOW_CHARS);
      const result = await lintSource({
        source: { content: window, filePath: 'hookd-redaction.txt', ext: '.txt', contentType: 'text' },
        options: { config: CONFIG, noPhysicFilePath: true },
      });
      for (const message of result.messages) spans.push(...spansOf(message, window, start));
      if (start + REDACTION_WINDOW_CHARS >= scanned.length) break;
    }
    const masked = spans.length === 0 ? scanned : applyMasks(scanned, spans);
    return withheld === 0 ? masked : `${masked}\n[${withheld} characters withheld: beyond the ${MAX_REDACTED_CHARS}-character redaction bound]`;
  } catch {
    return `[${text.length} characters withheld: secret redaction failed]`;
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
    spans.push({ start: offset + at, end: offset + at + value.length, mask });
  }
  return spans.filter((span) => span.end > span.start);
}

/** The text with the spans (merged where they overlap) replaced: each line of a span by the span's mask, newlines kept. */
function applyMasks(text: string, spans: readonly Span[]): string {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last !== undefined && span.start <= last.end) merged[merged.length - 1] = { ...last, end: Math.max(last.end, span.end) };
    else merged.push(span);
  }
  let out = '';
  let at = 0;
  for (const span of merged) {
    out += text.slice(at, span.start);
    out += text
      .slice(span.start, span.end)
      .split(/(\r?\n)/)
      .map((piece, index) => (index % 2 === 1 || piece === '' ? piece : span.mask))
      .join('');
    at = span.end;
  }
  return out + text.slice(at);
}
