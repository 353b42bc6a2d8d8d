// The seed's wire object (what a bonsai hook reads on stdin) back into protocol params, for `hookd test --input`:
// event, session_id, cwd, tool_name, file_path, tool_args, command, exit_code, output_excerpt, diff (null = absent).
// A diff is read back into the file's old and new lines so hookd renders it again. Must not read files.
import type { EnvelopeConversion } from '../../engine/dialect.js';
import type { EventName, FileChange } from '../../protocol/index.js';
import { unknownField } from '../native-envelope.js';
import { BONSAI_EVENTS, type BonsaiEvent } from './hook-data.js';
import { describeValue, isTable } from './hook-table.js';

export const WIRE_FIELDS = ['event', 'session_id', 'cwd', 'tool_name', 'file_path', 'tool_args', 'command', 'exit_code', 'output_excerpt', 'diff'] as const;
type WireField = (typeof WIRE_FIELDS)[number];

const TOOL_EVENTS: readonly BonsaiEvent[] = ['PreToolUse', 'PostToolUse'];
const FILE_EVENTS: readonly BonsaiEvent[] = ['PreFileWrite', 'PostFileWrite'];
/** Which events may carry a non-null value in each optional field (a null or absent field is always fine). */
const CARRIED_BY: Readonly<Partial<Record<WireField, readonly BonsaiEvent[]>>> = {
  tool_name: [...TOOL_EVENTS, ...FILE_EVENTS, 'PreBash', 'PostBash'],
  tool_args: [...TOOL_EVENTS, ...FILE_EVENTS, 'PreBash', 'PostBash'],
  file_path: [...TOOL_EVENTS, ...FILE_EVENTS],
  diff: [...TOOL_EVENTS, ...FILE_EVENTS],
  command: [...TOOL_EVENTS, 'PreBash', 'PostBash'],
  exit_code: ['PostToolUse', 'PostBash'],
  output_excerpt: ['PostToolUse', 'PostFileWrite', 'PostBash'],
};

const DIFF_HEADER = /^diff --bonsai (created|modified|deleted) (.+)$/;
const OPERATION = { created: 'create', modified: 'modify', deleted: 'delete' } as const;

export function bonsaiParamsFromEnvelope(envelope: Readonly<Record<string, unknown>>, given: EventName | undefined): EnvelopeConversion {
  for (const field of Object.keys(envelope)) {
    if (!(WIRE_FIELDS as readonly string[]).includes(field)) return { ok: false, error: unknownField(field, 'a bonsai hook input', WIRE_FIELDS) };
  }
  const named = envelope.event;
  let event: BonsaiEvent;
  if (named === undefined || named === null) {
    if (given === undefined) return { ok: false, error: 'event is missing: name the event on the command line (hookd test <Event>) or in the input' };
    if (!(BONSAI_EVENTS as readonly string[]).includes(given)) return { ok: false, error: `the bonsai dialect has no event "${given}" (known: ${BONSAI_EVENTS.join(', ')})` };
    event = given as BonsaiEvent;
  } else {
    if (typeof named !== 'string') return { ok: false, error: `event must be a string (got ${describeValue(named)})` };
    if (!(BONSAI_EVENTS as readonly string[]).includes(named)) return { ok: false, error: `event: the bonsai dialect has no event "${named.slice(0, 80)}" (known: ${BONSAI_EVENTS.join(', ')})` };
    if (given !== undefined && given !== named) return { ok: false, error: `the input's event is "${named}" but the command line names ${given}` };
    event = named as BonsaiEvent;
  }

  const params: Record<string, unknown> = {};
  const nativeNames: Record<string, string> = {};
  const notes: string[] = [];
  const session: Record<string, unknown> = {};
  const present = (field: WireField) => envelope[field] !== undefined && envelope[field] !== null;
  for (const field of WIRE_FIELDS) {
    const events = CARRIED_BY[field];
    if (events !== undefined && present(field) && !events.includes(event)) return { ok: false, error: `${field}: a ${event} input has null there (it is set on ${events.join(', ')})` };
  }
  const string = (field: WireField): string | undefined | { error: string } => {
    if (!present(field)) return undefined;
    const value = envelope[field];
    return typeof value === 'string' ? value : { error: `${field} must be a string or null (got ${describeValue(value)})` };
  };
  for (const [field, path] of [
    ['session_id', 'session.id'],
    ['cwd', 'session.cwd'],
    ['tool_name', 'toolName'],
    ['command', 'command'],
    ['output_excerpt', 'outputExcerpt'],
  ] as const) {
    const value = string(field);
    if (value === undefined) continue;
    if (typeof value !== 'string') return { ok: false, error: value.error };
    if (path.startsWith('session.')) session[path.slice('session.'.length)] = value;
    else params[path] = value;
    nativeNames[path] = field;
  }
  if (Object.keys(session).length > 0) params.session = session;
  if (present('tool_args')) {
    if (!isTable(envelope.tool_args)) return { ok: false, error: `tool_args must be an object or null (got ${describeValue(envelope.tool_args)})` };
    params.toolInput = envelope.tool_args;
    nativeNames.toolInput = 'tool_args';
  }
  if (present('exit_code')) {
    const code = envelope.exit_code;
    if (typeof code !== 'number' || !Number.isInteger(code)) return { ok: false, error: `exit_code must be an integer or null (got ${describeValue(code)})` };
    params.exitCode = code;
    nativeNames.exitCode = 'exit_code';
  }
  const filePath = string('file_path');
  if (filePath !== undefined && typeof filePath !== 'string') return { ok: false, error: filePath.error };
  const diff = string('diff');
  if (diff !== undefined && typeof diff !== 'string') return { ok: false, error: diff.error };
  if (filePath !== undefined || diff !== undefined) {
    const files = diff !== undefined ? filesOfDiff(diff) : [{ path: filePath!, operation: 'modify' as const }];
    if ('error' in files) return { ok: false, error: `diff: ${files.error}` };
    if (filePath !== undefined && files[0]!.path !== filePath) return { ok: false, error: `file_path is "${filePath}" but the diff is about "${files[0]!.path}"` };
    params.files = files;
    nativeNames.files = diff !== undefined ? 'diff' : 'file_path';
    if (diff !== undefined) notes.push('the file contents were rebuilt from the diff lines only (lines outside its hunks are unknown); hookd renders the diff again from them');
    else notes.push('file_path without a diff: the file is sent as modified with no content, so hooks see no diff');
  }
  return { ok: true, event, params, nativeNames, notes };
}

/**
 * The files of a rendered diff (`diff --bonsai <created|modified|deleted> <path>` then `-`, `+` and ` ` lines; `@@`
 * hunk headers, `---`/`+++` file lines, `\ No newline` and `[diff truncated …]` markers are skipped): each file's old
 * lines (context and removed) and new lines (context and added).
 */
export function filesOfDiff(diff: string): FileChange[] | { error: string } {
  const files: { path: string; operation: FileChange['operation']; old: string[]; next: string[]; started: boolean }[] = [];
  const lines = diff.split('\n');
  if (lines.at(-1) === '') lines.pop();
  for (const line of lines) {
    const header = DIFF_HEADER.exec(line);
    if (header !== null) {
      files.push({ path: header[2]!, operation: OPERATION[header[1] as keyof typeof OPERATION], old: [], next: [], started: false });
      continue;
    }
    const file = files.at(-1);
    if (file === undefined) return { error: 'must start with a "diff --bonsai <created|modified|deleted> <path>" line' };
    if (!file.started && (line.startsWith('--- ') || line.startsWith('+++ '))) continue;
    if (line.startsWith('@@') || line.startsWith('\\') || line.startsWith('[diff truncated')) continue;
    file.started = true;
    const body = line.slice(1);
    if (line.startsWith('-')) file.old.push(body);
    else if (line.startsWith('+')) file.next.push(body);
    else if (line.startsWith(' ') || line === '') {
      file.old.push(body);
      file.next.push(body);
    } else return { error: `line ${JSON.stringify(line.slice(0, 80))} is not a diff line (it must start with "-", "+" or " ")` };
  }
  if (files.length === 0) return { error: 'must start with a "diff --bonsai <created|modified|deleted> <path>" line' };
  const text = (kept: string[]) => (kept.length === 0 ? '' : `${kept.join('\n')}\n`);
  return files.map((file) => ({
    path: file.path,
    operation: file.operation,
    oldContent: file.operation === 'create' ? null : text(file.old),
    newContent: file.operation === 'delete' ? null : text(file.next),
  }));
}
