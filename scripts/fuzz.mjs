#!/usr/bin/env node
// `npm run fuzz [-- --runs N] [--seed S] [files or vitest args]`: builds hookd, then runs the fuzz suite (test/fuzz,
// or the test files given) N times longer than CI (default 20) with a random seed (or S), printing the seed first so
// a failure can be replayed with `npm run fuzz -- --seed S --runs N`. CI (npm test) uses a fixed seed, small counts.
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const take = (flag) => {
  const at = args.indexOf(flag);
  if (at === -1) return undefined;
  const [, value] = args.splice(at, 2);
  if (value === undefined || !/^\d+$/.test(value)) {
    console.error(`${flag} needs a whole number`);
    process.exit(2);
  }
  return value;
};
const seed = take('--seed') ?? String(randomInt(1, 2 ** 31 - 1));
const runs = take('--runs') ?? '20';

console.log(`hookd fuzz: seed ${seed}, ${runs}x the CI runs (replay: npm run fuzz -- --seed ${seed} --runs ${runs})`);
const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const files = args.some((arg) => !arg.startsWith('-')) ? [] : ['test/fuzz'];
const vitest = spawnSync(join(root, 'node_modules', '.bin', 'vitest'), ['run', ...files, ...args], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, HOOKD_FUZZ_SEED: seed, HOOKD_FUZZ_RUNS: runs },
});
console.log(`hookd fuzz: seed ${seed}, ${runs}x: ${vitest.status === 0 ? 'passed' : 'FAILED'}`);
process.exit(vitest.status ?? 1);
