// The events one bonsai request runs, in order (Dialect.expand): a declared shell tool's PreToolUse/PostToolUse also
// fires PreBash/PostBash, a file-writing tool's fires PreFileWrite/PostFileWrite once per file, and a multi-file
// PreFileWrite/PostFileWrite runs one unit per file. Pure: reads the params and the client's tool declarations.
import type { DispatchUnit, ToolKinds } from '../../engine/dialect.js';
import type { EventName, EventParams, FileChange } from '../../protocol/index.js';

const DEFAULT_COMMAND_FIELD = 'command';
const DEFAULT_PATH_FIELD = 'path';

/** The files one write operation touches, a move split into a creation of `path` and a deletion of `fromPath`. */
export function splitMoves(files: readonly FileChange[]): FileChange[] {
  return files.flatMap((file): FileChange[] => {
    if (file.operation !== 'move') return [file];
    const { fromPath, ...rest } = file;
    const creation: FileChange = { ...rest, operation: 'create', oldContent: null };
    if (fromPath === undefined) return [creation];
    return [creation, { path: fromPath, operation: 'delete', oldContent: file.oldContent ?? null, newContent: null }];
  });
}

/** `PreFileWrite src/main.rs` (a deletion says so: `PreFileWrite src/old.rs (deleted)`). */
export function fileUnitLabel(event: EventName, file: FileChange): string {
  return `${event} ${file.path}${file.operation === 'delete' ? ' (deleted)' : ''}`;
}

function fileUnits(event: 'PreFileWrite' | 'PostFileWrite', params: EventParams, files: readonly FileChange[]): DispatchUnit[] {
  return splitMoves(files).map((file) => ({ event, params: { ...params, files: [file] }, label: fileUnitLabel(event, file) }));
}

/** The command a shell tool runs: its declared field of the tool input (a rewrite changes it), else params.command. */
function commandOf(params: EventParams, field: string): string | undefined {
  const value = params.toolInput?.[field];
  return typeof value === 'string' ? value : params.command;
}

/**
 * - PreToolUse / PostToolUse of a tool declared `shell`: [the tool event, PreBash / PostBash], both carrying the
 *   command (from the tool input's commandField, default "command"); without a command string, only the tool event.
 * - Of a tool declared `file_write`: [the tool event, then PreFileWrite / PostFileWrite per file], the files from
 *   params.files, else one file named by the tool input's pathField (default "path"), which has no content and so no diff.
 * - PreFileWrite / PostFileWrite: one unit per file (moves split into a creation and a deletion).
 * - Anything else: the event itself.
 */
export function expand(event: EventName, params: EventParams, tools: ToolKinds): readonly DispatchUnit[] {
  if (event === 'PreFileWrite' || event === 'PostFileWrite') {
    const files = params.files ?? [];
    return files.length > 0 ? fileUnits(event, params, files) : [{ event, params }];
  }
  if ((event !== 'PreToolUse' && event !== 'PostToolUse') || params.toolName === undefined) return [{ event, params }];
  const tool = tools.get(params.toolName);
  const pre = event === 'PreToolUse';
  if (tool?.kind === 'shell') {
    const command = commandOf(params, tool.commandField ?? DEFAULT_COMMAND_FIELD);
    if (command === undefined) return [{ event, params, label: event }];
    const withCommand = { ...params, command };
    return [
      { event, params: withCommand, label: event },
      { event: pre ? 'PreBash' : 'PostBash', params: withCommand, label: pre ? 'PreBash' : 'PostBash' },
    ];
  }
  if (tool?.kind === 'file_write') {
    const path = params.toolInput?.[tool.pathField ?? DEFAULT_PATH_FIELD];
    const fileEvent = pre ? 'PreFileWrite' : 'PostFileWrite';
    if (params.files !== undefined && params.files.length > 0) return [{ event, params, label: event }, ...fileUnits(fileEvent, params, params.files)];
    if (typeof path !== 'string' || path === '') return [{ event, params, label: event }];
    // The tool input names the file but the client sent no content: hooks see the path, and no diff.
    const withPath = { ...params, filePath: path };
    return [
      { event, params: withPath, label: event },
      { event: fileEvent, params: withPath, label: `${fileEvent} ${path}` },
    ];
  }
  return [{ event, params }];
}
