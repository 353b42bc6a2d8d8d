// The bench's JSON-RPC client of the built sidecar (dist/cli.js over stdio, NDJSON) and the small helpers every bench
// section shares: scratch workspaces (removed at exit), medians, timing loops, liveness by /proc. Measures nothing
// itself and never asserts a figure.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

/** The time budget of one bench phase (BENCH_PHASE_SECONDS, default 8). */
export const BUDGET_MS = Number(process.env.BENCH_PHASE_SECONDS ?? 8) * 1000;

export const bin = process.env.BIN ?? fileURLToPath(new URL('../dist/cli.js', import.meta.url));
export const ballast = fileURLToPath(new URL('./ballast.cjs', import.meta.url));

const scratch = [];
process.on('exit', () => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** A scratch directory removed when the bench exits. */
export function scratchDir(prefix = 'hookd-bench-') {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

/** A workspace whose .claude/settings.json is `settings`. */
export function workspaceWith(settings) {
  const workspace = scratchDir();
  mkdirSync(join(workspace, '.claude'));
  writeFileSync(join(workspace, '.claude', 'settings.json'), JSON.stringify(settings));
  return workspace;
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
export const p99 = (values) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))];

/** Durations of `work`, `rounds` times or until `budgetMs` has passed (at least `minSamples`): a loaded machine
 * makes the bench shorter, never endless. `samples.cut` is set when the budget ended it. */
export async function timeEach(rounds, work, budgetMs = BUDGET_MS, minSamples = 5) {
  const samples = [];
  const deadline = performance.now() + budgetMs;
  for (let i = 0; i < rounds; i += 1) {
    if (i >= minSamples && performance.now() > deadline) {
      samples.cut = true;
      break;
    }
    samples.push(await timeOnce(() => work(i)));
  }
  return samples;
}

export async function timeOnce(work) {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

export const isAlive = (pid) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

/** CPU time (user + system, ms) of process `pid` and of its reaped descendants, from /proc (USER_HZ 100). */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { self: (Number(fields[11]) + Number(fields[12])) * 10, children: (Number(fields[13]) + Number(fields[14])) * 10 };
}

/** The direct children of process `pid` (every thread's children file). */
export function childPids(pid) {
  const pids = [];
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    if (text !== '') pids.push(...text.split(' ').map(Number));
  }
  return pids;
}

export const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class Client {
  /** @param {{ env?: NodeJS.ProcessEnv, nodeArgs?: string[], program?: string }} options (program: another script than hookd's) */
  constructor({ env = process.env, nodeArgs = [], program = bin } = {}) {
    this.child = spawn(process.execPath, [...nodeArgs, program], { stdio: ['pipe', 'pipe', 'pipe'], env });
    /** Answers to server → client requests (hooks/invoke), by method. */
    this.serverRequests = {};
    /** Called with every notification. */
    this.onNotification = () => {};
    this.pending = new Map();
    this.nextId = 1;
    /** The sidecar's stderr (its warnings, e.g. the spawn path fallback), kept for the report. */
    this.stderr = '';
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (chunk) => {
      this.stderr = (this.stderr + chunk).slice(-8192);
    });
    this.child.on('exit', (code, signal) => {
      for (const resolve of this.pending.values()) resolve({ error: { code: 'exited', message: `sidecar exited (${code ?? signal}): ${this.stderr}` } });
      this.pending.clear();
    });
    let buffer = '';
    this.child.stdout.setEncoding('utf8');
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
  /** A call whose reply must not be an error (the bench would measure a failure otherwise). */
  async ok(method, params) {
    const reply = await this.call(method, params);
    if (reply.error) throw new Error(`${method}: ${JSON.stringify(reply.error)}`);
    return reply.result;
  }
  notify(method, params) {
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method, params })}\n`);
  }
  rssMb() {
    const status = readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  }
  async close() {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.on('exit', resolve));
    await this.call('shutdown');
    this.notify('exit');
    await exited;
  }
}
