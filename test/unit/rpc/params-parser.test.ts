// paramsParser: the narrowed parse of wide params schemas gives exactly what the full schema's safeParse gives
// (success, data with its field order, issues), for every request method's params and random values.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { MAX_JSON_DEPTH } from '../../../src/protocol/json-depth.js';
import { Requests } from '../../../src/protocol/methods.js';
import { compileParamsParser, paramsParser } from '../../../src/rpc/params-parser.js';

type Outcome = { success: boolean; json: string; issues?: unknown };

function outcomeOf(result: z.ZodSafeParseResult<unknown>): Outcome {
  return result.success ? { success: true, json: JSON.stringify(result.data) } : { success: false, json: '', issues: result.error.issues };
}

function sameAsFull(schema: z.ZodType, value: unknown): void {
  const full = outcomeOf(schema.safeParse(value));
  expect(outcomeOf(compileParamsParser(schema)(value))).toEqual(full);
  expect(outcomeOf(paramsParser(schema)(value))).toEqual(full);
}

const preToolUse = Requests['hooks/PreToolUse'].params;
const sessionStart = Requests['hooks/SessionStart'].params;

const nestedArrays = (levels: number): unknown => JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`);

describe('paramsParser gives what safeParse gives', () => {
  it('a typical PreToolUse: same data, fields in the same order', () => {
    const value = { toolInput: { command: 'ls', b: [1, { c: 2 }] }, session: { id: 's', cwd: '/w' }, toolName: 'Bash', custom: { x: 1 } };
    sameAsFull(preToolUse, value);
    const parsed = paramsParser(preToolUse)(value);
    expect(parsed.success).toBe(true);
  });

  it('defaults of fields the value leaves out are applied (SessionStart source)', () => {
    const parsed = paramsParser(sessionStart)({ session: { id: 's' } });
    expect(parsed.success && (parsed.data as { source?: string }).source).toBe('startup');
    sameAsFull(sessionStart, { session: { id: 's' } });
    sameAsFull(sessionStart, { session: { id: 's' }, source: 'resume' });
  });

  it('invalid values report the full schema issues (missing required, wrong types, too deep)', () => {
    sameAsFull(preToolUse, { session: { id: 's' } });
    sameAsFull(preToolUse, { session: { id: '' }, toolName: 'Bash', toolInput: {} });
    sameAsFull(preToolUse, { session: { id: 's' }, toolName: 'Bash', toolInput: {}, durationMs: 'x', prompt: 3 });
    sameAsFull(preToolUse, { session: { id: 's' }, toolName: 'Bash', toolInput: { deep: nestedArrays(MAX_JSON_DEPTH + 5) } });
    sameAsFull(preToolUse, { session: { id: 's' }, toolName: 'Bash', toolInput: {}, prompt: undefined });
    sameAsFull(preToolUse, null);
    sameAsFull(preToolUse, [1, 2]);
    sameAsFull(preToolUse, 'text');
    sameAsFull(preToolUse, JSON.parse('{"__proto__":{"x":1},"session":{"id":"s"},"toolName":"Bash","toolInput":{}}'));
  });

  it('random values of random fields, for every request method', () => {
    const methods = Object.keys(Requests) as (keyof typeof Requests)[];
    const fieldValue = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }), fc.array(fc.jsonValue(), { maxLength: 3 }));
    fc.assert(
      fc.property(fc.constantFrom(...methods), fc.integer({ min: 0, max: 2 ** 31 }), fc.array(fc.tuple(fc.string(), fieldValue), { maxLength: 4 }), (method, seed, extra) => {
        const schema = Requests[method].params as z.ZodType;
        const shape = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
        const value: Record<string, unknown> = { session: { id: `s${seed}` } };
        // A few known fields with values of any type, plus unknown fields.
        for (let i = 0; i < 4 && shape.length > 0; i++) value[shape[(seed >> (i * 7)) % shape.length]!] = extra[i]?.[1] ?? 'x';
        for (const [key, field] of extra) value[`u-${key}`] = field;
        sameAsFull(schema, JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 300 },
    );
  });

  it('valid values of random field subsets parse the same (PreToolUse)', () => {
    const strings = ['prompt', 'source', 'reason', 'message', 'title', 'toolUseId', 'agentId', 'runId', 'command'];
    fc.assert(
      fc.property(fc.subarray(strings), fc.string({ minLength: 1 }), fc.boolean(), (fields, text, flag) => {
        const value: Record<string, unknown> = { session: { id: 's', model: text }, toolName: 'Bash', toolInput: { command: text } };
        for (const field of fields) value[field] = text;
        if (flag) value['stopHookActive'] = flag;
        const parse = compileParamsParser(preToolUse);
        const full = vi.spyOn(preToolUse, 'safeParse');
        const narrowed = outcomeOf(parse(value));
        // The narrowed schema answered alone: the full one never ran.
        expect(full).not.toHaveBeenCalled();
        full.mockRestore();
        expect(narrowed).toEqual(outcomeOf(preToolUse.safeParse(value)));
      }),
      { numRuns: 200 },
    );
  });
});
