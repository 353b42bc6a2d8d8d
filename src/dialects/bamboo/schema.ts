// What the bamboo parsers share around their zod schemas: the words of a wrong value, a zod issue read as a problem
// with a stable code, unknown fields as warnings, and a parse that reports every error yet keeps the fields that pass.
import type { z } from 'zod';
import type { Severity } from '../../config/diagnostic.js';
import type { JsonPath } from '../../config/json-locate.js';
import { describeValue, isObject } from './json-value.js';

export type Problem = {
  readonly severity: Severity;
  readonly code: string;
  readonly message: string;
  /** Relative to the value parsed. */
  readonly path: JsonPath;
};

export type Parsed<T> = { readonly data?: T; readonly problems: readonly Problem[] };

/** An `error` for a schema: `<what> (got "x")`, or `missing` when there is no value and those words are given. */
export const got =
  (what: string, missing?: string) =>
  (issue: { readonly input?: unknown }): string =>
    issue.input === undefined && missing !== undefined ? missing : `${what} (got ${describeValue(issue.input)})`;

/** Fields whose every wrong value has a code of its own (an absent one is still `missing-field`). */
const FIELD_CODES: Readonly<Record<string, string>> = { type: 'unknown-handler-type', timeout_ms: 'invalid-timeout', runner: 'invalid-runner' };

/** A refinement names its code in `params.code` (else `invalid-value`); an absent field is `missing-field`. */
function codeOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'custom') return typeof issue.params?.code === 'string' ? issue.params.code : 'invalid-value';
  if (issue.path.length > 0 && issue.input === undefined) return 'missing-field';
  return FIELD_CODES[String(issue.path.at(-1))] ?? 'invalid-type';
}

/**
 * Parses `value` with every issue an error problem, in the schema's field order. A field that fails counts as
 * omitted for the data, so that one wrong field does not hide the rest (a bad `enabled` still lets the group's
 * hooks be checked); no data when the value as a whole is wrong or still fails without those fields.
 */
export function parseLeniently<T>(schema: z.ZodType<T>, value: unknown): Parsed<T> {
  const parsed = schema.safeParse(value, { reportInput: true });
  if (parsed.success) return { data: parsed.data, problems: [] };
  const problems = parsed.error.issues.map((issue): Problem => {
    const path = issue.path.filter((segment): segment is string | number => typeof segment !== 'symbol');
    return { severity: 'error', code: codeOf(issue), message: issue.message, path };
  });
  const failed = new Set(parsed.error.issues.map((issue) => issue.path[0]));
  if (!isObject(value) || failed.has(undefined)) return { problems };
  const retried = schema.safeParse(Object.fromEntries(Object.entries(value).filter(([key]) => !failed.has(key))));
  return retried.success ? { data: retried.data, problems } : { problems };
}

/** A warning for each key of the object `value` that `schema` does not name: `unknown field "x" <where>; ignored`. */
export function unknownFields(schema: z.ZodObject, value: unknown, where: string): Problem[] {
  if (!isObject(value)) return [];
  return Object.keys(value)
    .filter((key) => !Object.hasOwn(schema.shape, key))
    .map((key) => ({ severity: 'warning', code: 'unknown-field', message: `unknown field "${key}" ${where}; ignored`, path: [key] }));
}
