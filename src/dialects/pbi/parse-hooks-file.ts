// One parsed pbi hooks.json document → its command handlers and located diagnostics (facts §1): the
// `{"hooks": {Event: [{matcher?, hooks: [handler]}]}}` shape with Python's reading of values. Must not read files,
// compute keys or hashes, or decide trust.
import type { Node } from 'jsonc-parser';
import { diagnostic, type DiagnosticAt, type Severity } from '../../config/diagnostic.js';
import { FileDiagnostics } from '../../config/file-diagnostics.js';
import { positionAt, type JsonDocument, type JsonPath } from '../../config/json-locate.js';
import { formatPath } from '../../protocol/issue-text.js';
import type { Diagnostic } from '../../protocol/index.js';
import { PBI_EVENTS, isPbiEvent, type PbiEvent } from './events.js';
import { isObjectNode, member, objectMembers } from './json-view.js';
import { parsePbiHandler, type ParsedPbiHandler } from './parse-handler.js';

export type ParsedPbiHook = {
  readonly event: PbiEvent;
  readonly groupIndex: number;
  readonly handlerIndex: number;
  /** The group's `matcher` when it is a string (as written); a non-string matcher counts as absent. */
  readonly matcher?: string;
  /** The raw `hooks` list of its group has length 1 (counting invalid handlers): the single-handler fallback (facts §4). */
  readonly soleHandlerOfGroup: boolean;
  readonly handler: ParsedPbiHandler;
  /** Where the handler is written. */
  readonly at: DiagnosticAt;
  /** Where its group's matcher is written (the handler when there is none). */
  readonly matcherAt: DiagnosticAt;
};

export type ParsedPbiFile = {
  readonly hooks: readonly ParsedPbiHook[];
  readonly diagnostics: readonly Diagnostic[];
  /** The file as a whole is unusable (not JSON, not `{"hooks": {…}}`): it contributes nothing. */
  readonly rejected: boolean;
};

const DEFERRED_EVENTS: Readonly<Record<string, string>> = {
  PermissionRequest: 'PermissionRequest hooks are deferred until pbi-agent has a permission/approval path; they are not dispatched',
};

/**
 * Whole-file problems are errors and the file contributes nothing: the root not an object, no `hooks` or `hooks` not
 * an object. Every other problem is a warning that skips only the entry it names, "one bad handler does not stop its
 * siblings": an unsupported (or miscased) event, an event whose value is not a list, a group that is not an object
 * or has no `hooks` list, and the handler's own problems (parse-handler.ts). A `matcher` that is not a string is a
 * warning and counts as absent (matches everything), as pbi-agent reads it.
 */
export function parsePbiHooksFile(document: JsonDocument): ParsedPbiFile {
  const problems = new FileDiagnostics(document.file);
  const hooks: ParsedPbiHook[] = [];
  const at = (node: Node, path: JsonPath, code?: string): DiagnosticAt => ({
    file: document.file,
    ...positionAt(document.lineStarts, node.parent?.type === 'property' ? node.parent.offset : node.offset),
    field: path.length === 0 ? '(root)' : formatPath(path),
    ...(code !== undefined ? { code } : {}),
  });
  const report = (severity: Severity, code: string, message: string, node: Node, path: JsonPath): void => {
    problems.add(severity, () => diagnostic(severity, path.length === 0 ? message : `${formatPath(path)}: ${message}`, at(node, path, code)));
  };
  const done = (rejected: boolean): ParsedPbiFile => ({ hooks: rejected ? [] : hooks, diagnostics: problems.list(), rejected });

  const root = document.root;
  if (root === undefined) {
    problems.add('error', () => diagnostic('error', 'the file is empty, which is not JSON; expected {"hooks": {…}}; file skipped', { file: document.file, line: 1, column: 1, field: '(root)', code: 'invalid-json' }));
    return done(true);
  }
  const events = isObjectNode(root) ? member(root, 'hooks')?.value : undefined;
  if (!isObjectNode(root) || events === undefined || !isObjectNode(events)) {
    const why = !isObjectNode(root) ? 'the top level is not an object' : events === undefined ? 'it has no "hooks"' : '"hooks" is not an object';
    report('error', 'invalid-hooks-file', `expected a top-level object with "hooks" (an object keyed by event name), but ${why}; file skipped`, events ?? root, events === undefined ? [] : ['hooks']);
    return done(true);
  }

  for (const { key: eventName, value: groups } of objectMembers(events)) {
    const eventPath = ['hooks', eventName];
    if (!isPbiEvent(eventName)) {
      const deferred = DEFERRED_EVENTS[eventName];
      const miscased = PBI_EVENTS.find((name) => name.toLowerCase() === eventName.toLowerCase());
      const why = deferred ?? (miscased !== undefined ? `event names are case-sensitive: did you mean "${miscased}"?` : `pbi's events: ${PBI_EVENTS.join(', ')}`);
      report('warning', deferred !== undefined ? 'deferred-event' : 'unsupported-event', `unsupported hook event "${eventName}" (${why}); its hooks are skipped`, groups, eventPath);
      continue;
    }
    if (groups.type !== 'array') {
      report('warning', 'invalid-event', `event ${eventName} must contain a list of groups; its hooks are skipped`, groups, eventPath);
      continue;
    }
    (groups.children ?? []).forEach((group, groupIndex) => {
      const groupPath = [...eventPath, groupIndex];
      if (!isObjectNode(group)) {
        report('warning', 'invalid-group', 'a hook group must be an object {"matcher", "hooks"}; group skipped', group, groupPath);
        return;
      }
      const list = member(group, 'hooks')?.value;
      if (list === undefined || list.type !== 'array') {
        report('warning', 'invalid-group', 'a hook group is missing its "hooks" list; group skipped', list ?? group, list === undefined ? groupPath : [...groupPath, 'hooks']);
        return;
      }
      const matcherMember = member(group, 'matcher');
      let matcher: string | undefined;
      if (matcherMember !== undefined) {
        const value: unknown = matcherMember.value.value;
        if (matcherMember.value.type === 'string' && typeof value === 'string') matcher = value;
        else if (matcherMember.value.type !== 'null') {
          report('warning', 'invalid-matcher', '"matcher" must be a string; it counts as absent, so the group matches everything', matcherMember.value, [...groupPath, 'matcher']);
        }
      }
      const handlers = list.children ?? [];
      handlers.forEach((raw, handlerIndex) => {
        const handlerPath = [...groupPath, 'hooks', handlerIndex];
        const parsed = parsePbiHandler(raw, document.text);
        for (const problem of parsed.problems) {
          report('warning', problem.code, problem.message, problem.node ?? raw, [...handlerPath, ...problem.path]);
        }
        if (parsed.handler === undefined) return;
        hooks.push({
          event: eventName,
          groupIndex,
          handlerIndex,
          ...(matcher !== undefined ? { matcher } : {}),
          soleHandlerOfGroup: handlers.length === 1,
          handler: parsed.handler,
          at: at(raw, handlerPath),
          matcherAt: matcherMember !== undefined ? at(matcherMember.value, [...groupPath, 'matcher'], 'invalid-regex') : at(raw, handlerPath),
        });
      });
    });
  }
  return done(false);
}
