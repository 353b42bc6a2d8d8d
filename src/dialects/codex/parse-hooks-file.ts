// One parsed codex hooks.json document → its command hooks in configured order and located diagnostics (hook-systems
// §3.1, §3.3): `{"description"?, "hooks": {Event: [{matcher?, hooks: [handler]}]}}`. Must not read files, compute keys
// or hashes, or decide trust.
import type { CommandHandler } from '../../engine/dialect.js';
import { diagnostic, type DiagnosticAt, type Severity } from '../../config/diagnostic.js';
import { FileDiagnostics } from '../../config/file-diagnostics.js';
import { fieldAt, type JsonDocument, type JsonPath } from '../../config/json-locate.js';
import type { Diagnostic, EventName } from '../../protocol/index.js';
import { formatPath } from '../../protocol/issue-text.js';
import { CODEX_EVENTS, isCodexEvent } from './events.js';
import { compileCodexMatcher, isMatchAllMatcher, type MatchFn } from './matcher.js';
import { isObject, parseCodexHandler } from './parse-handler.js';

/** Events whose matcher Codex never consults (common.rs matcher_pattern_for_event): it is dropped, even an invalid one. */
export const CODEX_MATCHERLESS_EVENTS: readonly EventName[] = ['UserPromptSubmit', 'Stop'];

export type ParsedCodexHook = {
  readonly event: EventName;
  readonly groupIndex: number;
  readonly handlerIndex: number;
  /** The group's matcher as written (a string), undefined when omitted. */
  readonly matcher?: string;
  /** The matcher as Codex counts it for this event (undefined on UserPromptSubmit and Stop): what the hash covers. */
  readonly effectiveMatcher?: string;
  readonly matches: MatchFn;
  readonly handler: CommandHandler;
  /** The handler object exactly as written (the trust hash covers it, normalized by hook-hash.ts). */
  readonly written: Readonly<Record<string, unknown>>;
  /** Where the handler is written (field `hooks.PreToolUse[0].hooks[1]`). */
  readonly at: DiagnosticAt;
};

export type ParsedCodexFile = {
  readonly hooks: readonly ParsedCodexHook[];
  readonly diagnostics: readonly Diagnostic[];
  /** The file as a whole is unusable (empty, not an object, `hooks` not an object): it contributes nothing. */
  readonly rejected: boolean;
  readonly description?: string;
};

const TOP_LEVEL_KEYS = ['description', 'hooks'];

/**
 * Whole-file problems are errors and the file contributes nothing (empty, the top level not an object, `hooks` not an
 * object). Everything else skips only what it names, with a warning, and the rest loads: an unknown or miscased
 * event, an event that is not a list, a group that is not an object, has a matcher that is not a string or a regex
 * Codex/hookd cannot compile ("invalid regex → warning, whole group skipped") or a `hooks` that is not a list, and a
 * handler's own problems (parse-handler.ts). Codex refuses the whole file for a field of the wrong type or an
 * unknown top-level key (serde); hookd warns and loads the rest. Handler indexes count every entry of the group's
 * list, skipped ones too (Codex's key is positional).
 */
export function parseCodexHooksFile(document: JsonDocument, label = document.file): ParsedCodexFile {
  const problems = new FileDiagnostics(document.file);
  const hooks: ParsedCodexHook[] = [];
  const at = (path: JsonPath, code?: string): DiagnosticAt => fieldAt(document, path, code);
  const report = (severity: Severity, code: string, message: string, path: JsonPath): void => {
    problems.add(severity, () => diagnostic(severity, message, at(path, code)));
  };
  const done = (rejected: boolean, description?: string): ParsedCodexFile => ({
    hooks: rejected ? [] : hooks,
    diagnostics: problems.list(),
    rejected,
    ...(description !== undefined ? { description } : {}),
  });

  const root = document.value;
  if (root === undefined) {
    report('error', 'invalid-json', 'the file is empty, which is not JSON; expected {"hooks": {…}}; file skipped', []);
    return done(true);
  }
  if (!isObject(root)) {
    report('error', 'invalid-hooks-file', 'a hooks file must be a JSON object {"hooks": {…}}; file skipped', []);
    return done(true);
  }
  for (const key of Object.keys(root)) {
    if (!TOP_LEVEL_KEYS.includes(key)) report('warning', 'unknown-field', `unknown top-level field "${key}" (Codex refuses a hooks file with it; hookd ignores it)`, [key]);
  }
  let description: string | undefined;
  if (root['description'] !== undefined) {
    if (typeof root['description'] === 'string') description = root['description'];
    else report('warning', 'invalid-field', '"description" must be a string; ignored', ['description']);
  }
  const events = root['hooks'];
  if (events === undefined) return done(false, description);
  if (!isObject(events)) {
    report('error', 'invalid-hooks-file', '"hooks" must be an object keyed by event name; file skipped', ['hooks']);
    return done(true, description);
  }

  for (const [eventName, groups] of Object.entries(events)) {
    const eventPath = ['hooks', eventName];
    if (!isCodexEvent(eventName)) {
      const miscased = CODEX_EVENTS.find((name) => name.toLowerCase() === eventName.toLowerCase());
      const why = miscased !== undefined ? `event names are case-sensitive: did you mean "${miscased}"?` : `Codex's events: ${CODEX_EVENTS.join(', ')}`;
      report('warning', 'unknown-event', `unknown hook event "${eventName}" (${why}); its hooks are skipped`, eventPath);
      continue;
    }
    if (!Array.isArray(groups)) {
      report('warning', 'invalid-event', `"hooks.${eventName}" must be a list of matcher groups; its hooks are skipped`, eventPath);
      continue;
    }
    groups.forEach((group: unknown, groupIndex) => {
      const groupPath = [...eventPath, groupIndex];
      if (!isObject(group)) {
        report('warning', 'invalid-group', 'a matcher group must be an object {"matcher", "hooks"}; group skipped', groupPath);
        return;
      }
      const matcherPath = [...groupPath, 'matcher'];
      const matcher = group['matcher'] ?? undefined;
      if (matcher !== undefined && typeof matcher !== 'string') {
        report('warning', 'invalid-matcher', '"matcher" must be a string; group skipped', matcherPath);
        return;
      }
      const list = group['hooks'] ?? [];
      if (!Array.isArray(list)) {
        report('warning', 'invalid-group', '"hooks" of a matcher group must be a list of handlers; group skipped', [...groupPath, 'hooks']);
        return;
      }
      const consulted = !CODEX_MATCHERLESS_EVENTS.includes(eventName);
      let matches: MatchFn = () => true;
      if (consulted) {
        const compiled = compileCodexMatcher(matcher, `${label} ${formatPath(matcherPath)}`);
        if (!compiled.ok) {
          report('warning', compiled.code, `invalid matcher ${JSON.stringify(matcher)}: ${compiled.error}; the whole group is skipped (as Codex)`, matcherPath);
          return;
        }
        matches = compiled.matches;
      } else if (!isMatchAllMatcher(matcher)) {
        report('info', 'matcher-ignored', `${eventName} has no matcher input, so Codex ignores the matcher ${JSON.stringify(matcher)}: the hooks run on every ${eventName}`, matcherPath);
      }
      list.forEach((raw: unknown, handlerIndex) => {
        const handlerPath = [...groupPath, 'hooks', handlerIndex];
        const parsed = parseCodexHandler(raw, eventName);
        for (const problem of parsed.problems) {
          const path = [...handlerPath, ...problem.path];
          report(problem.severity, problem.code, `${formatPath(path)}: ${problem.message}`, path);
        }
        if (parsed.handler === undefined || !isObject(raw)) return;
        hooks.push({
          event: eventName,
          groupIndex,
          handlerIndex,
          ...(matcher !== undefined ? { matcher } : {}),
          ...(consulted && matcher !== undefined ? { effectiveMatcher: matcher } : {}),
          matches,
          handler: parsed.handler,
          written: raw,
          at: at(handlerPath),
        });
      });
    });
  }
  return done(false, description);
}

