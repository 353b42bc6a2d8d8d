// GENERATED from src/protocol/json-depth.ts by scripts/gen-client-protocol.mjs (npm run gen:client-protocol): do not edit.
// The nesting limit of JSON values hookd accepts (request params, client answers, hook output) and its iterative
// check. Walks without recursion so a value of any depth is measured safely; decides nothing else about the value.
import type { z } from 'zod';
import { defineLazy } from './lazy-table.js';

/** Arrays and objects nest at most this many levels; the value itself is level 1 (`{}` is 1, `{"a":[]}` is 2). */
export const MAX_JSON_DEPTH = 256;

/** Where a value nests too deep: the path of the first container past the limit (cut to `maxPathSegments`). */
export type TooDeep = { readonly path: readonly (string | number)[] };

/**
 * The first place where `value` nests deeper than `maxDepth` levels, or undefined. Iterative (an explicit stack),
 * visits each container once and stops at the first excess, so its cost is bounded by the value's size.
 */
export function findTooDeep(value: unknown, maxDepth: number = MAX_JSON_DEPTH, maxPathSegments = 1): TooDeep | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const stack: Array<{ readonly node: object; readonly depth: number; readonly path: readonly (string | number)[] }> = [
    { node: value, depth: 1, path: [] },
  ];
  for (let frame = stack.pop(); frame !== undefined; frame = stack.pop()) {
    if (frame.depth > maxDepth) return { path: frame.path };
    const visit = (key: string | number, child: unknown): void => {
      if (child === null || typeof child !== 'object') return;
      const path = frame.path.length < maxPathSegments ? [...frame.path, key] : frame.path;
      stack.push({ node: child, depth: frame.depth + 1, path });
    };
    // No entry arrays: this runs on every request's params, which may hold megabytes of tool input.
    if (Array.isArray(frame.node)) for (let index = 0; index < frame.node.length; index++) visit(index, frame.node[index]);
    else for (const key of Object.keys(frame.node)) visit(key, (frame.node as Record<string, unknown>)[key]);
  }
  return undefined;
}

/** The message for a value past the limit; `what` names the whole value (e.g. "params", "hook output"). */
export function tooDeepMessage(what: string, maxDepth: number = MAX_JSON_DEPTH): string {
  return `nested deeper than ${maxDepth} levels (the maximum nesting depth of ${what})`;
}

const originals = new WeakMap<z.ZodType, z.ZodType>();

/** The schema depthBounded was given (for the JSON Schema generator: the bound is a limit, not a shape); else `schema`. */
export function withoutDepthBound(schema: z.ZodType): z.ZodType {
  return originals.get(schema) ?? schema;
}

/**
 * `schema` that also rejects values nesting deeper than MAX_JSON_DEPTH, with one issue at the top-level field
 * that holds the excess (so -32602 names it). The check runs after the schema's own (shallow) parse, before any
 * handler sees the value. withoutDepthBound gives the original back.
 */
export function depthBounded<T extends z.ZodType>(schema: T, what = 'params'): T {
  const bounded = schema.superRefine((value, context) => {
    const found = findTooDeep(value);
    if (found !== undefined) context.addIssue({ code: 'custom', path: [...found.path], message: tooDeepMessage(what) });
  });
  originals.set(bounded, schema);
  return bounded as T;
}

/**
 * A method table whose every `params` schema (and, with `field: 'result'`, every result schema) is depthBounded,
 * each bound made when the method's schema is first read (the table's other fields are copied as they are, getters
 * included, unread).
 */
export function withDepthBound<T extends Readonly<Record<string, { readonly params: z.ZodType }>>>(table: T, field: 'params' | 'result' = 'params'): T {
  const bounded: Record<string, unknown> = {};
  for (const method of Object.keys(table)) {
    const spec = table[method]!;
    bounded[method] = defineLazy(Object.defineProperties({}, Object.getOwnPropertyDescriptors(spec)), field, () => depthBounded((spec as Record<string, unknown>)[field] as z.ZodType, field));
  }
  return bounded as T;
}
