import { describe, expect, it } from 'vitest';
import { ResponseError } from 'vscode-jsonrpc/node';
import { z } from 'zod';
import { ErrorCodes } from '../../../src/protocol/error-codes.js';
import { describeParamsIssues, RequestCancelledError, RpcError, toResponseError } from '../../../src/rpc/errors.js';
import { formatPath } from '../../../src/protocol/issue-text.js';
import { memoryLogger } from './wire-client.js';

describe('toResponseError (the one mapper from thrown values to wire errors)', () => {
  it('RpcError → its own code, message and data', () => {
    const error = toResponseError(new RpcError(-32001, 'nope', { x: 1 }), memoryLogger());
    expect(error.toJson()).toEqual({ code: -32001, message: 'nope', data: { x: 1 } });
  });

  it('RequestCancelledError → -32800 "Request cancelled" with its data', () => {
    expect(toResponseError(new RequestCancelledError({ runs: [] }), memoryLogger()).toJson()).toEqual({
      code: ErrorCodes.RequestCancelled,
      message: 'Request cancelled',
      data: { runs: [] },
    });
    expect(toResponseError(new RequestCancelledError(), memoryLogger()).toJson()).toEqual({ code: -32800, message: 'Request cancelled' });
  });

  it('ZodError → -32602 naming every offending path, issues as data', () => {
    const schema = z.object({ session: z.object({ id: z.string() }), sources: z.array(z.object({ path: z.string() })) });
    const result = schema.safeParse({ session: {}, sources: [{ path: 1 }] });
    expect(result.success).toBe(false);
    const error = toResponseError(result.error, memoryLogger());
    expect(error.code).toBe(ErrorCodes.InvalidParams);
    expect(error.message).toBe(
      'invalid params: session.id: expected string, received undefined; sources[0].path: expected string, received number',
    );
    expect((error.data as { issues: unknown[] }).issues).toHaveLength(2);
  });

  it('a ResponseError passes through unchanged', () => {
    const original = new ResponseError(-32004, 'as is');
    expect(toResponseError(original, memoryLogger())).toBe(original);
  });

  it('anything else → -32603 "internal error: <message>", logged at error level', () => {
    const logger = memoryLogger();
    expect(toResponseError(new TypeError('x is undefined'), logger, 'hooks/Stop').toJson()).toEqual({
      code: ErrorCodes.InternalError,
      message: 'internal error: x is undefined',
    });
    expect(toResponseError('a string', logger).message).toBe('internal error: a string');
    expect(logger.lines.filter((line) => line.level === 'error')).toHaveLength(2);
    expect(logger.lines[0]?.message).toContain('hooks/Stop');
  });
});

describe('issue formatting', () => {
  it('names nested keys with dots, indexes with brackets, and the root as params', () => {
    expect(formatPath(['a', 'b'])).toBe('a.b');
    expect(formatPath(['list', 2, 'name'])).toBe('list[2].name');
    expect(describeParamsIssues([{ path: [], message: 'x' }])).toBe('params: x');
    expect(describeParamsIssues([{ path: [], message: 'Invalid input: expected object, received array' }])).toBe(
      'params: expected object, received array',
    );
  });
});
