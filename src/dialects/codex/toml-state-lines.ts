// Where each `[hooks.state."<key>"]` table of a config.toml starts and ends, and the lines of its `enabled` /
// `trusted_hash` keys, so the review store can edit those lines in place (smol-toml parses values but keeps no
// positions). Only locates lines (strings and comments skipped via bonsai's codeLines); never interprets a value —
// every edit made from these positions is checked by re-parsing (config-toml-edit.ts). Never throws.
import { parse } from 'smol-toml';
import { codeLines } from '../bonsai/toml-lines.js';

const KEY_PART = String.raw`(?:"(?:[^"\\\r\n]|\\.)*"|'[^'\r\n]*'|[A-Za-z0-9_-]+)`;
const HOOKS = String.raw`(?:hooks|"hooks"|'hooks')`;
const STATE = String.raw`(?:state|"state"|'state')`;
const STATE_HEADER = new RegExp(String.raw`^\s*\[\s*${HOOKS}\s*\.\s*${STATE}\s*\.\s*(${KEY_PART})\s*\]\s*(?:#.*)?\r?$`);
/** Any table or array-of-tables header (`[a."b".c]`, `[[x]]`); a lone `[1]` inside a multi-line array also matches. */
const ANY_HEADER = new RegExp(String.raw`^\s*\[\[?\s*${KEY_PART}(?:\s*\.\s*${KEY_PART})*\s*\]\]?\s*(?:#.*)?\r?$`);

/** One `[hooks.state."<key>"]` table: 0-based line indexes of its header and of the first line after it. */
export type StateTableSpan = { readonly key: string; readonly header: number; readonly end: number; readonly codeLines: readonly number[] };

/** The text of a TOML key as written (bare, "basic" or 'literal'), or undefined when it cannot be read. */
export function decodeTomlKey(part: string): string | undefined {
  if (part.startsWith("'")) return part.slice(1, -1);
  if (!part.startsWith('"')) return part;
  try {
    const value = (parse(`k = ${part}`) as { k?: unknown }).k;
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Every `[hooks.state."<key>"]` table written as a header of its own, in file order. */
export function stateTableSpans(text: string): StateTableSpan[] {
  const code = codeLines(text).map((line) => ({ index: line.number - 1, text: line.text }));
  const headers = code.filter((line) => ANY_HEADER.test(line.text));
  const spans: StateTableSpan[] = [];
  headers.forEach((line, position) => {
    const match = STATE_HEADER.exec(line.text);
    if (match === null) return;
    const key = decodeTomlKey(match[1]!);
    if (key === undefined) return;
    const end = headers[position + 1]?.index ?? text.split('\n').length;
    const inside = code.filter((other) => other.index > line.index && other.index < end).map((other) => other.index);
    spans.push({ key, header: line.index, end, codeLines: inside });
  });
  return spans;
}

/** `<indent><name> = ` (bare or quoted name) of a key/value line, the value text, and the line's `\r` if any. */
export function keyValueLine(line: string, name: string): { readonly prefix: string; readonly value: string; readonly cr: string } | undefined {
  const match = new RegExp(String.raw`^(\s*(?:${name}|"${name}"|'${name}')\s*=\s*)(.*?)(\r?)$`).exec(line);
  return match === null ? undefined : { prefix: match[1]!, value: match[2]!, cr: match[3]! };
}

/** The 1-based line of the `[hooks.state."<key>"]` header, for diagnostics. */
export function stateEntryLine(text: string, key: string): number | undefined {
  const span = stateTableSpans(text).find((candidate) => candidate.key === key);
  return span === undefined ? undefined : span.header + 1;
}
