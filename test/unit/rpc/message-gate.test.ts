import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '../../../src/protocol/error-codes.js';
import { IdTokens } from '../../../src/rpc/id-tokens.js';
import { admitMessage as admitWith } from '../../../src/rpc/message-gate.js';

const admitMessage = (value: unknown) => admitWith(value, new IdTokens());

describe('admitMessage', () => {
  it('admits requests, notifications and responses as they are', () => {
    for (const message of [
      { jsonrpc: '2.0', id: 1, method: 'm' },
      { jsonrpc: '2.0', id: 'x', method: 'm', params: [1] },
      { jsonrpc: '2.0', method: 'n', params: {} },
      { jsonrpc: '2.0', id: 3, result: null },
      { jsonrpc: '2.0', id: null, error: { code: -1, message: 'e' } },
    ]) {
      expect(admitMessage(message)).toEqual({ kind: 'admit', message });
    }
  });

  it('rewrites ACP $/cancel_request {requestId} to $/cancelRequest {id}', () => {
    expect(admitMessage({ jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: 7 } })).toEqual({
      kind: 'admit',
      message: { jsonrpc: '2.0', method: '$/cancelRequest', params: { id: 7 } },
    });
  });

  it('drops cancels without a usable id (a notification cannot be answered)', () => {
    expect(admitMessage({ jsonrpc: '2.0', method: '$/cancel_request', params: {} }).kind).toBe('drop');
    expect(admitMessage({ jsonrpc: '2.0', method: '$/cancelRequest', params: { id: null } }).kind).toBe('drop');
    expect(admitMessage({ jsonrpc: '2.0', method: '$/cancelRequest' }).kind).toBe('drop');
  });

  it('rejects everything else with -32600, keeping a usable id', () => {
    const cases: Array<[unknown, string | number | null]> = [
      [[1], null],
      [{ foo: 1 }, null],
      [{ id: 2, method: 'm' }, 2],
      [{ jsonrpc: '2.0', id: 3, method: 1 }, 3],
      [{ jsonrpc: '2.0', id: true, method: 'm' }, null],
      [{ jsonrpc: '2.0', id: [1], method: 'm' }, null],
      [{ jsonrpc: '2.0', id: {}, method: 'm' }, null],
      [{ jsonrpc: '2.0', id: 4, method: 'm', params: 5 }, 4],
      [{ jsonrpc: '2.0', method: 'n', params: null }, null],
      [{ jsonrpc: '2.0', id: 5 }, 5],
      [{ jsonrpc: '2.0', id: 6, error: 'bad' }, 6],
      ['text', null],
    ];
    for (const [value, id] of cases) {
      const verdict = admitMessage(value);
      expect(verdict.kind, JSON.stringify(value)).toBe('reject');
      if (verdict.kind !== 'reject') continue;
      expect(verdict.id).toBe(id);
      expect(verdict.error.code).toBe(ErrorCodes.InvalidRequest);
    }
  });
});

describe('weird input never throws and never reaches vscode-jsonrpc malformed', () => {
  const weird: unknown[] = [
    JSON.parse('{"jsonrpc":"2.0","id":1,"method":"m","params":{"__proto__":{"polluted":true}}}'),
    JSON.parse('{"__proto__":{"jsonrpc":"2.0","id":1,"method":"m"}}'),
    JSON.parse('{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"__proto__":{"id":1}}}'),
    JSON.parse('{"jsonrpc":"2.0","method":"$/cancel_request","params":["requestId",1]}'),
    { jsonrpc: '2.0', id: 1, method: '__proto__' },
    { jsonrpc: '2.0', id: 1, method: 'constructor', params: [] },
    { jsonrpc: '2.0', id: 1, method: 'x'.repeat(1_000_000) },
    { jsonrpc: '2.0', id: 'y'.repeat(1_000_000), method: 'm' },
    { jsonrpc: '2.0', id: 1, method: 'm', params: true },
    { jsonrpc: '2.0', id: 1, method: 'm', params: '' },
    { jsonrpc: '2.0', id: 1, method: 'm', params: 0 },
    { jsonrpc: '2.0', id: 1, method: 'm', params: [[[[]]]] },
    { jsonrpc: '2.0', method: '$/cancelRequest', params: { id: { nested: 1 } } },
    { jsonrpc: '2.0', method: '$/cancelRequest', params: { id: [] } },
    { jsonrpc: '2.0', id: 1, result: undefined, error: null },
    { jsonrpc: '2.0', id: 1, error: [] },
    { jsonrpc: { toString: 1 }, id: 1, method: 'm' },
    Object.assign(Object.create(null) as object, { jsonrpc: '2.0', id: 1, method: 'm' }),
    Object.create(null),
    new Map(),
    -0,
    undefined,
  ];

  it.each(weird.map((value, index) => [index, value]))('case %i: a verdict, never a throw; admitted requests have a string or number id', (_index, value) => {
    const verdict = admitWith(value, new IdTokens());
    if (verdict.kind !== 'admit') return;
    const message = verdict.message as { id?: unknown; method?: unknown; params?: unknown };
    expect(typeof message.method === 'string' || 'result' in message || 'error' in message).toBe(true);
    if (message.id !== undefined) expect(['string', 'number']).toContain(typeof message.id);
    if (message.params !== undefined) expect(typeof message.params).toBe('object');
  });

  it('a __proto__ key in params is kept as data and does not change any prototype', () => {
    const verdict = admitMessage(JSON.parse('{"jsonrpc":"2.0","id":1,"method":"m","params":{"__proto__":{"polluted":true}}}'));
    expect(verdict.kind).toBe('admit');
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    if (verdict.kind === 'admit') expect(Object.hasOwn(verdict.message as object, 'id')).toBe(true);
  });
});
