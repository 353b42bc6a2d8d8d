#!/usr/bin/env node
// What the codex and gemini dialects' files cost next to claude's, from the built modules (dist/): loading the same
// hooks (10 to 1,000 handlers) from ~/.claude/settings.json, ~/.codex/hooks.json (with a trusted [hooks.state] entry
// per hook in config.toml, so every load also reads and matches the review state) and ~/.gemini/settings.json (in a
// trusted folder); and review/trust writes into Codex's config.toml and Gemini's trusted_hooks.json (project hooks), one after another
// and 100 at once. Prints a table; asserts nothing. Run: npm run build && node bench/codex-gemini.mjs
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const dist = (path) => new URL(`../dist/${path}`, import.meta.url).href;
const { claudeDialect } = await import(dist('dialects/claude/index.js'));
const { codexDialect } = await import(dist('dialects/codex/index.js'));
const { geminiDialect } = await import(dist('dialects/gemini/index.js'));

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const root = mkdtempSync(join(tmpdir(), 'hookd-bench-codex-gemini-'));

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

/** A fresh home and workspace with `handlers` PreToolUse groups in each agent's user file (gemini's in the project's
 * file with `geminiProject`: only project hooks are reviewed there); gemini's folder trusted. */
function setup(name, handlers, geminiProject = false) {
  const home = join(root, name, 'home');
  const workspace = join(root, name, 'ws');
  for (const dir of [join(home, '.claude'), join(home, '.codex'), join(home, '.gemini'), join(workspace, '.gemini')]) mkdirSync(dir, { recursive: true });
  const groups = (event, tool) => ({ [event]: Array.from({ length: handlers }, (_, index) => ({ matcher: tool, hooks: [{ type: 'command', command: `echo ${index}`, timeout: 30 }] })) });
  writeFileSync(join(home, '.claude', 'settings.json'), JSON.stringify({ hooks: groups('PreToolUse', 'Bash') }, null, 2));
  writeFileSync(join(home, '.codex', 'hooks.json'), JSON.stringify({ hooks: groups('PreToolUse', 'Bash') }, null, 2));
  writeFileSync(join(home, '.codex', 'config.toml'), '# bench\n[features]\nhooks = true\n');
  writeFileSync(geminiProject ? join(workspace, '.gemini', 'settings.json') : join(home, '.gemini', 'settings.json'), JSON.stringify({ hooks: groups('BeforeTool', 'run_shell_command') }, null, 2));
  writeFileSync(join(home, '.gemini', 'trustedFolders.json'), JSON.stringify({ [workspace]: 'TRUST_FOLDER' }, null, 2));
  return { workspace, home, env: { GEMINI_CLI_SYSTEM_SETTINGS_PATH: join(root, 'no-system-settings.json') } };
}

try {
  console.log(`load (median of ${ROUNDS}), the same PreToolUse handlers in each agent's user file`);
  console.log('handlers | claude ms | codex ms (all trusted) | gemini ms');
  for (const handlers of [10, 100, 1000]) {
    const context = setup(`load-${handlers}`, handlers);
    // Trust every codex hook first (one batch of writes), so each load matches 1 hash per hook.
    const store = codexDialect.reviewStore(context);
    const loaded = codexDialect.load(context);
    await Promise.all(loaded.hooks.map((hook) => store.trust(hook.review.key, hook.review.currentHash)));
    const trusted = codexDialect.load(context).hooks.filter((hook) => hook.review?.status === 'trusted').length;
    const claude = await time(() => claudeDialect.load(context));
    const codex = await time(() => codexDialect.load(context));
    const gemini = await time(() => geminiDialect.load(context));
    console.log(`${String(handlers).padStart(8)} | ${claude.toFixed(1).padStart(9)} | ${codex.toFixed(1).padStart(14)} (${trusted} trusted) | ${gemini.toFixed(1).padStart(9)}`);
  }

  console.log('\nreview/trust writes: 100 hooks, into codex config.toml ([hooks.state."<key>"]) and gemini trusted_hooks.json');
  console.log('store  | one after another ms (per write) | 100 at once ms');
  for (const [name, dialect] of [
    ['codex', codexDialect],
    ['gemini', geminiDialect],
  ]) {
    const timesOf = async (label) => {
      const context = setup(`${name}-trust-${label}`, 100, name === 'gemini');
      const hooks = dialect.load(context).hooks.filter((hook) => hook.review !== undefined);
      return { store: dialect.reviewStore(context), hooks };
    };
    const one = await timesOf('serial');
    const serialStart = performance.now();
    for (const hook of one.hooks) await one.store.trust(hook.review.key, hook.review.currentHash);
    const serial = performance.now() - serialStart;
    const many = await timesOf('parallel');
    const parallelStart = performance.now();
    await Promise.all(many.hooks.map((hook) => many.store.trust(hook.review.key, hook.review.currentHash)));
    const parallel = performance.now() - parallelStart;
    const count = one.hooks.length;
    console.log(`${name.padEnd(6)} | ${serial.toFixed(1).padStart(10)} (${count ? (serial / count).toFixed(2) : '-'} per write, ${count} hooks) | ${parallel.toFixed(1).padStart(8)}`);
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
