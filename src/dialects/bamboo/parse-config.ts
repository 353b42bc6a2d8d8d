// One parsed Bamboo hooks.json document → its `lifecycle_hooks` entries and located diagnostics.
// Knows the section / event / group / handler shape; must not read files, combine files or assign ids.
import type { HandlerSpec } from '../../engine/dialect.js';
import type { Diagnostic } from '../../protocol/index.js';
import { diagnostic, type Severity } from '../../config/diagnostic.js';
import { locate, type JsonDocument, type JsonPath } from '../../config/json-locate.js';
import { formatPath } from '../../protocol/issue-text.js';
import { BAMBOO_EVENTS, isBambooEvent, type BambooEvent } from './event-rules.js';
import { describeValue, isObject } from './json-value.js';
import { compileEventMatcher } from './event-matcher.js';
import type { MatchFn } from './matcher.js';
import { parseHandler } from './parse-handler.js';

export const SECTION = 'lifecycle_hooks';

export type ParsedHook = {
  readonly event: BambooEvent;
  readonly groupIndex: number;
  readonly handlerIndex: number;
  readonly matcher?: string;
  readonly matches: MatchFn;
  readonly handler: HandlerSpec;
  /** The section or the group has `enabled: false`. */
  readonly disabled: boolean;
};

export type ParsedConfig = { readonly hooks: readonly ParsedHook[]; readonly diagnostics: readonly Diagnostic[] };

const GROUP_FIELDS = ['enabled', 'matcher', 'hooks'];

/**
 * Reads `lifecycle_hooks`: `enabled` (default true) and event keys, each an array of groups
 * `{enabled?, matcher?, hooks: [...]}`. No section: no hooks. Errors (wrong types, unknown events, a matcher
 * on an event without one, invalid regexes, bad handlers) are reported and the caller rejects the whole file;
 * unknown group or handler fields are warnings. Other top-level keys belong to other Bamboo settings: ignored.
 */
export function parseConfig(document: JsonDocument, platform: NodeJS.Platform = process.platform): ParsedConfig {
  const diagnostics: Diagnostic[] = [];
  const hooks: ParsedHook[] = [];
  const report = (severity: Severity, code: string, message: string, path: JsonPath): void => {
    diagnostics.push(
      diagnostic(severity, message, { file: document.file, ...locate(document, path), field: path.length === 0 ? '(root)' : formatPath(path), code }),
    );
  };
  const error = (code: string, message: string, path: JsonPath) => report('error', code, message, path);

  const root = document.value;
  if (!isObject(root)) {
    error('invalid-type', `a Bamboo hooks file must be a JSON object (got ${root === undefined ? 'an empty file' : describeValue(root)})`, []);
    return { hooks, diagnostics };
  }
  const section = root[SECTION];
  if (section === undefined) return { hooks, diagnostics };
  if (!isObject(section)) {
    error('invalid-type', `${SECTION} must be an object (got ${describeValue(section)})`, [SECTION]);
    return { hooks, diagnostics };
  }

  let sectionEnabled = true;
  const enabled = section.enabled;
  if (enabled !== undefined && enabled !== null) {
    if (typeof enabled === 'boolean') sectionEnabled = enabled;
    else error('invalid-type', `enabled must be true or false (got ${describeValue(enabled)})`, [SECTION, 'enabled']);
  }

  for (const [key, groups] of Object.entries(section)) {
    if (key === 'enabled') continue;
    const eventPath = [SECTION, key];
    if (!isBambooEvent(key)) {
      error('unknown-event', `unknown event "${key}"; Bamboo events are ${BAMBOO_EVENTS.join(', ')}`, eventPath);
      continue;
    }
    if (!Array.isArray(groups)) {
      error('invalid-type', `${key} must be an array of groups (got ${describeValue(groups)})`, eventPath);
      continue;
    }
    groups.forEach((group: unknown, groupIndex) => {
      const groupPath = [...eventPath, groupIndex];
      if (!isObject(group)) {
        error('invalid-type', `a group must be an object {"matcher"?, "enabled"?, "hooks"} (got ${describeValue(group)})`, groupPath);
        return;
      }
      for (const field of Object.keys(group)) {
        if (!GROUP_FIELDS.includes(field)) report('warning', 'unknown-field', `unknown field "${field}" in a group; ignored`, [...groupPath, field]);
      }
      let groupEnabled = true;
      const enabledValue = group.enabled;
      if (enabledValue !== undefined && enabledValue !== null) {
        if (typeof enabledValue === 'boolean') groupEnabled = enabledValue;
        else error('invalid-type', `enabled must be true or false (got ${describeValue(enabledValue)})`, [...groupPath, 'enabled']);
      }
      const matcherValue = group.matcher ?? undefined;
      let matcher: string | undefined;
      let matches: MatchFn = () => true;
      if (matcherValue !== undefined) {
        const matcherPath = [...groupPath, 'matcher'];
        if (typeof matcherValue !== 'string') {
          error('invalid-type', `matcher must be a string (got ${describeValue(matcherValue)})`, matcherPath);
        } else {
          const compiled = compileEventMatcher(key, matcherValue);
          if (compiled.ok) {
            matcher = matcherValue;
            matches = compiled.matches;
          } else {
            error(compiled.code, compiled.error, matcherPath);
          }
        }
      }
      const handlers = group.hooks;
      if (handlers === undefined || handlers === null) {
        error('missing-field', 'a group needs "hooks": an array of handlers', [...groupPath, 'hooks']);
        return;
      }
      if (!Array.isArray(handlers)) {
        error('invalid-type', `hooks must be an array of handlers (got ${describeValue(handlers)})`, [...groupPath, 'hooks']);
        return;
      }
      handlers.forEach((raw: unknown, handlerIndex) => {
        const handlerPath = [...groupPath, 'hooks', handlerIndex];
        const parsed = parseHandler(raw, platform);
        for (const problem of parsed.problems) report(problem.severity, problem.code, problem.message, [...handlerPath, ...problem.path]);
        if (parsed.handler === undefined) return;
        hooks.push({
          event: key,
          groupIndex,
          handlerIndex,
          ...(matcher !== undefined ? { matcher } : {}),
          matches,
          handler: parsed.handler,
          disabled: !sectionEnabled || !groupEnabled,
        });
      });
    });
  }
  return { hooks, diagnostics };
}
