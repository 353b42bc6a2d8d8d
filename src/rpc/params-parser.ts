// The params parse of a request, compiled once per schema: for a wide object schema (the event params carry ~90
// optional fields, a request sends a handful) zod runs every field's schema on every request. This parses with a
// copy of the schema narrowed to the fields the value has plus every field that is not plainly optional (defaults,
// required ones), built once per set of fields, so the answer is the one the full schema gives. Anything the narrowed
// parse rejects is parsed again with the full schema, which reports the issues. Owns no schema.
import { z } from 'zod';
import { findTooDeep, withoutDepthBound } from '../protocol/json-depth.js';

export type ParamsParse = (value: unknown) => z.ZodSafeParseResult<unknown>;

/** Fewer fields than this: the full schema is as fast. */
const MIN_FIELDS = 16;
/** Narrowed copies kept per schema; a client sending yet other sets of fields gets the full schema. */
const MAX_VARIANTS = 64;

const parsers = new WeakMap<z.ZodType, ParamsParse>();

/** `schema.safeParse`, faster for a wide object schema (same data, same issues). */
export function paramsParser(schema: z.ZodType): ParamsParse {
  let parse = parsers.get(schema);
  if (parse === undefined) {
    parse = compileParamsParser(schema);
    parsers.set(schema, parse);
  }
  return parse;
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** A field a value may leave out without changing the output: optional in and out (no default, no transform). */
function isPlainlyOptional(field: z.ZodType): boolean {
  return field._zod.optin === 'optional' && field._zod.optout === 'optional';
}

function checkCount(schema: z.ZodType): number {
  return schema._zod.def.checks?.length ?? 0;
}

/** A new parser of `schema` (paramsParser keeps one per schema). */
export function compileParamsParser(schema: z.ZodType): ParamsParse {
  const full: ParamsParse = (value) => schema.safeParse(value);
  const original = withoutDepthBound(schema);
  // The depth bound (json-depth.ts) is the bounded schema's only check; any other refinement: the full schema.
  const bounded = original !== schema;
  if (!(original instanceof z.ZodObject) || checkCount(original) > 0 || (bounded && checkCount(schema) !== 1)) return full;
  const object = original as z.ZodObject;
  const shape = object.shape as Record<string, z.ZodType>;
  const keys = Object.keys(shape);
  if (keys.length < MIN_FIELDS) return full;
  const known = new Set(keys);
  const always = new Set(keys.filter((key) => !isPlainlyOptional(shape[key]!)));
  const variants = new Map<string, z.ZodType>();

  function narrowedFor(signature: string): z.ZodType | undefined {
    const cached = variants.get(signature);
    if (cached !== undefined || variants.size >= MAX_VARIANTS) return cached;
    const present = new Set(signature.split('\0'));
    // The mask in shape order: the output lists the fields in the order of the mask's keys, as the full schema does.
    const mask: Record<string, true> = {};
    for (const key of keys) if (present.has(key) || always.has(key)) mask[key] = true;
    const narrowed = object.pick(mask);
    variants.set(signature, narrowed);
    return narrowed;
  }

  return (value) => {
    if (!isPlainRecord(value)) return full(value);
    let signature = '';
    for (const key of Object.keys(value)) {
      if (!known.has(key)) continue;
      // An undefined field (never from JSON) counts as absent for zod: leave such values to the full schema.
      if (value[key] === undefined) return full(value);
      signature += `${key}\0`;
    }
    const narrowed = narrowedFor(signature);
    if (narrowed === undefined) return full(value);
    const result = narrowed.safeParse(value);
    if (!result.success) return full(value);
    if (bounded && findTooDeep(result.data) !== undefined) return full(value);
    return result;
  };
}
