#!/usr/bin/env node
// Builds the hook process supervisor (native/hookd-supervisor.c → native/build/hookd-supervisor) with the system's
// C compiler (`CC`, default `cc`). It owns that one compile step only: nothing is downloaded, and a missing compiler
// or a failed compile is one warning line (plus the compiler's output) and exit 0, because hookd then runs on its
// pure-Node spawn path. It skips the compile when the binary is newer than the source. It links statically where the
// C library allows it (a static supervisor forks its keepers ~10% cheaper: fewer mappings to copy, no lazy symbol
// binding redone in every keeper), else dynamically.
import { spawnSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'native', 'hookd-supervisor.c');
const binary = join(root, 'native', 'build', 'hookd-supervisor');
const compiler = process.env.CC?.trim() || 'cc';
const flags = ['-O2', '-std=gnu11', '-Wall', '-Wextra'];

function mtimeMs(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

function warn(reason, output = '') {
  process.stderr.write(`hookd: warning: the hook process supervisor was not built (${reason}); hookd will use its pure-Node spawn path — install a C compiler (cc) and run npm run build\n`);
  if (output.trim() !== '') process.stderr.write(`${output.trimEnd()}\n`);
}

if (process.platform !== 'linux') {
  // The supervisor needs Linux (child subreaper, parent-death signal, /proc); elsewhere hookd uses its Node path.
  process.exit(0);
}
const sourceTime = mtimeMs(source);
if (sourceTime === undefined) {
  warn(`${source} is missing`);
  process.exit(0);
}
// Up to date only when newer than the source and than this script (its flags and link mode are part of the build).
const binaryTime = mtimeMs(binary);
const scriptTime = mtimeMs(fileURLToPath(import.meta.url)) ?? Number.POSITIVE_INFINITY;
if (binaryTime !== undefined && binaryTime > sourceTime && binaryTime > scriptTime) process.exit(0);

mkdirSync(dirname(binary), { recursive: true });
// Compile next to the target and rename: a half-written binary is never at the path hookd looks at.
const partial = `${binary}.${process.pid}.tmp`;
const compile = (extra) => spawnSync(compiler, [...flags, ...extra, '-o', partial, source], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
let result = compile(['-static']);
if (result.error === undefined && result.status !== 0) result = compile([]);
if (result.error !== undefined) {
  rmSync(partial, { force: true });
  warn(`cannot run the C compiler "${compiler}": ${result.error.code ?? result.error.message}`);
  process.exit(0);
}
const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
if (result.status !== 0) {
  rmSync(partial, { force: true });
  warn(`"${compiler}" failed${result.signal ? ` (${result.signal})` : ` with exit code ${result.status}`}`, output);
  process.exit(0);
}
renameSync(partial, binary);
if (output.trim() !== '') process.stderr.write(`${output.trimEnd()}\n`);
