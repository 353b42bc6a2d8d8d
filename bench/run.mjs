#!/usr/bin/env node
// Benchmarks of the built sidecar, measured side by side in one run and printed as a table:
// P1 no-match event vs bare ping, P2 one `true` hook vs a bare spawn of `sh -c true` from this client,
// P3 the bamboo dialect (a bash hook, a programmatic hook answered by this client, hot reload latency),
// P4 cancel → whole tree dead, events per second with 64 in flight, and the same no-match round trip and
// throughput through the Python and Rust clients (their bench programs print one JSON line). Asserts nothing.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const CANCEL_ROUNDS = Number(process.env.BENCH_CANCEL_ROUNDS ?? 20);
const IN_FLIGHT = 64;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const p99 = (values) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))];

function workspaceWith(settings) {
  const workspace = mkdtempSync(join(tmpdir(), 'hookd-bench-'));
  mkdirSync(join(workspace, '.claude'));
  writeFileSync(join(workspace, '.claude', 'settings.json'), JSON.stringify(settings));
  return workspace;
}

class Client {
  constructor(env = process.env) {
    this.child = spawn(process.execPath, [bin], { stdio: ['pipe', 'pipe', 'inherit'], env });
    /** Answers to server → client requests (hooks/invoke), by method. */
    this.serverRequests = {};
    /** Called with every notification. */
    this.onNotification = () => {};
    this.pending = new Map();
    this.nextId = 1;
    let buffer = '';
    this.child.stdout.on('data', (chunk) => {
      buffer += chunk;
      for (let newline; (newline = buffer.indexOf('\n')) >= 0; ) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        const message = JSON.parse(line);
        if (message.method !== undefined) {
          if (message.id === undefined) this.onNotification(message);
          else this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: message.id, result: this.serverRequests[message.method]?.(message.params) ?? null })}\n`);
          continue;
        }
        const resolve = this.pending.get(message.id);
        if (resolve) {
          this.pending.delete(message.id);
          resolve(message);
        }
      }
    });
  }
  call(method, params, id = this.nextId++) {
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  }
  notify(method, params) {
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method, params })}\n`);
  }
  rssMb() {
    const status = readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  }
  async close() {
    await this.call('shutdown');
    this.notify('exit');
    await new Promise((resolve) => this.child.on('exit', resolve));
  }
}

async function timeEach(rounds, work) {
  const samples = [];
  for (let i = 0; i < rounds; i += 1) {
    const start = performance.now();
    await work(i);
    samples.push(performance.now() - start);
  }
  return samples;
}

function bareSpawn(file = 'sh', args = ['-c', 'true']) {
  return new Promise((resolve) => {
    const child = spawn(file, args, { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    child.stdin.on('error', () => {});
    child.stdin.end('{"hook_event_name":"PreToolUse"}');
    child.stdout.resume();
    child.stderr.resume();
    child.on('exit', resolve);
  });
}

async function throughput(client, params) {
  const total = ROUNDS * 4;
  let sent = 0;
  const start = performance.now();
  const worker = async () => {
    while (sent < total) {
      sent += 1;
      await client.call('hooks/PreToolUse', params);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return total / ((performance.now() - start) / 1000);
}

const isAlive = (pid) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

const session = { id: 'bench' };
const bash = { session, toolName: 'Bash', toolInput: { command: 'ls' } };
const rows = [];

// P1: no-match event vs bare ping on the same connection.
{
  const client = new Client();
  await client.call('initialize', { protocolVersion: '0.1', workspace: workspaceWith({ hooks: {} }), home: tmpdir() });
  for (let i = 0; i < 50; i += 1) await client.call('ping', {});
  const ping = await timeEach(ROUNDS, () => client.call('ping', {}));
  const event = await timeEach(ROUNDS, () => client.call('hooks/PreToolUse', bash));
  rows.push(['P1 bare ping round trip', median(ping), p99(ping), '1.00×']);
  rows.push(['P1 no-match PreToolUse round trip', median(event), p99(event), `${(median(event) / median(ping)).toFixed(2)}× ping`]);
  const rate = await throughput(client, bash);
  rows.push([`no-match events/s, ${IN_FLIGHT} in flight`, rate, null, '']);
  rows.push(['sidecar RSS after P1 (MB)', client.rssMb(), null, '']);
  await client.close();
}

// P2: one `true` command hook vs a bare spawn of sh -c true from this client.
{
  const client = new Client();
  const workspace = workspaceWith({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'true' }] }] } });
  await client.call('initialize', { protocolVersion: '0.1', workspace, home: tmpdir() });
  for (let i = 0; i < 20; i += 1) await client.call('hooks/PreToolUse', bash);
  const spawnOnly = await timeEach(ROUNDS, () => bareSpawn());
  const hook = await timeEach(ROUNDS, () => client.call('hooks/PreToolUse', bash));
  rows.push(['P2 bare spawn of sh -c true (client)', median(spawnOnly), p99(spawnOnly), '1.00×']);
  rows.push(['P2 PreToolUse with one `true` hook', median(hook), p99(hook), `${(median(hook) / median(spawnOnly)).toFixed(2)}× spawn`]);
  const rate = await throughput(client, bash);
  rows.push([`events/s with one \`true\` hook, ${IN_FLIGHT} in flight`, rate, null, '']);
  rows.push(['sidecar RSS after P2 (MB)', client.rssMb(), null, '']);
  await client.close();
}

// P3: the bamboo dialect — sequential handlers through bash, a programmatic hook (hooks/invoke round trip to this
// client), and hot reload (atomic save → hooks/diagnostics, which includes the watcher's 150 ms debounce).
{
  const workspace = mkdtempSync(join(tmpdir(), 'hookd-bench-bamboo-'));
  const dataDir = join(workspace, 'data');
  mkdirSync(dataDir);
  const userFile = join(dataDir, 'hooks.json');
  const save = (lifecycleHooks) => {
    writeFileSync(`${userFile}.tmp`, JSON.stringify({ lifecycle_hooks: lifecycleHooks }));
    renameSync(`${userFile}.tmp`, userFile);
  };
  save({ PreToolUse: [{ matcher: '^Bash$', hooks: [{ type: 'command', command: 'true' }] }] });
  const client = new Client({ ...process.env, BAMBOO_DATA_DIR: dataDir });
  client.serverRequests['hooks/invoke'] = () => ({ output: {} });
  let reloads = 0;
  client.onNotification = (message) => message.method === 'hooks/diagnostics' && (reloads += 1);
  await client.call('initialize', { protocolVersion: '0.1', dialect: 'bamboo', workspace, home: workspace, capabilities: { programmaticHooks: true } });
  for (let i = 0; i < 20; i += 1) await client.call('hooks/PreToolUse', bash);
  const spawnOnly = await timeEach(ROUNDS, () => bareSpawn('bash', ['--norc', '-c', 'true']));
  const hook = await timeEach(ROUNDS, () => client.call('hooks/PreToolUse', bash));
  rows.push(['P3 bare spawn of bash --norc -c true (client)', median(spawnOnly), p99(spawnOnly), '1.00×']);
  rows.push(['P3 bamboo PreToolUse, one bash `true` hook', median(hook), p99(hook), `${(median(hook) / median(spawnOnly)).toFixed(2)}× spawn`]);
  const write = { ...bash, toolName: 'Write', toolInput: { file_path: 'a', content: 'x' } };
  const noHook = await timeEach(ROUNDS, () => client.call('hooks/PreToolUse', write));
  await client.call('hooks/register', { event: 'PreToolUse', matcher: '^Write$' });
  const programmatic = await timeEach(ROUNDS, () => client.call('hooks/PreToolUse', write));
  rows.push(['P3 bamboo PreToolUse, no hook matches', median(noHook), p99(noHook), '1.00×']);
  rows.push(['P3 bamboo PreToolUse, one programmatic hook', median(programmatic), p99(programmatic), `${(median(programmatic) / median(noHook)).toFixed(2)}× no hook`]);
  const reloadMs = [];
  for (let round = 0; round < 10; round += 1) {
    const before = reloads;
    const start = performance.now();
    save({ PreToolUse: [{ matcher: '^Bash$', hooks: [{ type: 'command', command: `true ${round}` }] }] });
    while (reloads === before) await new Promise((resolve) => setTimeout(resolve, 1));
    reloadMs.push(performance.now() - start);
  }
  rows.push(['P3 atomic save → hooks/diagnostics (150 ms debounce)', median(reloadMs), Math.max(...reloadMs), '']);
  await client.close();
}

// P4: cancel → whole tree dead.
{
  const workspace = mkdtempSync(join(tmpdir(), 'hookd-bench-cancel-'));
  const pidDir = join(workspace, 'pids');
  mkdirSync(pidDir);
  mkdirSync(join(workspace, '.claude'));
  const command = `f=${pidDir}/$$; echo $$ >> $f; sleep 60 & echo $! >> $f; (setsid sh -c 'echo $$ >> '$f'; exec sleep 60' &); sleep 60 & echo $! >> $f; wait`;
  writeFileSync(join(workspace, '.claude', 'settings.json'), JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command }] }] } }));
  const client = new Client();
  await client.call('initialize', { protocolVersion: '0.1', workspace, home: tmpdir() });
  const replyMs = [];
  const deadMs = [];
  for (let round = 0; round < CANCEL_ROUNDS; round += 1) {
    const id = client.nextId++;
    const reply = client.call('hooks/PreToolUse', bash, id);
    let pids = [];
    while (pids.length < 4) {
      await new Promise((resolve) => setTimeout(resolve, 2));
      pids = readdirSync(pidDir).flatMap((file) => readFileSync(join(pidDir, file), 'utf8').split('\n').filter(Boolean).map(Number));
    }
    for (const file of readdirSync(pidDir)) writeFileSync(join(pidDir, file), '');
    const start = performance.now();
    client.notify('$/cancelRequest', { id });
    const response = await reply;
    if (response.error?.code !== -32800) throw new Error(`expected -32800, got ${JSON.stringify(response)}`);
    replyMs.push(performance.now() - start);
    while (pids.some(isAlive)) await new Promise((resolve) => setTimeout(resolve, 1));
    deadMs.push(performance.now() - start);
  }
  rows.push(['P4 cancel → -32800 reply', median(replyMs), Math.max(...replyMs), '']);
  rows.push(['P4 cancel → every process of the tree dead', median(deadMs), Math.max(...deadMs), '']);
  await client.close();
}

// Clients: the no-match round trip and 64-in-flight throughput as the Python and Rust clients see them.
const repo = fileURLToPath(new URL('..', import.meta.url));
const clientBenches = [
  { name: 'python', marker: 'clients/python/bench/bench.py', command: 'python3', args: ['clients/python/bench/bench.py', bin] },
  {
    name: 'rust',
    marker: 'clients/rust/examples/bench.rs',
    command: 'cargo',
    args: ['run', '--quiet', '--release', '--manifest-path', 'clients/rust/Cargo.toml', '--example', 'bench', '--', bin],
  },
];
for (const bench of clientBenches) {
  if (!existsSync(join(repo, bench.marker))) continue;
  const run = spawnSync(bench.command, bench.args, { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const line = (run.stdout ?? '').trim().split('\n').pop() ?? '';
  let figures;
  try {
    figures = JSON.parse(line);
  } catch {
    console.error(`the ${bench.name} client bench printed no figures (exit ${run.status})`);
    continue;
  }
  rows.push([`${bench.name} client: no-match PreToolUse round trip`, figures.noMatchMedianMs, figures.noMatchP99Ms, '']);
  rows.push([`${bench.name} client: no-match events/s, ${figures.inFlight} in flight`, figures.eventsPerSecond, null, '']);
}

const pad = (text, width) => String(text).padEnd(width);
console.log(`hookd bench (node ${process.version}, ${ROUNDS} rounds, medians; the p99 column shows max for reload and P4)\n`);
console.log(`${pad('measure', 52)} ${pad('median', 12)} ${pad('p99/max', 12)} ratio`);
for (const [name, value, tail, ratio] of rows) {
  const unit = name.includes('/s') ? '' : name.includes('MB') ? '' : ' ms';
  const format = (number) => (number === null ? '' : `${number >= 100 ? number.toFixed(0) : number.toFixed(3)}${unit}`);
  console.log(`${pad(name, 52)} ${pad(format(value), 12)} ${pad(format(tail), 12)} ${ratio}`);
}
