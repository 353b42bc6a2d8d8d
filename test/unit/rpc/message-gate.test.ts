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
