#!/usr/bin/env node
// What one PreToolUse dispatch with one command hook costs in hookd's engine (dist/engine, the claude dialect) run
// in-process, with a runner that answers at once: back to back (caches warm), and right after touching 16 MB, twice
// the L3 of the bench machine (caches cold, as in the sidecar, where the hook's exec, the supervisor and the client
// run between two events). No process is spawned, no RPC: the engine and the dialect alone. Prints one JSON line;
// asserts nothing.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const { Engine } = await import(new URL('../dist/engine/engine.js', import.meta.url).href);
const { DIALECTS } = await import(new URL('../dist/dialects/index.js', import.meta.url).href);

const ROUNDS = Number(process.argv[2] ?? 600);
const workspace = mkdtempSync(join(tmpdir(), 'hookd-cold-engine-'));
try {
  mkdirSync(join(workspace, '.claude'));
  writeFileSync(join(workspace, '.claude', 'settings.json'), JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] } }));
  const captured = () => ({ text: '', bytes: 0, totalBytes: 0, truncated: false });
  const runner = { run: async () => ({ started: true, pid: 1, exitCode: 0, signal: null, timedOut: false, cancelled: false, durationMs: 1, stdout: captured(), stderr: captured() }) };
  const engine = new Engine({ dialect: DIALECTS.claude, runner, workspace, baseEnv: { ...process.env } });
  engine.load({ workspace, home: join(workspace, 'home') });
  const params = { session: { id: 'bench' }, toolName: 'Bash', toolInput: { command: 'ls' } };
  // As in the sidecar: the request's controller exists before the dispatch (the RPC layer makes it).
  const once = async (samples, before) => {
    const controller = new AbortController();
    const signal = controller.signal;
    before();
    const start = performance.now();
    const { result } = await engine.dispatch('PreToolUse', params, { signal, abort: () => controller.abort() });
    samples.push(performance.now() - start);
    if (result.runs.length !== 1) throw new Error(`expected one run, got ${result.runs.length}`);
  };
  const junk = new Float64Array(2 * 1024 * 1024);
  // Writes every cache line of 16 MB (a write is a side effect: the loop cannot be optimized away).
  const flush = () => {
    for (let i = 0; i < junk.length; i += 8) junk[i] += 1;
  };
  const nothing = () => {};
  const warmup = [];
  for (let i = 0; i < 20000; i += 1) await once(warmup, nothing);
  const warm = [];
  const cold = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    await once(warm, nothing);
    await once(cold, flush);
  }
  const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1] * 1000;
  console.log(JSON.stringify({ rounds: ROUNDS, warmUs: median(warm), coldUs: median(cold) }));
} finally {
  rmSync(workspace, { recursive: true, force: true });
}
