#!/usr/bin/env node
// The least a Node sidecar can do for a hook event, as a bound for P2: an NDJSON loop (no vscode-jsonrpc, no
// validation, no engine, no dialect) that answers `ping`, and for any other request writes one SPAWN of
// `sh -c true` (the request's params as its stdin) to native/build/hookd-supervisor and answers when RELEASED
// arrives (initialize and shutdown are answered like ping). bench/relay-bound.mjs times it exactly as it times hookd:
// (hook − ping) / floor. Not a product; asserts nothing.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

const binary = process.argv[2] ?? fileURLToPath(new URL('../native/build/hookd-supervisor', import.meta.url));
const supervisor = spawn(binary, [], { stdio: ['pipe', 'pipe', 'ignore'] });
const env = Object.entries(process.env).map(([name, value]) => `${name}=${value}`);
const head = ['/tmp', '/bin/sh', 'sh', '-c', 'true', ...env];
const headBytes = Buffer.concat(head.map((text) => Buffer.from(`${text}\0`)));
const waiting = new Map();
let nextRun = 1;
let pending = Buffer.alloc(0);

function spawnFrame(runId, stdin) {
  const input = Buffer.from(stdin);
  const payload = 16 + headBytes.length + input.length;
  const frame = Buffer.allocUnsafe(9 + payload);
  frame.writeUInt32LE(5 + payload, 0);
  frame[4] = 1;
  frame.writeUInt32LE(runId, 5);
  frame.writeUInt32LE(65536, 9);
  frame.writeUInt32LE(3, 13);
  frame.writeUInt32LE(env.length, 17);
  frame.writeUInt32LE(input.length, 21);
  headBytes.copy(frame, 25);
  input.copy(frame, 25 + headBytes.length);
  return frame;
}

supervisor.stdout.on('data', (chunk) => {
  pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
  while (pending.length >= 4 && pending.length >= 4 + pending.readUInt32LE(0)) {
    const length = pending.readUInt32LE(0);
    const type = pending[4];
    const runId = pending.readUInt32LE(5);
    pending = pending.subarray(4 + length);
    if (type === 108 || type === 103 || type === 109) {
      const answer = waiting.get(runId);
      waiting.delete(runId);
      answer?.(type === 108);
    }
  }
});

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (line) => {
  const request = JSON.parse(line);
  if (request.id === undefined) return;
  if (request.method === 'ping' || request.method === 'initialize' || request.method === 'shutdown') {
    process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: request.id, result: {} })}\n`);
    return;
  }
  const runId = nextRun++;
  waiting.set(runId, (released) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: request.id, result: { decision: 'none', runs: [{ status: released ? 'ok' : 'error' }] } })}\n`));
  supervisor.stdin.write(spawnFrame(runId, JSON.stringify(request.params ?? {})));
});
lines.on('close', () => supervisor.stdin.end());
