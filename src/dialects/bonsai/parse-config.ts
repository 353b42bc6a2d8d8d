// One bonsai config file's text → its `[[hooks]]` tables checked one by one (with the line each starts at), or the
// file-level error that keeps all of it from loading (TOML syntax with line and column, `hooks` not an array).
// Other top-level keys are bonsai's own settings and are left alone. Must not read files or build HookSpecs.
import { parse, TomlError } from 'smol-toml';
import { checkHookTable, describeValue, type TableCheck } from './hook-table.js';
import { hookTableLines, keyLine, type TableLines } from './toml-lines.js';

/** More `[[hooks]]` tables than a person writes; the rest of a larger file is reported, not loaded. */
export const MAX_HOOKS_PER_FILE = 1_000;
/** Nesting no bonsai config needs; bounds smol-toml's recursion on hostile input. */
const MAX_TOML_DEPTH = 32;

export type FileProblem = { readonly code: string; readonly message: string; readonly line?: number; readonly column?: number; readonly field?: string };

export type CheckedTable = TableCheck & {
  /** 0-based position among the file's hooks. */
  readonly index: number;
  /** 1-based line of its `[[hooks]]` header (undefined when it cannot be told). */
  readonly line?: number;
  /** The line of a top-level key of this table (its header's when the key is not on a line of its own). */
  readonly lineOf: (key: string) => number | undefined;
};

export type ParsedFile =
  | { readonly ok: true; readonly tables: readonly CheckedTable[]; readonly overflow?: FileProblem }
  | { readonly ok: false; readonly problem: FileProblem };

/** The parser's message without the code excerpt it appends (the diagnostic carries line and column instead). */
function tomlMessage(error: TomlError): string {
  const first = error.message.split('\n')[0] ?? error.message;
  return first.replace(/^Invalid TOML document:\s*/, '');
}

export function parseConfigText(text: string): ParsedFile {
  let document: Record<string, unknown>;
  try {
    document = parse(text.startsWith('\uFEFF') ? text.slice(1) : text, { maxDepth: MAX_TOML_DEPTH, unsafeKeyBehaviour: 'throw' }) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof TomlError) return { ok: false, problem: { code: 'toml-syntax', message: `TOML syntax error: ${tomlMessage(error)}`, line: error.line, column: error.column } };
    return { ok: false, problem: { code: 'toml-syntax', message: `TOML could not be read: ${error instanceof Error ? error.message : String(error)}` } };
  }
  const hooks = document.hooks;
  if (hooks === undefined) return { ok: true, tables: [] };
  const located = hookTableLines(text);
  if (!Array.isArray(hooks)) {
    const line = located.tables[0]?.header;
    return {
      ok: false,
      problem: { code: 'hooks-not-array', message: `hooks must be an array of tables ([[hooks]]), got ${describeValue(hooks)}`, field: 'hooks', ...(line !== undefined ? { line } : {}) },
    };
  }
  const count = Math.min(hooks.length, MAX_HOOKS_PER_FILE);
  // The located headers are trusted only when they are exactly the parsed tables (else: no line rather than a wrong one).
  const lines: (TableLines | undefined)[] = located.inline
    ? Array.from({ length: count }, () => located.tables[0])
    : located.tables.length === hooks.length
      ? located.tables.slice(0, count)
      : [];
  const tables: CheckedTable[] = [];
  for (let index = 0; index < count; index++) {
    const at = lines[index];
    const check = checkHookTable(hooks[index]);
    tables.push({
      ...check,
      index,
      ...(at !== undefined ? { line: at.header } : {}),
      lineOf: (key) => (at === undefined ? undefined : located.inline ? at.header : keyLine(at, key)),
    });
  }
  if (hooks.length <= MAX_HOOKS_PER_FILE) return { ok: true, tables };
  const first = lines.length === 0 ? undefined : located.tables[MAX_HOOKS_PER_FILE]?.header;
  return {
    ok: true,
    tables,
    overflow: {
      code: 'too-many-hooks',
      message: `the file has ${hooks.length} [[hooks]] tables; only the first ${MAX_HOOKS_PER_FILE} are loaded`,
      field: `hooks[${MAX_HOOKS_PER_FILE}]`,
      ...(first !== undefined ? { line: first } : {}),
    },
  };
}
