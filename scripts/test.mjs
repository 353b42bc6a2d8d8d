#!/usr/bin/env node
// `npm test`: build, run every suite, and end with one plain line "N passed, N failed" (CI reads it).
// Extra arguments go to vitest (e.g. `npm test -- test/unit`).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const results = join(root, 'test-results');
const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit' });

const build = run('npm', ['run', '--silent', 'build']);
if (build.status !== 0) {
  console.log('build failed');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

mkdirSync(results, { recursive: true });
const report = join(results, 'vitest.json');
rmSync(report, { force: true });
const vitest = run(join(root, 'node_modules', '.bin', 'vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);

let passed = 0;
let failed = 0;
try {
  const summary = JSON.parse(readFileSync(report, 'utf8'));
  passed = summary.numPassedTests;
  failed = summary.numFailedTests + (summary.numRuntimeErrorTestSuites ?? 0);
} catch (error) {
  console.log(`could not read the vitest report: ${error.message}`);
  failed += 1;
}
if (vitest.status !== 0 && failed === 0) failed = 1; // e.g. an unhandled error outside any test
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
