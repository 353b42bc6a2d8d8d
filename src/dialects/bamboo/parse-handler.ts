// One handler object of a Bamboo group (`command` or `script`) → a HandlerSpec, or problems with paths relative
// to the handler. Knows handler fields, defaults and the runner table; must not know files, positions or groups.
import { z } from 'zod';
import type { CommandHandler, HandlerSpec, ScriptHandler } from '../../engine/dialect.js';
import { RUNNERS, selectRuntimes } from './runtimes.js';
import { describeValue } from './json-value.js';
import { got, parseLeniently, unknownFields, type Problem } from './schema.js';

export const DEFAULT_TIMEOUT_MS = 60_000;
export const MAX_TIMEOUT_MS = 600_000;

export type HandlerProblem = Problem;

export type HandlerParse = { readonly handler?: HandlerSpec; readonly problems: readonly HandlerProblem[] };

/** The handler types a Bamboo configuration may use (initialize capabilities.handlerTypes). */
export const BAMBOO_HANDLER_TYPES = ['command', 'script'] as const;

const HandlerType = z.looseObject(
  {
    type: z.enum(BAMBOO_HANDLER_TYPES, {
      error: (issue) => (issue.input === undefined ? 'a handler needs "type": "command" or "script"' : `unknown handler type ${describeValue(issue.input)}; expected "command" or "script"`),
    }),
  },
  { error: got('a handler must be an object') },
);

/** `null` counts as omitted (serde's `Option`). */
const timeout = z.number({ error: got(`timeout_ms must be an integer between 1 and ${MAX_TIMEOUT_MS}`) }).int().min(1).max(MAX_TIMEOUT_MS).nullish();
const nonBlank = (field: string, type: string) =>
  z.string({ error: got(`${field} must be a string`, `a ${type} handler needs "${field}"`) }).refine((value) => value.trim() !== '', { error: `${field} must not be empty` });

/** Each type's fields in the order they are checked: the first error is the handler's only one. */
const FIELDS = {
  command: z.looseObject({ type: z.literal('command'), timeout_ms: timeout, command: nonBlank('command', 'command') }),
  script: z.looseObject({
    type: z.literal('script'),
    timeout_ms: timeout,
    path: nonBlank('path', 'script'),
    runner: z.enum(RUNNERS, { error: got(`runner must be one of ${RUNNERS.join(', ')}`) }).nullish(),
  }),
};
const Handler = z.discriminatedUnion('type', [FIELDS.command, FIELDS.script]);

/**
 * `{type: "command", command, timeout_ms?}` runs through bash; `{type: "script", path, runner?, timeout_ms?}`
 * runs with the runtimes of the runner table. `timeout_ms` is an integer 1..600000 (default 60000); an optional
 * field set to null counts as omitted. Unknown fields are warnings; every other problem is an error.
 */
export function parseHandler(raw: unknown, platform: NodeJS.Platform = process.platform): HandlerParse {
  const type = parseLeniently(HandlerType, raw);
  if (type.data === undefined) return { problems: type.problems };
  const warnings = unknownFields(FIELDS[type.data.type], raw, `in a ${type.data.type} handler`);
  const { data: spec, problems } = parseLeniently(Handler, raw);
  if (spec === undefined || problems.length > 0) return { problems: [...warnings, ...problems.slice(0, 1)] };

  const timeoutMs = spec.timeout_ms ?? DEFAULT_TIMEOUT_MS;
  if (spec.type === 'command') {
    const handler: CommandHandler = { type: 'command', command: spec.command, shell: 'bash', timeoutMs, onFailure: 'continue' };
    return { handler, problems: warnings };
  }
  const selection = selectRuntimes(spec.path, spec.runner ?? 'auto', platform);
  if (!selection.ok) {
    const path = [selection.code === 'runner-incompatible' ? 'runner' : 'path'];
    return { problems: [...warnings, { severity: 'error', code: selection.code, message: selection.message, path }] };
  }
  const handler: ScriptHandler = {
    type: 'script',
    path: spec.path,
    runtimes: selection.runtimes,
    ...(selection.platformProblem !== undefined ? { platformProblem: selection.platformProblem } : {}),
    timeoutMs,
    onFailure: 'continue',
  };
  return { handler, problems: warnings };
}
