// One parsed WAMP hooks.json document → its hook entries and located diagnostics (file, line, column, field). Knows the
// `hooks.<Event>[].{matcher, hooks[]}` shape; must not read files, combine files, assign ids or trust keys.
import type { CommandHandler } from '../../engine/dialect.js';
import type { EventName } from '../../protocol/index.js';
import { diagnostic, type DiagnosticAt, type Severity } from '../../config/diagnostic.js';
import { FileDiagnostics } from '../../config/file-diagnostics.js';
import { fieldAt, type JsonDocument, type JsonPath } from '../../config/json-locate.js';
import { formatPath } from '../../protocol/issue-text.js';
import type { Diagnostic } from '../../protocol/index.js';
import { WAMP_EVENTS, WAMP_TOOL_EVENTS } from './event-rules.js';
import { compileWampMatcher, matchesEveryTool, type MatchFn } from './matcher.js';
import { parseWampHandler } from './parse-handler.js';

export type ParsedWampHook = {
  readonly event: EventName;
  readonly groupIndex: number;
  readonly handlerIndex: number;
  /** As written, on tool events only (an ignored matcher on another event is dropped). */
  readonly matcher?: string;
  readonly matches: MatchFn;
  readonly handler: CommandHandler;
  readonly at: DiagnosticAt;
};

export type ParsedWampFile = {
  readonly hooks: readonly ParsedWampHook[];
  /** At most MAX_DIAGNOSTICS_PER_FILE, then one summary of the rest. */
  readonly diagnostics: readonly Diagnostic[];
  /** The file as a whole is unusable (not an object, `hooks` not an object): it contributes nothing. */
  readonly rejected: boolean;
};

/** Top-level fields of a hooks.json; any other is a warning and ignored. */
const FILE_FIELDS: readonly string[] = ['hooks'];
const GROUP_FIELDS: readonly string[] = ['matcher', 'hooks'];

/** Claude Code events a copied settings file may name: WAMP has none of them (the hint in the warning says so). */
const CLAUDE_ONLY_EVENTS: readonly string[] = [
  'PostToolUseFailure', 'PermissionRequest', 'PermissionDenied', 'Notification', 'SubagentStart', 'SubagentStop', 'PreCompact',
  'PostCompact', 'SessionEnd', 'Setup', 'InstructionsLoaded', 'UserPromptExpansion', 'StopFailure', 'ConfigChange', 'FileChanged',
  'CwdChanged', 'WorktreeCreate', 'WorktreeRemove', 'TaskCreated', 'TaskCompleted', 'TeammateIdle', 'PostToolBatch', 'Elicitation',
  'ElicitationResult',
];

/**
 * Whole-file problems (the root or `hooks` is not an object) are errors and the file contributes nothing; every
 * other problem is a warning and only the entry it names is skipped or ignored, "the rest of the file still applies":
 * an unknown event (its groups skipped), an unknown field at any level (ignored), a group that is not an object or
 * whose `hooks` is not an array (skipped), a `matcher` that is not a string or not a valid regular expression (its
 * group skipped), a `matcher` on an event without tools (ignored: the group runs on every such event), and the
 * handler's own problems (parse-handler.ts).
 */
export function parseWampHooksFile(document: JsonDocument): ParsedWampFile {
  const problems = new FileDiagnostics(document.file);
  const hooks: ParsedWampHook[] = [];
  const at = (path: JsonPath, code?: string): DiagnosticAt => fieldAt(document, path, code);
  // The field leads the message too: a run's warnings in the chat show `file:line:column: message` (engine/run-reads.ts).
  const report = (severity: Severity, code: string, message: string, path: JsonPath): void => {
    problems.add(severity, () => diagnostic(severity, path.length === 0 ? message : `${formatPath(path)}: ${message}`, at(path, code)));
  };
  const done = (rejected: boolean): ParsedWampFile => ({ hooks: rejected ? [] : hooks, diagnostics: problems.list(), rejected });

  const root = document.value;
  if (root === undefined) return done(false);
  if (!isObject(root)) {
    report('error', 'invalid-hooks-file', 'a hooks file must be a JSON object { "hooks": { … } }; file skipped', []);
    return done(true);
  }
  for (const name of Object.keys(root)) {
    if (!FILE_FIELDS.includes(name)) report('warning', 'unknown-field', `unknown field "${name}"; ignored`, [name]);
  }
  const events = root.hooks;
  if (events === undefined) return done(false);
  if (!isObject(events)) {
    report('error', 'invalid-hooks-file', '"hooks" must be an object keyed by event name; file skipped', ['hooks']);
    return done(true);
  }

  for (const [eventName, groups] of Object.entries(events)) {
    const eventPath = ['hooks', eventName];
    if (!isWampEvent(eventName)) {
      const why = CLAUDE_ONLY_EVENTS.includes(eventName) ? 'a Claude Code event WAMP does not have' : 'not a WAMP event';
      report('warning', 'unknown-event', `unknown event "${eventName}" (${why}; WAMP's events: ${WAMP_EVENTS.join(', ')}); its hooks are skipped`, eventPath);
      continue;
    }
    if (!Array.isArray(groups)) {
      report('warning', 'invalid-field', `"hooks.${eventName}" must be an array of groups; its hooks are skipped`, eventPath);
      continue;
    }
    const toolEvent = WAMP_TOOL_EVENTS.includes(eventName);
    groups.forEach((group: unknown, groupIndex) => {
      const groupPath = [...eventPath, groupIndex];
      if (!isObject(group)) {
        report('warning', 'invalid-group', 'a group must be an object { "matcher", "hooks" }; group skipped', groupPath);
        return;
      }
      for (const name of Object.keys(group)) {
        if (!GROUP_FIELDS.includes(name)) report('warning', 'unknown-field', `unknown group field "${name}"; ignored`, [...groupPath, name]);
      }
      const matcherPath = [...groupPath, 'matcher'];
      const matcher = group.matcher;
      if (matcher !== undefined && typeof matcher !== 'string') {
        report('warning', 'invalid-matcher', '"matcher" must be a string; group skipped', matcherPath);
        return;
      }
      if (!Array.isArray(group.hooks)) {
        report('warning', 'invalid-group', '"hooks" of a group must be an array of handlers; group skipped', [...groupPath, 'hooks']);
        return;
      }
      let matches: MatchFn = () => true;
      if (toolEvent) {
        const compiled = compileWampMatcher(matcher, `${document.file} ${formatPath(matcherPath)}`);
        if (!compiled.ok) {
          const what = compiled.code === 'matcher-too-long' ? 'matcher refused' : 'invalid regular expression in matcher';
          report('warning', compiled.code, `${what}: ${compiled.error}; group skipped`, matcherPath);
          return;
        }
        if (compiled.notice !== undefined) report('info', 'matcher-backtracking', compiled.notice, matcherPath);
        matches = compiled.matches;
      } else if (!matchesEveryTool(matcher)) {
        report('warning', 'matcher-ignored', `"matcher" applies to tool events only; ${eventName} has no tool, so "${matcher}" is ignored and the group runs on every ${eventName}`, matcherPath);
      }
      group.hooks.forEach((raw: unknown, handlerIndex) => {
        const handlerPath = [...groupPath, 'hooks', handlerIndex];
        const parsed = parseWampHandler(raw);
        for (const problem of parsed.problems) report('warning', problem.code, problem.message, [...handlerPath, ...problem.path]);
        if (parsed.handler === undefined) return;
        hooks.push({
          event: eventName,
          groupIndex,
          handlerIndex,
          ...(toolEvent && matcher !== undefined ? { matcher } : {}),
          matches,
          handler: parsed.handler,
          at: at(handlerPath),
        });
      });
    });
  }
  return done(false);
}

function isWampEvent(name: string): name is EventName {
  return (WAMP_EVENTS as readonly string[]).includes(name);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
