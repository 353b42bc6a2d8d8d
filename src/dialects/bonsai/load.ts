// Loads bonsai's `[[hooks]]` tables from the global (home) and project `.bonsai/config.toml` into HookSpecs: a bad
// entry is a diagnostic (file, line, field) and an invalid listing while the rest of its file loads; a file that
// cannot be read or parsed loads nothing (a reload keeps its last good hooks). Must not run anything.
import type { HookSpec, InvalidHookEntry, LoadContext, LoadResult, SourceRejection } from '../../engine/dialect.js';
import type { Diagnostic } from '../../protocol/index.js';
import { diagnostic } from '../../config/diagnostic.js';
import { FileDiagnostics } from '../../config/file-diagnostics.js';
import { readConfigFile } from '../../config/read-config-file.js';
import type { BonsaiHookData, BonsaiScope } from './hook-data.js';
import { buildHookSpec } from './hook-spec.js';
import { parseConfigText, type CheckedTable, type FileProblem } from './parse-config.js';
import { bonsaiSources, type BonsaiSource } from './sources.js';

type Claimed = { readonly file: string; readonly line?: number };

/** Global hooks, then project hooks, each in file order. Names are unique across both: a repeated name fails the later entry. */
export function loadBonsaiHooks(context: LoadContext): LoadResult {
  const sources = bonsaiSources(context);
  const hooks: HookSpec[] = [];
  const diagnostics: Diagnostic[] = [];
  const invalid: InvalidHookEntry[] = [];
  const rejections: SourceRejection[] = [];
  const names = new Map<string, Claimed>();
  for (const source of sources) {
    const loaded = loadFile(source, names);
    if (loaded === undefined) continue;
    for (const entry of loaded.diagnostics) diagnostics.push(entry);
    for (const entry of loaded.invalid) invalid.push(entry);
    for (const hook of loaded.hooks) hooks.push(hook);
    if (loaded.rejected) rejections.push({ source: source.path, errors: 1 });
  }
  return {
    hooks,
    diagnostics,
    sources: sources.map((source) => source.path),
    ...(invalid.length > 0 ? { invalid } : {}),
    ...(rejections.length > 0 ? { rejectedSources: rejections.map((entry) => entry.source), rejections } : {}),
  };
}

type FileLoad = { readonly hooks: HookSpec[]; readonly diagnostics: Diagnostic[]; readonly invalid: InvalidHookEntry[]; readonly rejected: boolean };

/** One file; undefined when it does not exist (not an error: it is still watched). */
function loadFile(source: BonsaiSource, names: Map<string, Claimed>): FileLoad | undefined {
  const file = source.path;
  const read = readConfigFile(file);
  if (read.status === 'missing') return undefined;
  const reject = (problem: FileProblem): FileLoad => ({
    hooks: [],
    diagnostics: [diagnostic('error', `${file}: ${problem.message}; none of its hooks load until it is fixed`, { file, ...positionOf(problem), code: problem.code })],
    invalid: [],
    rejected: true,
  });
  if (read.status === 'rejected') return reject({ code: read.code, message: read.reason });
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(read.bytes);
  } catch {
    return reject({ code: 'invalid-utf8', message: 'is not valid UTF-8 (TOML files must be)' });
  }
  const parsed = parseConfigText(text);
  if (!parsed.ok) return reject(parsed.problem);

  const report = new FileDiagnostics(file);
  const out: FileLoad = { hooks: [], diagnostics: [], invalid: [], rejected: false };
  for (const table of parsed.tables) {
    const errors: string[] = [];
    const who = table.name !== undefined ? `hook "${table.name}"` : `hooks[${table.index}]`;
    const add = (severity: 'error' | 'warning', code: string, message: string, field: string, key: string) => {
      if (severity === 'error') errors.push(message);
      const line = table.lineOf(key);
      report.add(severity, () => diagnostic(severity, `${who}: ${message}`, { file, ...(line !== undefined ? { line } : {}), field: `hooks[${table.index}]${field === '(table)' ? '' : `.${field}`}`, code }));
    };
    for (const problem of table.problems) add(problem.severity, problem.code, problem.message, problem.field, problem.key);
    if (table.name !== undefined) {
      const earlier = names.get(table.name);
      if (earlier !== undefined) add('error', 'duplicate-name', `name: "${table.name}" is already used by the hook at ${earlier.file}${earlier.line !== undefined ? `:${earlier.line}` : ''} (names must be unique across the global and project configs)`, 'name', 'name');
      else names.set(table.name, { file, ...(table.line !== undefined ? { line: table.line } : {}) });
    }
    const hook = errors.length === 0 ? build(table, source.scope, file, add) : undefined;
    if (hook !== undefined) {
      out.hooks.push(hook);
      continue;
    }
    out.invalid.push({
      ...(table.name !== undefined ? { name: table.name } : {}),
      ...(table.event !== undefined ? { event: table.event } : {}),
      source: file,
      scope: source.scope === 'global' ? 'user' : 'project',
      ...(table.line !== undefined ? { line: table.line } : {}),
      message: errors.join('; '),
    });
  }
  if (parsed.overflow !== undefined) {
    const overflow = parsed.overflow;
    report.add('error', () => diagnostic('error', overflow.message, { file, ...positionOf(overflow), code: overflow.code }));
  }
  for (const entry of report.list()) out.diagnostics.push(entry);
  return out;
}

/** The HookSpec of a table without errors; undefined (with the error added) when a glob does not compile. */
function build(table: CheckedTable, scope: BonsaiScope, file: string, add: (severity: 'error', code: string, message: string, field: string, key: string) => void): HookSpec | undefined {
  if (table.fields === undefined) return undefined;
  const data: BonsaiHookData = { ...table.fields, scope, file, ...(table.line !== undefined ? { line: table.line } : {}) };
  const built = buildHookSpec(data);
  if (built.ok) return built.hook;
  add('error', 'invalid-glob', `${built.field}: invalid glob ${JSON.stringify(data.matcher[built.field === 'matcher.tool' ? 'tool' : 'path']?.slice(0, 200))}: ${built.error}`, built.field, 'matcher');
  return undefined;
}

function positionOf(problem: FileProblem): { line?: number; column?: number; field?: string } {
  return {
    ...(problem.line !== undefined ? { line: problem.line } : {}),
    ...(problem.column !== undefined ? { column: problem.column } : {}),
    ...(problem.field !== undefined ? { field: problem.field } : {}),
  };
}
