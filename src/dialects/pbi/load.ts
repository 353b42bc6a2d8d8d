// Loads pbi hooks: ~/.pbi-agent/hooks.json (global), <workspace>/.agents/hooks.json (project) and the trusted managed
// sources, in that order, each hook with its key, hash and review status from hooks_state.json. Reads files; runs nothing.
import type { HookSpec, LoadContext, LoadResult, SourceRejection } from '../../engine/dialect.js';
import { diagnostic, warningAt } from '../../config/diagnostic.js';
import { readJsonFile } from '../../config/json-locate.js';
import type { Diagnostic } from '../../protocol/index.js';
import { bypassesReview } from './bypass.js';
import { pbiCommandHandler, pbiShell, PBI_MAX_TIMEOUT_MS } from './handler-spec.js';
import { pbiHandlerIdentity, pbiHookHash } from './hook-hash.js';
import { OccurrenceCounter, pbiHookKey, pbiKeyPrefix, type PbiKeyParts } from './hook-key.js';
import { managedSources } from './managed-policy.js';
import { compilePbiMatcher, strippedMatcher, type MatchFn } from './matcher.js';
import { parsePbiHooksFile, type ParsedPbiHook } from './parse-hooks-file.js';
import { pythonStrip } from './python-int.js';
import { pbiFileSources, type PbiSource } from './sources.js';
import { lookupReviewStatus, readHookState } from './state-file.js';
import { pbiStatePath } from './state-path.js';

/** Events whose matcher pbi-agent never consults (facts §6): the hook runs on every such event, whatever it says. */
export const MATCHER_IGNORED_EVENTS: readonly string[] = ['UserPromptSubmit', 'Stop'];

type Pending = {
  readonly spec: Omit<HookSpec, 'review'>;
  readonly key: string;
  readonly keyPrefix: string;
  readonly currentHash: string;
  readonly managed: boolean;
  readonly soleHandlerOfGroup: boolean;
  readonly notes: readonly string[];
};

/**
 * One HookSpec per command handler in discovery order (file, event key order, group, handler). Ids are
 * `<global|project|managed:<file name>>:<Event>[group].hooks[handler]`. A missing file contributes nothing, silently;
 * an unreadable or invalid one is an error and contributes nothing (a reload keeps its last good hooks). The review
 * state of each hook: `managed` for a `managed: true` handler of a trusted managed source, else looked up in the state
 * file (state-file.ts); runnable when trusted or managed, and under the dangerous bypass when not disabled. The
 * state file is among `sources`, so another process's trust or disable reloads the hooks.
 */
export function loadPbiHooks(context: LoadContext): LoadResult {
  const bypass = bypassesReview(context);
  const statePath = pbiStatePath(context);
  const snapshot = readHookState(statePath);
  const diagnostics: Diagnostic[] = [];
  if (snapshot.problem !== undefined) {
    const next = snapshot.overwritable === false ? 'trust, disable and enable fail until it is fixed (hookd never overwrites a file it cannot read)' : 'the next trust, disable or enable replaces the file';
    diagnostics.push(warningAt(`the hook review state file is unusable (${snapshot.problem}): every hook counts as never reviewed; ${next}`, { file: statePath, code: 'invalid-state-file' }));
  }
  const managed = context.sources === undefined ? managedSources(context) : { sources: [], diagnostics: [], looked: [] };
  diagnostics.push(...managed.diagnostics);
  const sources: PbiSource[] = [...pbiFileSources(context), ...managed.sources];
  const rejections: SourceRejection[] = [];
  const occurrences = new OccurrenceCounter();
  const shell = pbiShell(context.env);
  const pending: Pending[] = [];
  const labels = sourceLabels(sources);

  sources.forEach((source, sourceIndex) => {
    const read = readJsonFile(source.path);
    if (read.status === 'missing') return;
    if (read.status === 'error') {
      diagnostics.push(read.diagnostic);
      rejections.push({ source: source.path, errors: 1 });
      return;
    }
    const parsed = parsePbiHooksFile(read.document);
    if (parsed.rejected) {
      diagnostics.push(...parsed.diagnostics);
      rejections.push({ source: source.path, errors: 1 });
      return;
    }
    const fileDiagnostics = [...parsed.diagnostics];
    for (const hook of parsed.hooks) {
      const built = buildHook(hook, source, labels[sourceIndex] ?? source.name, shell, occurrences);
      fileDiagnostics.push(...built.diagnostics);
      pending.push(built.pending);
    }
    diagnostics.push(...inFileOrder(fileDiagnostics));
  });

  const liveKeys = new Set(pending.map((entry) => entry.key));
  const hooks: HookSpec[] = pending.map((entry) => {
    const status = entry.managed
      ? ('managed' as const)
      : lookupReviewStatus({ key: entry.key, currentHash: entry.currentHash, keyPrefix: entry.keyPrefix, soleHandlerOfGroup: entry.soleHandlerOfGroup, liveKeys }, snapshot);
    const runnable = status === 'trusted' || status === 'managed' || (bypass && status !== 'disabled');
    return { ...entry.spec, review: { key: entry.key, status, currentHash: entry.currentHash, managed: entry.managed, runnable, diagnostics: entry.notes } };
  });

  return {
    hooks,
    diagnostics,
    sources: [...new Set([...sources.map((source) => source.path), ...managed.looked, statePath])],
    ...(rejections.length > 0 ? { rejectedSources: rejections.map((entry) => entry.source), rejections } : {}),
  };
}

function buildHook(hook: ParsedPbiHook, source: PbiSource, label: string, shell: string, occurrences: OccurrenceCounter): { readonly pending: Pending; readonly diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const notes: string[] = [];
  const { handler } = hook;
  const managed = source.name === 'managed' && handler.managedDeclared;
  if (handler.managedDeclared && source.name !== 'managed') {
    const text = `ignoring self-declared managed hook from ${source.name} source`;
    notes.push(`${source.path}: ${text}`);
    diagnostics.push(diagnostic('warning', `${hook.at.field ?? ''}.managed: ${text} (only a trusted managed policy source can mark a hook managed; it needs review like any other)`, { ...hook.at, field: `${hook.at.field ?? ''}.managed`, code: 'self-declared-managed' }));
  }
  const matcher = strippedMatcher(hook.matcher);
  let matches: MatchFn = () => true;
  if (!MATCHER_IGNORED_EVENTS.includes(hook.event)) {
    const compiled = compilePbiMatcher(hook.matcher, `${source.path} ${hook.matcherAt.field ?? ''}`);
    if (compiled.ok) {
      matches = compiled.matches;
      if (compiled.notice !== undefined) diagnostics.push(diagnostic('info', compiled.notice, { ...hook.matcherAt, code: 'matcher-backtracking' }));
    } else {
      const text = `invalid matcher ${JSON.stringify(matcher)}: ${compiled.error}; the hook never matches`;
      notes.push(`${source.path}: ${text}`);
      diagnostics.push(diagnostic('warning', `${hook.matcherAt.field ?? ''}: ${text}`, { ...hook.matcherAt, code: compiled.code }));
      matches = () => false;
    }
  } else if (matcher !== '' && matcher !== '*') {
    diagnostics.push(diagnostic('info', `${hook.matcherAt.field ?? ''}: ${hook.event} has no matcher input, so the matcher ${JSON.stringify(matcher)} is not consulted: the hook runs on every ${hook.event}`, { ...hook.matcherAt, code: 'matcher-ignored' }));
  }
  const built = pbiCommandHandler(handler, shell);
  if (built.capped) {
    diagnostics.push(diagnostic('warning', `${hook.at.field ?? ''}.timeout: ${handler.timeoutSeconds} s is longer than hookd can wait; ${Math.floor(PBI_MAX_TIMEOUT_MS / 1000)} s applies (the hash keeps ${handler.timeoutSeconds})`, { ...hook.at, field: `${hook.at.field ?? ''}.timeout`, code: 'timeout-capped' }));
  }
  const parts: PbiKeyParts = { source: source.name, resolvedPath: source.resolvedPath, event: hook.event, matcher, identity: pbiHandlerIdentity(handler.type, pythonStrip(handler.command)) };
  const key = pbiHookKey(parts, occurrences.next(parts));
  const currentHash = pbiHookHash({ event: hook.event, matcher, command: handler.command, type: handler.type, statusMessage: handler.statusMessage, timeoutSeconds: handler.timeoutSeconds, managed });
  const spec: Omit<HookSpec, 'review'> = {
    id: `${label}:${hook.event}[${hook.groupIndex}].hooks[${hook.handlerIndex}]`,
    event: hook.event,
    ...(hook.matcher !== undefined ? { matcher: hook.matcher } : {}),
    matches,
    handler: built.handler,
    source: source.path,
    scope: source.scope,
    location: hook.at,
    data: { pbiSource: source.name },
  };
  return { pending: { spec, key, keyPrefix: pbiKeyPrefix(parts), currentHash, managed, soleHandlerOfGroup: hook.soleHandlerOfGroup, notes }, diagnostics };
}

/** A file's diagnostics in the order of their place in it (the per-file summary of omitted ones stays last). */
function inFileOrder(list: readonly Diagnostic[]): Diagnostic[] {
  const rank = (entry: Diagnostic) => (entry.code === 'more-problems' ? 1 : 0);
  return [...list].sort((a, b) => rank(a) - rank(b) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}

/** Id prefixes: the source name; a managed file adds its file name (and `#n` when two share it). */
function sourceLabels(sources: readonly PbiSource[]): string[] {
  const seen = new Map<string, number>();
  return sources.map((source) => {
    const base = source.name === 'managed' ? `managed:${source.path.split('/').pop() ?? source.path}` : source.name;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}#${n}`;
  });
}
