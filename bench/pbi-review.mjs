#!/usr/bin/env node
// What pbi's per-hook trust review costs, from the built modules (dist/): loading hooks.json files of 10 to 2,000
// handlers with a hooks_state.json holding an entry for each (key, hash and status of every hook), and trust writes to
// the state file (lock, re-read, atomic replace) one after another and 100 at once. Prints a table; asserts nothing.
// Run: npm run build && node bench/pbi-review.mjs
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const dist = (path) => new URL(`../dist/${path}`, import.meta.url).href;
const { loadPbiHooks } = await import(dist('dialects/pbi/load.js'));
const { createPbiReviewStore } = await import(dist('dialects/pbi/state-file.js'));

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const root = mkdtempSync(join(tmpdir(), 'hookd-bench-pbi-'));
const home = join(root, 'home');
const workspace = join(root, 'ws');
for (const dir of [join(home, '.pbi-agent'), join(workspace, '.agents')]) mkdirSync(dir, { recursive: true });
const statePath = join(home, '.pbi-agent', 'hooks_state.json');
const context = { workspace, home, env: {}, managedPolicyDir: join(root, 'no-policy') };

function hooksFile(handlers) {
  const group = (index) => ({ matcher: index % 2 === 0 ? 'shell' : 'apply_patch|write', hooks: [{ type: 'command', command: `echo ${index}`, timeout: 30, statusMessage: `check ${index}` }] });
  return JSON.stringify({ hooks: { PreToolUse: Array.from({ length: handlers }, (_, index) => group(index)) } }, null, 2);
}

async function time(run, rounds = ROUNDS) {
  await run();
  const times = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return median(times);
}

try {
  console.log(`pbi: load with review state (median of ${ROUNDS})`);
  console.log('handlers  load ms  per hook µs');
  for (const handlers of [10, 100, 500, 2000]) {
    writeFileSync(join(workspace, '.agents', 'hooks.json'), hooksFile(handlers));
    rmSync(statePath, { force: true });
    const store = createPbiReviewStore(statePath);
    await Promise.all(loadPbiHooks(context).hooks.map((hook) => store.trust(hook.review.key, hook.review.currentHash)));
    const ms = await time(() => loadPbiHooks(context));
    console.log(`${String(handlers).padStart(8)}  ${ms.toFixed(1).padStart(7)}  ${((ms * 1000) / handlers).toFixed(1).padStart(11)}`);
  }

  console.log('\npbi: trust writes to hooks_state.json (2,000 entries already in it)');
  const store = createPbiReviewStore(statePath);
  let next = 0;
  const serialMs = await time(() => store.trust(`bench:serial:${next++}`, 'sha256:0'), 20);
  console.log(`one trust at a time: ${serialMs.toFixed(1)} ms each (median of 20)`);
  const started = performance.now();
  await Promise.all(Array.from({ length: 100 }, (_, index) => store.trust(`bench:burst:${index}`, 'sha256:0')));
  console.log(`100 trusts at once: ${(performance.now() - started).toFixed(1)} ms in all (coalesced writes)`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
