// One parsed Bamboo hooks.json document → its `lifecycle_hooks` entries and located diagnostics.
// Knows the section / event / group shape; must not read files, combine files or assign ids.
import { z } from 'zod';
import type { HandlerSpec } from '../../engine/dialect.js';
import type { Diagnostic } from '../../protocol/index.js';
import { diagnostic } from '../../config/diagnostic.js';
import { FileDiagnostics } from '../../config/file-diagnostics.js';
import { locate, type JsonDocument, type JsonPath } from '../../config/json-locate.js';
import { formatPath } from '../../protocol/issue-text.js';
import { BAMBOO_EVENTS, isBambooEvent, type BambooEvent } from './event-rules.js';
import { describeValue, isObject } from './json-value.js';
import { compileEventMatcher } from './event-matcher.js';
import type { MatchFn } from './matcher.js';
import { misplacedKeys } from './misplaced-keys.js';
import { parseHandler } from './parse-handler.js';
import { got, parseLeniently, unknownFields, type Problem } from './schema.js';

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
  /** With disabled: which `enabled: false` (for explanations). */
  readonly disabledBy?: string;
  /** Where the handler is written. */
  readonly at?: { readonly file: string; readonly line: number; readonly column: number; readonly field: string };
};

export type ParsedConfig = {
  readonly hooks: readonly ParsedHook[];
  /** At most MAX_DIAGNOSTICS_PER_FILE, then one summary of the rest. */
  readonly diagnostics: readonly Diagnostic[];
  /** Every error found, listed or not: one is enough to reject the file. */
  readonly errorCount: number;
  /**
   * The event keys (as written) with at least one error in them or in their groups and handlers, in file order;
   * and whether an error sits outside every event (the file, the section, `lifecycle_hooks.enabled`).
   */
  readonly eventsWithErrors: readonly string[];
  readonly fileLevelError: boolean;
};

/** The section itself, not a copy: a copy would lose an own `__proto__` key, which is still an unknown event. */
const SectionObject = z.custom<Record<string, unknown>>(isObject, { error: got(`${SECTION} must be an object`), params: { code: 'invalid-type' } });
const FileSchema = z.looseObject(
  { [SECTION]: SectionObject.optional() },
  { error: (issue) => `a Bamboo hooks file must be a JSON object (got ${issue.input === undefined ? 'an empty file' : describeValue(issue.input)})` },
);
/** An optional field set to `null` counts as omitted (serde's `Option`). */
const enabled = z.boolean({ error: got('enabled must be true or false') }).nullish();
const SectionSchema = z.looseObject({ enabled });
const EventKey = z.string().refine(isBambooEvent, {
  error: (issue) => `unknown event "${String(issue.input)}"; Bamboo events are ${BAMBOO_EVENTS.join(', ')}`,
  params: { code: 'unknown-event' },
});

/** An event's array of groups, and one group: its matcher compiled for that event, `hooks: null` as missing. */
const eventSchemas = (event: BambooEvent) => ({
  groups: z.array(z.unknown(), { error: got(`${event} must be an array of groups`) }),
  group: z.looseObject(
    {
      enabled,
      matcher: z
        .string({ error: got('matcher must be a string') })
        .nullish()
        .transform((given, ctx): { matcher?: string; matches: MatchFn } => {
          const matcher = given ?? undefined;
          const compiled = compileEventMatcher(event, matcher);
          if (compiled.ok) return { ...(matcher !== undefined ? { matcher } : {}), matches: compiled.matches };
          ctx.addIssue({ code: 'custom', message: compiled.error, params: { code: compiled.code } });
          return z.NEVER;
        }),
      hooks: z.preprocess((value) => value ?? undefined, z.array(z.unknown(), { error: got('hooks must be an array of handlers', 'a group needs "hooks": an array of handlers') })),
    },
    { error: got('a group must be an object {"matcher"?, "enabled"?, "hooks"}') },
  ),
});
const EVENT_SCHEMAS = Object.fromEntries(BAMBOO_EVENTS.map((event) => [event, eventSchemas(event)])) as Record<BambooEvent, ReturnType<typeof eventSchemas>>;

/**
 * Reads `lifecycle_hooks`: `enabled` (default true) and event keys, each an array of groups
 * `{enabled?, matcher?, hooks: [...]}`. No section: no hooks. Errors (wrong types, unknown events, a matcher
 * on an event without one, invalid regexes, bad handlers) are reported with the event they sit in, and the caller
 * decides what of the file loads; unknown group or handler fields are warnings. Other top-level keys belong to
 * other Bamboo settings and are ignored, but ones that look like hook entries (event names, `enabled`, a misspelt
 * wrapper) get a warning: they load nothing.
 */
/** The event key a problem at `path` belongs to: `lifecycle_hooks.<key>...` (not `enabled`); undefined for the file. */
function eventKeyOf(path: JsonPath): string | undefined {
  const key = path[1];
  return path[0] === SECTION && typeof key === 'string' && key !== 'enabled' ? key : undefined;
}

export function parseConfig(document: JsonDocument, platform: NodeJS.Platform = process.platform): ParsedConfig {
  const diagnostics = new FileDiagnostics(document.file);
  const hooks: ParsedHook[] = [];
  const eventsWithErrors = new Set<string>();
  let fileLevelError = false;
  const done = (): ParsedConfig => ({ hooks, diagnostics: diagnostics.list(), errorCount: diagnostics.errorCount, eventsWithErrors: [...eventsWithErrors], fileLevelError });
  const report = (problems: readonly Problem[], at: JsonPath): void => {
    for (const problem of problems) {
      if (problem.severity === 'error') {
        const event = eventKeyOf([...at, ...problem.path]);
        if (event === undefined) fileLevelError = true;
        else eventsWithErrors.add(event);
      }
      diagnostics.add(problem.severity, () => {
        const path = [...at, ...problem.path];
        const field = path.length === 0 ? '(root)' : formatPath(path);
        return diagnostic(problem.severity, problem.message, { file: document.file, ...locate(document, path), field, code: problem.code });
      });
    }
  };
  /** `value` (at `at` in the file) parsed with `schema`, its problems reported after `warnings`. */
  const parse = <T>(schema: z.ZodType<T>, value: unknown, at: JsonPath, warnings: readonly Problem[] = []): T | undefined => {
    const parsed = parseLeniently(schema, value);
    report([...warnings, ...parsed.problems], at);
    return parsed.data;
  };

  const section = parse(FileSchema, document.value, [])?.[SECTION];
  const stray = misplacedKeys(document.file, document.value, section !== undefined);
  if (stray !== undefined) report([{ severity: 'warning', code: 'outside-lifecycle-hooks', message: stray.message, path: [stray.keys[0] ?? ''] }], []);
  if (section === undefined) return done();
  const sectionEnabled = parse(SectionSchema, section, [SECTION])?.enabled;
  for (const [key, value] of Object.entries(section)) {
    if (key === 'enabled') continue;
    const eventPath = [SECTION, key];
    const event = parse(EventKey, key, eventPath);
    if (event === undefined) continue;
    const schemas = EVENT_SCHEMAS[event];
    parse(schemas.groups, value, eventPath)?.forEach((raw, groupIndex) => {
      const groupPath = [...eventPath, groupIndex];
      const group = parse(schemas.group, raw, groupPath, unknownFields(schemas.group, raw, 'in a group'));
      group?.hooks.forEach((rawHandler, handlerIndex) => {
        const parsed = parseHandler(rawHandler, platform);
        report(parsed.problems, [...groupPath, 'hooks', handlerIndex]);
        if (parsed.handler === undefined) return;
        const disabled = sectionEnabled === false || group.enabled === false;
        const disabledBy = sectionEnabled === false ? `"enabled": false on ${SECTION} in ${document.file}` : `"enabled": false on its group ${formatPath(groupPath)} in ${document.file}`;
        const handlerPath = [...groupPath, 'hooks', handlerIndex];
        const at = { file: document.file, ...locate(document, handlerPath), field: formatPath(handlerPath) };
        hooks.push({ event, groupIndex, handlerIndex, ...group.matcher, handler: parsed.handler, disabled, ...(disabled ? { disabledBy } : {}), at });
      });
    });
  }
  return done();
}
