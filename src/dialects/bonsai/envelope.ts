// The seed's wire object: what a shell action reads on stdin and an http action receives as its POST body (and what
// llm_prompt markers are filled from). Every field is always present, null when the unit has no such fact. Pure.
import type { EventContext } from '../../engine/dialect.js';
import type { FileChange } from '../../protocol/index.js';
import { normalisePath } from './glob.js';
import { unitFilePath } from './hook-spec.js';
import type { WireObject } from './wire-fields.js';

export { WIRE_FIELDS, type WireObject } from './wire-fields.js';

/** The unit's file as bonsai globs and hooks see it (relative to the project root); undefined when it has none. */
export function wireFilePath(context: EventContext): string | undefined {
  const path = unitFilePath(context);
  return path === undefined ? undefined : normalisePath(path, context.workspace);
}

/** The rendered diff of a file (files[i].diff, filled by prepare-params.ts); undefined when none was rendered. */
function diffOf(file: FileChange): string | undefined {
  const diff = (file as { readonly diff?: unknown }).diff;
  return typeof diff === 'string' ? diff : undefined;
}

/**
 * The unit's diff evidence: its file's diff. A unit that still holds several files (PreToolUse of a tool writing
 * several files) shows every file's diff, one after another, in the order the client sent them.
 */
export function wireDiff(context: EventContext): string | undefined {
  const diffs = (context.params.files ?? []).map(diffOf).filter((diff): diff is string => diff !== undefined);
  return diffs.length === 0 ? undefined : diffs.join(diffs.every((diff) => diff.endsWith('\n')) ? '' : '\n');
}

/** The command the unit is about: PreBash/PostBash (and a shell tool's PreToolUse/PostToolUse, which expand fills). */
export function wireCommand(context: EventContext): string | undefined {
  return context.params.command;
}

export function wireObject(context: EventContext): WireObject {
  const { params } = context;
  return {
    event: context.event,
    session_id: context.sessionId,
    cwd: context.cwd,
    tool_name: params.toolName ?? null,
    file_path: wireFilePath(context) ?? null,
    tool_args: params.toolInput ?? null,
    command: wireCommand(context) ?? null,
    exit_code: typeof params.exitCode === 'number' ? params.exitCode : null,
    output_excerpt: params.outputExcerpt ?? null,
    diff: wireDiff(context) ?? null,
  };
}

/** One line of JSON (the seed's object); hookd's dispatcher writes it to stdin and closes it. */
export function renderStdin(context: EventContext): string {
  return JSON.stringify(wireObject(context));
}
