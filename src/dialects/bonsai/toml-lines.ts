// Where each `[[hooks]]` table of a bonsai config starts, and the line of a key inside it, for diagnostics (smol-toml
// parses values but reports no positions). Only locates lines: strings and comments are skipped so a header inside a
// multi-line string is not taken for one; it never interprets a value. Linear in the text; never throws.

/** One `[[hooks]]` table: the 1-based line of its header and the lines (header included) it spans. */
export type TableLines = { readonly header: number; readonly lines: readonly LineText[] };
export type LineText = { readonly number: number; readonly text: string };

export type HookTableLines = {
  /** The header line of each `[[hooks]]` table in file order, or of the `hooks = [...]` key for an inline array. */
  readonly tables: readonly TableLines[];
  /** True when `hooks` is an inline array: every entry then points at the `hooks` key's line. */
  readonly inline: boolean;
};

const ARRAY_HEADER = /^\s*\[\[\s*(?:hooks|"hooks"|'hooks')\s*\]\]\s*(?:#.*)?$/;
/** `[hooks.action]`, `[[hooks.x]]`: sub-tables of the current hook (they stay in its range). */
const SUB_HEADER = /^\s*\[{1,2}\s*(?:hooks|"hooks"|'hooks')\s*\./;
const ANY_HEADER = /^\s*\[/;
const INLINE_KEY = /^\s*(?:hooks|"hooks"|'hooks')\s*=/;

type StringState = 'none' | 'basic-multi' | 'literal-multi';

/**
 * The lines of every line that starts outside a multi-line string. A tiny lexer of TOML's four string forms and
 * comments, enough to know where multi-line strings end; what it finds is only used for line numbers.
 */
export function codeLines(text: string): LineText[] {
  const out: LineText[] = [];
  let state: StringState = 'none';
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (state === 'none') out.push({ number: index + 1, text: line });
    state = scanLine(line, state);
  }
  return out;
}

/** The string state after `line`, given the state it starts in. */
function scanLine(line: string, start: StringState): StringState {
  let state = start;
  let i = 0;
  while (i < line.length) {
    if (state === 'basic-multi') {
      if (line[i] === '\\') i += 2;
      else if (line.startsWith('"""', i)) {
        state = 'none';
        i += 3;
        // Up to two more quotes belong to the string's content (`""""` ends a string that ends in a quote).
        while (line[i] === '"') i++;
      } else i++;
      continue;
    }
    if (state === 'literal-multi') {
      if (line.startsWith("'''", i)) {
        state = 'none';
        i += 3;
        while (line[i] === "'") i++;
      } else i++;
      continue;
    }
    const char = line[i];
    if (char === '#') return 'none';
    if (line.startsWith('"""', i)) {
      state = 'basic-multi';
      i += 3;
    } else if (line.startsWith("'''", i)) {
      state = 'literal-multi';
      i += 3;
    } else if (char === '"') {
      i++;
      while (i < line.length && line[i] !== '"') i += line[i] === '\\' ? 2 : 1;
      i++;
    } else if (char === "'") {
      const end = line.indexOf("'", i + 1);
      i = end === -1 ? line.length : end + 1;
    } else i++;
  }
  return state;
}

/** The `[[hooks]]` tables of `text` with the lines each spans (up to the next header that is not one of its sub-tables). */
export function hookTableLines(text: string): HookTableLines {
  const lines = codeLines(text);
  const tables: { header: number; lines: LineText[] }[] = [];
  let current: { header: number; lines: LineText[] } | undefined;
  let inlineLine: number | undefined;
  for (const line of lines) {
    if (ARRAY_HEADER.test(line.text)) {
      current = { header: line.number, lines: [line] };
      tables.push(current);
      continue;
    }
    if (ANY_HEADER.test(line.text) && !SUB_HEADER.test(line.text)) {
      current = undefined;
      continue;
    }
    if (current !== undefined) current.lines.push(line);
    else if (inlineLine === undefined && INLINE_KEY.test(line.text)) inlineLine = line.number;
  }
  if (tables.length === 0 && inlineLine !== undefined) return { tables: [{ header: inlineLine, lines: [] }], inline: true };
  return { tables, inline: false };
}

/**
 * The line of `key` (a top-level key of the table: `key = ...`, `key.sub = ...` or a `[hooks.key]` sub-table header)
 * inside `table`; the header's line when it is not written on a line of its own.
 */
export function keyLine(table: TableLines, key: string): number {
  const quoted = `(?:${escape(key)}|"${escape(key)}"|'${escape(key)}')`;
  const assignment = new RegExp(`^\\s*${quoted}\\s*[=.]`);
  const subTable = new RegExp(`^\\s*\\[{1,2}\\s*(?:hooks|"hooks"|'hooks')\\s*\\.\\s*${quoted}\\s*[\\].]`);
  for (const line of table.lines) if (assignment.test(line.text) || subTable.test(line.text)) return line.number;
  return table.header;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
