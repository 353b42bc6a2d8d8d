#!/usr/bin/env node
// What WAMP's "hooks are read once per send" costs, from the built modules (dist/): reading and parsing the two
// hooks.json files at a run's first event for files of 10 to 2,000 groups, and one dispatch that opens a new run
// (read + snapshot + a hook run) against one in a run already open. Also how long a trust revocation takes to kill a
// running project hook tree. Prints a table; asserts nothing. Run: npm run build && node bench/wamp-per-send.mjs
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const dist = (path) => new URL(`../dist/${path}`, import.meta.url).href;
const { wampDialect } = await import(dist('dialects/wamp/index.js'));
const { Engine } = await import(dist('engine/engine.js'));
const { createProcessRunner } = await import(dist('runner/process-runner.js'));

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const root = mkdtempSync(join(tmpdir(), 'hookd-bench-wamp-'));
const home = join(root, 'home');
const project = join(root, 'project');
for (const dir of [join(home, '.wamp'), join(project, '.wamp')]) mkdirSync(dir, { recursive: true });

function hooksFile(groups) {
  const group = (index) => ({ matcher: index % 3 === 0 ? 'shell' : index % 3 === 1 ? 'write|edit' : 'mcp__.*__read', hooks: [{ type: 'command', command: `echo ${index}`, timeout: 10 }] });
  return JSON.stringify({ hooks: { PreToolUse: Array.from({ length: groups }, (_, index) => group(index)), Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } }, null, 2);
}

async function time(run) {
  await run();
  const times = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return median(times);
}

try {
  console.log(`wamp: reading the hook files per send (median of ${ROUNDS})`);
  for (const groups of [10, 100, 500, 2000]) {
    const text = hooksFile(groups);
    writeFileSync(join(home, '.wamp', 'hooks.json'), text);
    const context = { workspace: project, home, env: {} };
    const ms = await time(() => wampDialect.load(context));
    console.log(`load ${String(groups).padStart(5)} groups (${(text.length / 1024).toFixed(0).padStart(4)} KiB)  ${ms.toFixed(2).padStart(8)} ms`);
  }

  writeFileSync(join(home, '.wamp', 'hooks.json'), hooksFile(100));
  const engine = new Engine({ dialect: wampDialect, runner: createProcessRunner(), workspace: project, baseEnv: { PATH: process.env.PATH ?? '/usr/bin:/bin' } });
  engine.load({ workspace: project, home, env: {} });
  const call = (runId) => engine.dispatch('PreToolUse', { session: { id: 'bench' }, runId, toolName: 'write', toolInput: { path: 'a' } });
  let next = 0;
  const fresh = await time(() => call(`run-${(next += 1)}`));
  const open = await time(() => call('run-open'));
  console.log(`\ndispatch PreToolUse (100 groups, 34 hooks match, each a real process)`);
  console.log(`  first event of a new run (reads the files)   ${fresh.toFixed(1).padStart(8)} ms`);
  console.log(`  event of an open run (its snapshot)           ${open.toFixed(1).padStart(8)} ms`);

  writeFileSync(join(project, '.wamp', 'hooks.json'), JSON.stringify({ hooks: { PostToolUse: [{ hooks: [{ type: 'command', command: 'sleep 60 & sleep 60 & wait' }] }] } }));
  const revoked = [];
  for (let round = 0; round < 5; round += 1) {
    const gated = new Engine({ dialect: wampDialect, runner: createProcessRunner(), workspace: project, baseEnv: { PATH: process.env.PATH ?? '/usr/bin:/bin' } });
    gated.load({ workspace: project, home: join(root, 'nobody'), env: {} });
    const key = `wamp-project:${project}`;
    await gated.setTrusted(key, true);
    const answered = gated.dispatch('PostToolUse', { session: { id: 'bench' }, runId: `revoke-${round}`, toolName: 'shell', toolInput: { command: 'ls' }, toolResponse: 'ok' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = performance.now();
    await gated.setTrusted(key, false);
    revoked.push(performance.now() - started);
    await answered;
  }
  console.log(`\ntrust revoked while a project hook tree (sh + 2 sleeps) runs: killed and settled in ${median(revoked).toFixed(0)} ms (median of 5; SIGTERM, grace, SIGKILL)`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
