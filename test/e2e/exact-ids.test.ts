// Ids against the built sidecar, in both framings: every id is echoed exactly as sent (numbers a JavaScript number
// would change keep their raw text, id null is answered with id null), and a cancel by a big id finds its request.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { isLosslessNumber, parse as parseLossless } from 'lossless-json';
import { afterEach, describe, expect, it } from 'vitest';
import { allGone, readPids } from '../helpers/pid-file.js';
import { waitUntil } from '../helpers/processes.js';
import { Sidecar, type WireFraming } from '../helpers/sidecar.js';
import { makeWorkspace, oneHook, writeClaudeSettings } from '../helpers/workspace.js';

const IDS = ['9007199254740993', '1e400', '1.5', '-0', '1E2', '123456789012345678901234567890', 'null', '"9007199254740993"', '"s"', '7'];

const open: Sidecar[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Records each response body hookd writes with its id's JSON text exactly as written. */
function start(framing: WireFraming): { sidecar: Sidecar; byId: () => Map<string, { result?: unknown; error?: { code: number } }> } {
  const sidecar = new Sidecar(framing);
  open.push(sidecar);
  let text = '';
  sidecar.child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const byId = () => {
    const bodies = framing === 'ndjson' ? text.split('\n') : text.split(/Content-Length: \d+\r\n\r\n/);
    const seen = new Map<string, { result?: unknown; error?: { code: number } }>();
    for (const body of bodies) {
      if (body.trim() === '') continue;
      let message: { id?: unknown; method?: unknown; result?: unknown; error?: { code: unknown } };
      try {
        message = parseLossless(body) as typeof message;
      } catch {
        continue; // a frame still arriving
      }
      if (message.method !== undefined) continue;
      const id = isLosslessNumber(message.id) ? message.id.value : JSON.stringify(message.id);
      seen.set(id, { result: message.result, ...(message.error ? { error: { code: Number(message.error.code) } } : {}) });
    }
    return seen;
  };
  return { sidecar, byId };
}

function frame(framing: WireFraming, body: string): string {
  return framing === 'ndjson' ? `${body}\n` : `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

describe.each(['ndjson', 'content-length'] as const)('ids echoed exactly (%s)', (framing) => {
  it('each id is answered with the id exactly as sent', async () => {
    const { sidecar, byId } = start(framing);
    for (const id of IDS) sidecar.writeRaw(frame(framing, `{"jsonrpc":"2.0","id":${id},"method":"ping"}`));
    expect(await waitUntil(() => IDS.every((id) => byId().has(id)), 10_000)).toBe(true);
    for (const id of IDS) expect(byId().get(id), id).toEqual({ result: {} });
    expect(sidecar.nonProtocolOutput).toEqual([]);
  });

  it('$/cancelRequest and $/cancel_request by a big id cancel that request, not its JavaScript twin', async () => {
    const workspace = makeWorkspace();
    dirs.push(workspace);
    const pids = join(workspace, 'pids');
    writeClaudeSettings(workspace, oneHook('PreToolUse', `echo $$ >> ${pids}; sleep 60`));
    const { sidecar, byId } = start(framing);
    await sidecar.initialize(workspace);
    const event = (id: string) =>
      frame(framing, `{"jsonrpc":"2.0","id":${id},"method":"hooks/PreToolUse","params":{"session":{"id":"s"},"toolName":"Bash","toolInput":{}}}`);
    sidecar.writeRaw(event('9007199254740993') + event('9007199254740992'));
    expect(await waitUntil(() => readPids(pids).length === 2, 10_000)).toBe(true);
    sidecar.writeRaw(frame(framing, '{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":9007199254740993}}'));
    expect(await waitUntil(() => byId().has('9007199254740993'), 10_000)).toBe(true);
    expect(byId().get('9007199254740993')?.error?.code).toBe(-32800);
    expect(byId().has('9007199254740992')).toBe(false);
    sidecar.writeRaw(frame(framing, '{"jsonrpc":"2.0","method":"$/cancel_request","params":{"requestId":9007199254740992}}'));
    expect(await waitUntil(() => byId().has('9007199254740992'), 10_000)).toBe(true);
    expect(byId().get('9007199254740992')?.error?.code).toBe(-32800);
    expect(await waitUntil(() => allGone(readPids(pids)), 10_000)).toBe(true);
  });
});
