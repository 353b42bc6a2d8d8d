// Inline hooks in $CODEX_HOME/config.toml (hook-systems §3.1: `[[hooks.PreToolUse]] matcher = …` +
// `[[hooks.PreToolUse.hooks]] type = "command" …`, codex-rs HooksToml): the same three levels as hooks.json under
// `[hooks]` (beside `[hooks.state]`), as a document the hooks-file parser reads, with line numbers found by a line scan
// of the array-of-tables headers. Reads the file bounded; parses with smol-toml; never writes.
import { readConfigFile } from '../../config/read-config-file.js';
import type { JsonDocument, JsonPath, Position } from '../../config/json-locate.js';
import { codeLines } from '../bonsai/toml-lines.js';
import { parseCodexToml } from './config-toml.js';

const KEY_PART = String.raw`(?:"(?:[^"\\\r\n]|\\.)*"|'[^'\r\n]*'|[A-Za-z0-9_-]+)`;
const ARRAY_HEADER = new RegExp(String.raw`^\s*\[\[\s*(${KEY_PART}(?:\s*\.\s*${KEY_PART})*)\s*\]\]\s*(?:#.*)?\r?$`);
const TABLE_HEADER = new RegExp(String.raw`^\s*\[\s*(?:hooks|"hooks"|'hooks')\s*\]\s*(?:#.*)?\r?$`);

/**
 * The `hooks` table of config.toml without `state`, as a document for parseCodexHooksFile (`{hooks: {Event: [...]}}`),
 * or undefined when there is none (no file, no `[hooks]` events, or a file config-toml.ts already reports as broken).
 */
export function readTomlHooks(configPath: string): JsonDocument | undefined {
  const read = readConfigFile(configPath);
  if (read.status !== 'ok') return undefined;
  let text: string;
  let table: unknown;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(read.bytes);
    if (text.startsWith('\uFEFF')) text = text.slice(1);
    table = parseCodexToml(text)['hooks'];
  } catch {
    return undefined;
  }
  if (table === null || typeof table !== 'object' || Array.isArray(table) || table instanceof Date) return undefined;
  const events = Object.fromEntries(Object.entries(table).filter(([key]) => key !== 'state'));
  if (Object.keys(events).length === 0) return undefined;
  const value = { hooks: events };
  return { file: configPath, text, root: undefined, value, lineStarts: [0], locator: tomlLocator(text) };
}

/**
 * Where a field of the hooks table is written: the `[[hooks.<Event>]]` header of group n, the `[[hooks.<Event>.hooks]]`
 * header of handler m after it, else the `[hooks]` table (line 1 when none is found). Positions only.
 */
function tomlLocator(text: string): (path: JsonPath) => Position {
  const lines = codeLines(text);
  const headers = lines.flatMap((line) => {
    const match = ARRAY_HEADER.exec(line.text);
    return match === null ? [] : [{ line: line.number, parts: splitKey(match[1]!) }];
  });
  const hooksTable = lines.find((line) => TABLE_HEADER.test(line.text))?.number;
  const fallback: Position = { line: hooksTable ?? headers[0]?.line ?? 1, column: 1 };
  return (path) => {
    const [, event, group, , handler] = path;
    if (typeof event !== 'string') return fallback;
    const groupHeaders = headers.filter((header) => sameKey(header.parts, ['hooks', event]));
    const groupLine = typeof group === 'number' ? groupHeaders[group]?.line : groupHeaders[0]?.line;
    if (groupLine === undefined) return fallback;
    if (typeof handler !== 'number') return { line: groupLine, column: 1 };
    const nextGroup = groupHeaders.find((header) => header.line > groupLine)?.line ?? Number.POSITIVE_INFINITY;
    const handlerHeaders = headers.filter((header) => header.line > groupLine && header.line < nextGroup && sameKey(header.parts, ['hooks', event, 'hooks']));
    return { line: handlerHeaders[handler]?.line ?? groupLine, column: 1 };
  };
}

function splitKey(key: string): string[] {
  const parts = key.match(new RegExp(KEY_PART, 'g')) ?? [];
  return parts.map((part) => (part.startsWith('"') || part.startsWith("'") ? unquote(part) : part));
}

function unquote(part: string): string {
  if (part.startsWith("'")) return part.slice(1, -1);
  try {
    const parsed: unknown = JSON.parse(part);
    return typeof parsed === 'string' ? parsed : part;
  } catch {
    return part.slice(1, -1);
  }
}

function sameKey(parts: readonly string[], wanted: readonly string[]): boolean {
  return parts.length === wanted.length && parts.every((part, index) => part === wanted[index]);
}
