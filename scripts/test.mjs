#!/usr/bin/env node
// `npm test`: build, run every suite — vitest (hookd and the TypeScript client), pytest (the Python client),
// cargo test (the Rust client), these two side by side — and end with one plain line "N passed, N failed" (CI reads it).
// Extra arguments go to vitest (e.g. `npm test -- test/unit`); then the client suites are skipped.
// Every suite runs with TMPDIR set to a fresh directory; whatever a test leaves there is listed and counts as a failure.
// Hook processes start through the native supervisor (HOOKD_SPAWN_PATH=supervisor under CI, where a missing binary
// must fail the tests, else auto); the runner and containment suites run every case on both paths themselves, and
// every suite that runs hooks through the built sidecar or the runner — the e2e suite, the conformance suite and the
// TypeScript client's tests — runs a second time on the pure-Node fallback path (HOOKD_SPAWN_PATH=node), but for the
// two packaging tests.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const results = join(root, 'test-results');
const extraArgs = process.argv.slice(2);
const scratch = mkdtempSync(join(tmpdir(), 'hookd-test-run-'));
const testEnv = { ...process.env, TMPDIR: scratch, ...(process.env.CI && !process.env.HOOKD_SPAWN_PATH ? { HOOKD_SPAWN_PATH: 'supervisor' } : {}) };
/** What runs again on the fallback path: everything that runs hooks through the built sidecar or the runner. */
const FALLBACK_PATH_SUITES = ['test/e2e', 'test/conformance', 'clients/typescript/test'];
/**
 * Not run again there: the packaging tests (npm pack / git install of hookd, npm install of the TypeScript client),
 * whose one hook event each exercises nothing the rest of the pass does not, and which cost ~210 s of a CI run's time.
 */
const FALLBACK_PATH_EXCLUDED = ['test/e2e/pack-install.test.ts', 'test/e2e/ts-client-outside-repo.test.ts'];
const run = (command, args, options = {}) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env: testEnv, ...options });

/**
 * Runs a command without blocking (the client suites run side by side: cargo compiles while pytest waits on its
 * sidecars), keeping its output (stdout and stderr together) to print in one piece when it ends; resolves to
 * { status, output }.
 */
function runCaptured(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: testEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(`${command}: ${error.message}\n`)));
    child.on('close', (status) => resolve({ status, output: Buffer.concat(chunks).toString('utf8') }));
  });
}

const build = run('npm', ['run', '--silent', 'build']);
if (build.status !== 0) {
  console.log('build failed');
  rmSync(scratch, { recursive: true, force: true });
  console.log('0 passed, 1 failed');
  process.exit(1);
}
mkdirSync(results, { recursive: true });

/** One suite's counts; a suite that could not report counts as one failure. */
const suites = [];
const record = (name, passed, failed) => suites.push({ name, passed, failed });
/** Every failed vitest test, named again just before the summary: CI keeps only the end of a long log. */
const failedTests = [];

function runVitest(name = 'vitest', args = extraArgs, env = testEnv) {
  const report = join(results, `${name.replace(/\W+/g, '-')}.json`);
  rmSync(report, { force: true });
  const vitest = run(join(root, 'node_modules', '.bin', 'vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args], { env });
  try {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    let failed = summary.numFailedTests + (summary.numRuntimeErrorTestSuites ?? 0);
    if (vitest.status !== 0 && failed === 0) failed = 1; // e.g. an unhandled error outside any test
    for (const file of summary.testResults ?? []) {
      const where = file.name.startsWith(root) ? file.name.slice(root.length) : file.name;
      const failures = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failures) failedTests.push(`${name}: ${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      if (failures.length === 0 && file.status === 'failed') failedTests.push(`${name}: ${where}: ${firstLine(file.message)}`);
    }
    record(name, summary.numPassedTests, failed);
  } catch (error) {
    console.log(`could not read the vitest report: ${error.message}`);
    record(name, 0, 1);
  }
}

/** The first line of a failure message, bounded (a message can be a whole diff). */
function firstLine(message) {
  const line = String(message ?? '').split('\n', 1)[0];
  return line.length > 300 ? `${line.slice(0, 300)}...` : line;
}

async function runPytest() {
  const report = join(results, 'pytest.xml');
  rmSync(report, { force: true });
  // pytest keeps its tmp_path directories (the last three runs): give it a base outside the checked temp dir.
  const basetemp = join(results, 'pytest-tmp');
  const pytest = await runCaptured('python3', ['-m', 'pytest', 'clients/python', '-q', `--junitxml=${report}`, `--basetemp=${basetemp}`, '-p', 'no:cacheprovider']);
  process.stdout.write(pytest.output);
  if (!existsSync(report)) {
    console.log(`pytest wrote no report (exit ${pytest.status})`);
    return record('pytest', 0, 1);
  }
  // <testsuite name="pytest" errors="0" failures="0" skipped="0" tests="12" ...>
  const suite = /<testsuite\b[^>]*>/.exec(readFileSync(report, 'utf8'))?.[0] ?? '';
  const count = (name) => Number(new RegExp(`\\b${name}="(\\d+)"`).exec(suite)?.[1] ?? 0);
  const failed = count('failures') + count('errors');
  const passed = count('tests') - failed - count('skipped');
  record('pytest', passed, failed + (pytest.status !== 0 && failed === 0 ? 1 : 0));
}

async function runCargo() {
  const manifest = join(root, 'clients', 'rust', 'Cargo.toml');
  const cargo = await runCaptured('cargo', ['test', '--manifest-path', manifest, '--no-fail-fast']);
  process.stdout.write(cargo.output);
  let passed = 0;
  let failed = 0;
  // One "test result: ok. 12 passed; 0 failed; 0 ignored; ..." line per test binary (and the doc tests).
  for (const match of cargo.output.matchAll(/^test result: \w+\. (\d+) passed; (\d+) failed/gm)) {
    passed += Number(match[1]);
    failed += Number(match[2]);
  }
  if (cargo.status !== 0 && failed === 0) failed = 1; // did not build, or crashed outside a test
  record('cargo test', passed, failed);
}

runVitest();
if (extraArgs.length === 0) {
  const present = FALLBACK_PATH_SUITES.filter((suite) => existsSync(join(root, suite)));
  const excluded = FALLBACK_PATH_EXCLUDED.flatMap((file) => ['--exclude', file]);
  runVitest('vitest (node spawn path)', [...present, ...excluded], { ...testEnv, HOOKD_SPAWN_PATH: 'node' });
  // Side by side; each is printed and recorded when it ends.
  const clientSuites = [];
  if (existsSync(join(root, 'clients', 'python', 'pyproject.toml'))) clientSuites.push(runPytest());
  if (existsSync(join(root, 'clients', 'rust', 'Cargo.toml'))) clientSuites.push(runCargo());
  await Promise.all(clientSuites);
}

/** Tests clean up what they create: anything left in the run's TMPDIR is named and counted as one failure. */
function checkLeftovers() {
  const left = readdirSync(scratch);
  if (left.length > 0) {
    console.log(`tests left ${left.length} entr${left.length === 1 ? 'y' : 'ies'} in the temp dir: ${left.slice(0, 20).join(', ')}${left.length > 20 ? ', ...' : ''}`);
  }
  if (left.length > 0) record('temp-dir cleanup', 0, 1);
  rmSync(scratch, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
}
checkLeftovers();

for (const failure of failedTests) console.log(`FAILED ${failure}`);
for (const suite of suites) console.log(`${suite.name}: ${suite.passed} passed, ${suite.failed} failed`);
const passed = suites.reduce((sum, suite) => sum + suite.passed, 0);
const failed = suites.reduce((sum, suite) => sum + suite.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
