// What `hookd acp` adds to an ACP round trip: a `session/prompt` answered by the scripted SDK agent of the tests
// (test/fixtures/acp/scripted-agent.mjs), sent to the agent directly and through the built hookd as a proxy (a
// workspace without hooks: the prompt and its end still fire UserPromptSubmit and Stop, which match nothing), in
// interleaved rounds after a warm-up. Prints one JSON line { directMs, proxiedMs, rounds } (medians) when run alone;
// `npm run bench` prints it. Spawns the agent twice and hookd once; asserts nothing.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { bin, median, scratchDir } from './client.mjs';

const agentScript = fileURLToPath(new URL('../test/fixtures/acp/scripted-agent.mjs', import.meta.url));

/** An editor's end of an ACP connection: NDJSON requests, answers by id. */
function connect(argv) {
  const child = spawn(argv[0], argv.slice(1), { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting = new Map();
  let buffer = '';
  let nextId = 1;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    for (let newline = buffer.indexOf('\n'); newline >= 0; newline = buffer.indexOf('\n')) {
      const message = JSON.parse(buffer.slice(0, newline));
      buffer = buffer.slice(newline + 1);
      if (message.method === undefined && waiting.has(message.id)) {
        waiting.get(message.id)(message);
        waiting.delete(message.id);
      }
    }
  });
  const request = (method, params) =>
    new Promise((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  const close = () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.stdin.end())));
  return { request, close };
}

async function open(argv, cwd) {
  const connection = connect(argv);
  await connection.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
  const created = await connection.request('session/new', { cwd, mcpServers: [] });
  return { ...connection, sessionId: created.result.sessionId };
}

export async function acpOverhead(rounds = 300, warmup = 50) {
  const workspace = scratchDir('hookd-bench-acp-');
  const direct = await open([process.execPath, agentScript], workspace);
  const proxied = await open([process.execPath, bin, 'acp', '--workspace', workspace, '--', process.execPath, agentScript], workspace);
  const prompt = (side) => side.request('session/prompt', { sessionId: side.sessionId, prompt: [{ type: 'text', text: 'hi' }] });
  try {
    for (let round = 0; round < warmup; round += 1) {
      await prompt(direct);
      await prompt(proxied);
    }
    const times = { direct: [], proxied: [] };
    for (let round = 0; round < rounds; round += 1) {
      for (const [name, side] of round % 2 === 0 ? [['direct', direct], ['proxied', proxied]] : [['proxied', proxied], ['direct', direct]]) {
        const start = performance.now();
        await prompt(side);
        times[name].push(performance.now() - start);
      }
    }
    return { directMs: median(times.direct), proxiedMs: median(times.proxied), rounds };
  } finally {
    await Promise.all([direct.close(), proxied.close()]);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(JSON.stringify(await acpOverhead()));
