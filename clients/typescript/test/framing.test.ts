// The NDJSON reader and writer and the typed errors, without processes: line splitting across chunks (also inside a
// multi-byte character), CRLF and blank lines, a bad line that does not stop reading; the error classes' shapes.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ResponseError, type Message } from 'vscode-jsonrpc/node';
import { HookdCancelledError, HookdResponseError, HookdTimeoutError, NdjsonMessageReader, NdjsonMessageWriter, resolveCommand } from '../src/index.js';

const run = {
  hookId: 'project:PreToolUse[0].hooks[0]',
  source: '/w/.claude/settings.json',
  handlerType: 'command',
  status: 'cancelled',
  failureClass: 'cancelled',
  decision: 'none',
  exitCode: null,
  signal: 'SIGTERM',
  durationMs: 3,
  timedOut: false,
  truncated: false,
  stdout: { bytes: 0, totalBytes: 0, truncated: false },
  stderr: { bytes: 0, totalBytes: 0, truncated: false },
};

describe('NDJSON framing', () => {
  it('reads one message per line across chunk boundaries (even inside a UTF-8 character), with CRLF and blank lines', () => {
    const input = new PassThrough();
    const reader = new NdjsonMessageReader(input);
    const messages: Message[] = [];
    const errors: Error[] = [];
    reader.onError((error) => errors.push(error));
    reader.listen((message) => messages.push(message));
    const bytes = Buffer.from('{"jsonrpc":"2.0","method":"a","params":{"s":"é…"}}\r\n\n  \n{"jsonrpc":"2.0","id":1,"result":{}}\nnot json\n{"jsonrpc":"2.0","id":2,"result":null}\n', 'utf8');
    const cut = bytes.indexOf(Buffer.from('…')) + 1;
    for (const piece of [bytes.subarray(0, 5), bytes.subarray(5, cut), bytes.subarray(cut)]) input.write(piece);
    expect(messages).toEqual([
      { jsonrpc: '2.0', method: 'a', params: { s: 'é…' } },
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: 2, result: null },
    ]);
    expect(errors.map((error) => error.message)).toEqual(['hookd wrote a line that is not JSON: not json']);
  });

  it('closes once when the stream ends', () => {
    const input = new PassThrough();
    const reader = new NdjsonMessageReader(input);
    let closed = 0;
    reader.onClose(() => (closed += 1));
    reader.listen(() => {});
    input.end();
    input.resume();
    input.emit('close');
    return new Promise<void>((resolve) => setImmediate(() => (expect(closed).toBe(1), resolve())));
  });

  it('writes each message as one line; a write after the end rejects', async () => {
    const output = new PassThrough();
    const writer = new NdjsonMessageWriter(output);
    await writer.write({ jsonrpc: '2.0', method: 'exit' } as Message);
    await writer.write({ jsonrpc: '2.0', id: 1, method: 'ping' } as Message);
    writer.end();
    expect(output.read().toString('utf8')).toBe('{"jsonrpc":"2.0","method":"exit"}\n{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
    await expect(writer.write({ jsonrpc: '2.0', method: 'exit' } as Message)).rejects.toThrow(/closed/);
  });
});

describe('errors', () => {
  it('HookdCancelledError is a HookdResponseError and a vscode-jsonrpc ResponseError carrying the runs of data; HookdTimeoutError is a HookdCancelledError', () => {
    const cancelled = new HookdCancelledError('hooks/PreToolUse', 'Request cancelled', { runs: [run] });
    expect([cancelled instanceof HookdCancelledError, cancelled instanceof HookdResponseError, cancelled instanceof ResponseError]).toEqual([true, true, true]);
    expect({ name: cancelled.name, code: cancelled.code, method: cancelled.method, runs: cancelled.runs }).toEqual({
      name: 'HookdCancelledError',
      code: -32800,
      method: 'hooks/PreToolUse',
      runs: [run],
    });
    expect(new HookdCancelledError('ping', 'x', { runs: 'not runs' }).runs).toEqual([]);
    const timeout = new HookdTimeoutError('ping', 100, { runs: [run] });
    expect([timeout instanceof HookdCancelledError, timeout.name, timeout.timeoutMs, timeout.runs.length]).toEqual([true, 'HookdTimeoutError', 100, 1]);
  });
});

describe('command', () => {
  it('hookdJs runs with this Node; command may be a string or argv; args come last', () => {
    expect(resolveCommand({ hookdJs: '/x/dist/cli.js', args: ['--log-level', 'info'] })).toEqual([process.execPath, ['/x/dist/cli.js', '--log-level', 'info']]);
    expect(resolveCommand({ env: { HOOKD_BIN: undefined } })).toEqual(['hookd-sidecar', []]);
    expect(resolveCommand({ command: ['npx', 'hookd'], args: ['--framing', 'ndjson'] })).toEqual(['npx', ['hookd', '--framing', 'ndjson']]);
  });
});
