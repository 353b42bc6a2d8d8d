// Prepares a request's params before any bonsai hook sees them: a move split into the destination's creation and the
// source's deletion, each file's redacted diff rendered into files[i].diff, the output excerpt redacted. Everything
// else is kept as sent. Never throws; a value it could not make safe is withheld, never passed on unredacted.
import type { EventName, EventParams, FileChange } from '../../protocol/index.js';
import { renderDiffEvidence, type DiffKind } from './diff-evidence.js';
import { normalisePath } from './glob.js';
import { redactText } from './redact.js';

/** A file of the operation as hooks see it: the client's FileChange plus the rendered evidence (absent when it cannot be rendered). */
export type PreparedFileChange = FileChange & { readonly diff?: string };

/**
 * `workspace` (optional) makes the paths in diff headers relative to the project root, as hooks' file_path is; without
 * it they are written as the client sent them (slashes normalised).
 */
export async function prepareBonsaiParams(_event: EventName, params: EventParams, workspace?: string): Promise<EventParams> {
  const prepared: EventParams = { ...params };
  try {
    if (Array.isArray(params.files)) prepared.files = await prepareFiles(params.files, workspace ?? '');
    if (typeof params.outputExcerpt === 'string') prepared.outputExcerpt = await redactText(params.outputExcerpt);
  } catch {
    // A bug, not user content: still nothing unredacted goes on (no diffs at all, the excerpt withheld).
    if (Array.isArray(params.files)) prepared.files = params.files.flatMap(splitMove).map(({ diff: _diff, ...file }: PreparedFileChange) => file);
    if (typeof params.outputExcerpt === 'string') prepared.outputExcerpt = '[output excerpt withheld: preparing it failed]';
  }
  return prepared;
}

/** The files in operation order, a move becoming its destination's creation then its source's deletion. */
export async function prepareFiles(files: readonly FileChange[], workspace: string): Promise<PreparedFileChange[]> {
  const prepared: PreparedFileChange[] = [];
  for (const file of files.flatMap(splitMove)) prepared.push(await withDiff(file, workspace));
  return prepared;
}

/** A move as the seed has it: "an explicit destination creation plus source deletion". Other operations unchanged. */
export function splitMove(file: FileChange): FileChange[] {
  if (file.operation !== 'move') return [file];
  const { fromPath, oldContent, newContent, ...rest } = file;
  const created: FileChange = { ...rest, operation: 'create', newContent: typeof newContent === 'string' ? newContent : oldContent };
  if (fromPath === undefined) return [created];
  const deleted: FileChange = { ...rest, path: fromPath, operation: 'delete', oldContent };
  return [created, deleted];
}

const KINDS: Readonly<Record<Exclude<FileChange['operation'], 'move'>, DiffKind>> = { create: 'created', modify: 'modified', delete: 'deleted' };

/**
 * The file with its diff rendered from the precondition and the intended content the client sent (a `diff` the client
 * sent itself is dropped: evidence is always hookd's own, redacted). Without the contents the diff needs (a creation's
 * newContent, a deletion's oldContent, both for a modification) the file has no diff.
 */
async function withDiff(file: FileChange, workspace: string): Promise<PreparedFileChange> {
  const { diff: _clientDiff, ...rest } = file as PreparedFileChange;
  if (file.operation === 'move') return rest;
  const kind = KINDS[file.operation];
  const oldContent = typeof file.oldContent === 'string' ? file.oldContent : undefined;
  const newContent = typeof file.newContent === 'string' ? file.newContent : undefined;
  if ((kind !== 'created' && oldContent === undefined) || (kind !== 'deleted' && newContent === undefined)) return rest;
  const path = normalisePath(file.path, workspace);
  const evidence = await renderDiffEvidence({ path, kind, oldContent: oldContent ?? '', newContent: newContent ?? '' });
  return { ...rest, diff: evidence.text };
}
