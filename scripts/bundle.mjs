#!/usr/bin/env node
// Bundles the built CLI (dist/cli.js and every module it imports, node_modules included) into the one file
// dist/cli.js with rolldown, so that a sidecar start compiles one file instead of resolving, reading and linking ~800
// ES modules (spawn → initialize reply: ~0.9 s unbundled, ~0.4 s bundled, on the 2-core machine). It owns that step
// only: the rest of dist/ stays tsc's per-module output (benches and tests import it), and the bundle is not
// minified so that stack traces stay readable (rolldown marks each source module with a `//#region` comment).
// When rolldown cannot be loaded (installed without dev dependencies) dist/cli.js stays unbundled — slower to start,
// same behaviour — and one warning line says so.
import { readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'dist', 'cli.js');
const staging = join(root, 'dist', 'cli.bundle.tmp.js');

let build;
try {
  ({ build } = await import('rolldown'));
} catch (error) {
  process.stderr.write(`hookd: warning: dist/cli.js was not bundled (rolldown could not be loaded: ${error instanceof Error ? error.message : String(error)}); the sidecar starts slower\n`);
  process.exit(0);
}

try {
  await build({
    input: entry,
    platform: 'node',
    logLevel: 'warn',
    // jsonc-parser's "main" is a UMD wrapper whose require('./impl/…') calls a bundler cannot follow; its "module"
    // entry is the same code as ES modules.
    resolve: { alias: { 'jsonc-parser': join(root, 'node_modules', 'jsonc-parser', 'lib', 'esm', 'main.js') } },
    output: { file: staging, format: 'esm', codeSplitting: false, sourcemap: false },
  });
  const leftover = readFileSync(staging, 'utf8').match(/\brequire\(["']\.{1,2}\/[^"']*["']\)/);
  if (leftover !== null) throw new Error(`the bundle still requires a relative path at run time (${leftover[0]}): add an alias for that package`);
  renameSync(staging, entry);
  rmSync(`${entry}.map`, { force: true }); // tsc's map described the unbundled file
} finally {
  rmSync(staging, { force: true });
}
