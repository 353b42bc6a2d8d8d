// One parsed Claude Code settings document → its hook entries, its hook-policy flags and located diagnostics.
// Knows the `hooks.<Event>[].hooks[]` shape; must not read files, combine files, dedupe or assign ids.
import type { HandlerSpec } from '../../engine/dialect.js';
import type { Diagnostic, EventName } from '../../protocol/index.js';
import { canonicalJson } from '../../config/canonical-json.js';
import { diagnostic, type DiagnosticAt, type Severity } from '../../config/diagnostic.js';
import { FileDiagnostics } from '../../config/file-diagnostics.js';
import { fieldAt, type JsonDocument, type JsonPath } from '../../config/json-locate.js';
import { formatPath } from '../../protocol/issue-text.js';
import { EVENT_RULES, OTHER_CLAUDE_EVENTS, isClaudeEvent } from './event-rules.js';
import { compileMatcher, NARROW_EXACT_SET, normalizeMatcher, type MatchFn } from './matcher.js';
import { parseHandler, type HandlerParse } from './parse-handler.js';

export type ParsedHook = {
  readonly event: EventName;
  readonly groupIndex: number;
  readonly handlerIndex: number;
  readonly matcher?: string;
  readonly matches: MatchFn;
  readonly handler: HandlerSpec;
  /** The handler's `if` rule, compiled: the hook starts only when it applies. */
  readonly condition?: NonNullable<HandlerParse['condition']>;
  /**
   * Claude Code's identity of a handler: for a command, equal for the same event, shell (omitted = "bash"), command
   * string, args and `if` rule (timeout, statusMessage and the other fields do not count, nor does the matcher); for
   * http the event, URL and `if` rule; for the other types the whole handler JSON.
   */
  readonly dedupeKey: string;
  /** The matcher as it matches: omitted, "", "*" and an ignored matcher are equal. */
  readonly matcherKey: string;
  readonly at: DiagnosticAt;
};

export type SettingsFlag = { readonly value: boolean; readonly at: DiagnosticAt };

export type ParsedSettings = {
  readonly hooks: readonly ParsedHook[];
  readonly disableAllHooks?: SettingsFlag;
  readonly allowManagedHooksOnly?: SettingsFlag;
  /** At most MAX_DIAGNOSTICS_PER_FILE, then one summary of the rest. */
  readonly diagnostics: readonly Diagnostic[];
};

const matchAll: MatchFn = () => true;

/** `env`: the environment hooks get (see parseHandler); `home`: the base of `~/` paths in handlers' `if` rules. */
export function parseSettings(document: JsonDocument, workspace: string, env: Readonly<Record<string, string | undefined>> = {}, home?: string): ParsedSettings {
  const problems = new FileDiagnostics(document.file);
  const hooks: ParsedHook[] = [];
  const at = (path: JsonPath, code?: string): DiagnosticAt => fieldAt(document, path, code);
  const report = (severity: Severity, code: string, message: string, path: JsonPath): void => {
    problems.add(severity, () => diagnostic(severity, message, at(path, code)));
  };

  const root = document.value;
  if (root === undefined) return { hooks, diagnostics: [] };
  if (!isObject(root)) {
    report('error', 'invalid-settings', 'settings must be a JSON object; file skipped', []);
    return { hooks, diagnostics: problems.list() };
  }

  const flag = (name: 'disableAllHooks' | 'allowManagedHooksOnly'): SettingsFlag | undefined => {
    const value = root[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'boolean') {
      report('warning', 'invalid-field', `"${name}" must be true or false; ignored`, [name]);
      return undefined;
    }
    return { value, at: at([name]) };
  };
  const disableAllHooks = flag('disableAllHooks');
  const allowManagedHooksOnly = flag('allowManagedHooksOnly');
  const flags = {
    ...(disableAllHooks !== undefined ? { disableAllHooks } : {}),
    ...(allowManagedHooksOnly !== undefined ? { allowManagedHooksOnly } : {}),
  };

  const hooksValue = root.hooks;
  if (hooksValue === undefined) return { hooks, diagnostics: problems.list(), ...flags };
  if (!isObject(hooksValue)) {
    report('error', 'invalid-field', '"hooks" must be an object keyed by event name; hooks of this file skipped', ['hooks']);
    return { hooks, diagnostics: problems.list(), ...flags };
  }

  for (const [eventName, groups] of Object.entries(hooksValue)) {
    const eventPath = ['hooks', eventName];
    if (!isClaudeEvent(eventName)) {
      const message = OTHER_CLAUDE_EVENTS.includes(eventName)
        ? `event "${eventName}" is a Claude Code event hookd does not dispatch yet; its hooks are skipped`
        : `unknown event "${eventName}"; its hooks are skipped`;
      report('warning', 'unknown-event', message, eventPath);
      continue;
    }
    if (!Array.isArray(groups)) {
      report('error', 'invalid-field', `"hooks.${eventName}" must be an array of matcher groups; skipped`, eventPath);
      continue;
    }
    const rule = EVENT_RULES[eventName];
    groups.forEach((group: unknown, groupIndex) => {
      const groupPath = [...eventPath, groupIndex];
      if (!isObject(group)) {
        report('error', 'invalid-field', 'a matcher group must be an object { "matcher", "hooks" }; group skipped', groupPath);
        return;
      }
      const matcher = group.matcher;
      if (matcher !== undefined && typeof matcher !== 'string') {
        report('error', 'invalid-field', '"matcher" must be a string; group skipped', [...groupPath, 'matcher']);
        return;
      }
      if (!Array.isArray(group.hooks)) {
        report('error', 'invalid-field', '"hooks" of a matcher group must be an array of handlers; group skipped', [...groupPath, 'hooks']);
        return;
      }
      let matches = matchAll;
      if (rule.hasMatcher) {
        const matcherPath = [...groupPath, 'matcher'];
        const compiled = compileMatcher(matcher, `${document.file} ${formatPath(matcherPath)}`, rule.narrowExactSet ? NARROW_EXACT_SET : undefined);
        if (!compiled.ok) {
          const what = compiled.code === 'matcher-too-long' ? 'matcher refused' : 'invalid regular expression in matcher';
          report('error', compiled.code, `${what}: ${compiled.error}; group skipped`, matcherPath);
          return;
        }
        if (compiled.notice !== undefined) report('info', 'matcher-backtracking', compiled.notice, matcherPath);
        matches = compiled.matches;
      } else if (matcher !== undefined && normalizeMatcher(matcher) !== '*') {
        report('info', 'matcher-ignored', `${eventName} has no matcher; "${matcher}" is ignored and the hooks run on every ${eventName}`, [...groupPath, 'matcher']);
      }
      group.hooks.forEach((raw: unknown, handlerIndex) => {
        const handlerPath = [...groupPath, 'hooks', handlerIndex];
        const parsed = parseHandler(raw, eventName, workspace, env, home);
        for (const problem of parsed.problems) report(problem.severity, problem.code, problem.message, [...handlerPath, ...problem.path]);
        if (parsed.handler === undefined) return;
        hooks.push({
          event: eventName,
          groupIndex,
          handlerIndex,
          ...(matcher !== undefined ? { matcher } : {}),
          matches,
          handler: parsed.handler,
          ...(parsed.condition !== undefined ? { condition: parsed.condition } : {}),
          dedupeKey: handlerIdentity(eventName, raw as Record<string, unknown>),
          matcherKey: rule.hasMatcher ? normalizeMatcher(matcher) : '*',
          at: at(handlerPath),
        });
      });
    });
  }
  return { hooks, diagnostics: problems.list(), ...flags };
}

/** The fields Claude Code de-duplicates command handlers by (hookd adds `args`, which Claude Code's key predates). */
function handlerIdentity(event: EventName, raw: Record<string, unknown>): string {
  if (raw.type === 'command') return canonicalJson([event, raw.shell ?? 'bash', raw.command, raw.args ?? null, raw.if ?? '']);
  if (raw.type === 'http') return canonicalJson([event, 'http', raw.url, raw.if ?? '']);
  return canonicalJson([event, raw]);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
