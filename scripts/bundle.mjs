#!/usr/bin/env node
// Bundles the built CLI (dist/cli.js and every module it imports, node_modules included) into the one CommonJS file
// dist/hookd.cjs with rolldown, so that a sidecar start compiles one file instead of resolving, reading and linking
// ~800 ES modules (spawn → initialize reply: ~0.9 s unbundled, ~0.5 s bundled, on the 2-core machine); then replaces
// dist/cli.js with the launcher (scripts/cli-launcher.mjs), which runs the bundle with V8's code cache, and writes
// that cache by running one sidecar through an initialize and two events (~0.3 s per start with it). It owns those
// steps only: the rest of dist/ stays tsc's per-module output (benches and tests import it), and the bundle is not
// minified so that stack traces stay readable (rolldown marks each source module with a `//#region` comment).
// When rolldown cannot be loaded (installed without dev dependencies) dist/cli.js stays unbundled — slower to start,
// same behaviour — and one warning line says so; when the cache cannot be written, one warning line says that.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'dist', 'cli.js');
const bundle = join(root, 'dist', 'hookd.cjs');
const codeCache = `${bundle}.v8cache`;
const staging = join(root, 'dist', 'hookd.bundle.tmp.cjs');

// The input is tsc's dist/cli.js; after a bundle it is the launcher, and bundling that would make a bundle that loads
// itself. `npm run build` runs tsc first, which writes tsc's file again.
if (readFileSync(entry, 'utf8').includes('// hookd:bundle-launcher')) {
  process.stderr.write('hookd: dist/cli.js is already the launcher of a bundle: run npm run build (tsc first), not this script alone\n');
  process.exit(1);
}

let build;
try {
  ({ build } = await import('rolldown'));
} catch (error) {
  process.stderr.write(`hookd: warning: dist/cli.js was not bundled (rolldown could not be loaded: ${error instanceof Error ? error.message : String(error)}); the sidecar starts slower\n`);
  process.exit(0);
}

/**
 * Builtins only some paths use: execa's node:v8 and node:tty (the fallback spawn path), the regex worker's
 * node:worker_threads, the ui server's node:http. rolldown hoists every external import to the bundle's top, where it
 * would load at every start (~15 ms on the 2-core machine); these are imported through a small module of the bundle
 * instead, which requires the builtin when the module that imports it initialises.
 */
const LAZY_BUILTINS = new Set(['node:v8', 'v8', 'node:worker_threads', 'worker_threads', 'node:tty', 'tty', 'node:http', 'http']);
const LAZY_PREFIX = '\0hookd-lazy-builtin:';
const lazyBuiltins = {
  name: 'hookd-lazy-builtins',
  resolveId(source) {
    return LAZY_BUILTINS.has(source) ? `${LAZY_PREFIX}${source}` : undefined;
  },
  async load(id) {
    if (!id.startsWith(LAZY_PREFIX)) return undefined;
    const name = id.slice(LAZY_PREFIX.length);
    const names = Object.keys(await import(name)).filter((key) => key !== 'default' && /^[A-Za-z_$][\w$]*$/.test(key));
    return [
      "import { createRequire } from 'node:module';",
      `const builtin = createRequire(__filename)(${JSON.stringify(name)});`,
      'export default builtin;',
      `export const { ${names.join(', ')} } = builtin;`,
    ].join('\n');
  },
};

try {
  await build({
    input: entry,
    plugins: [lazyBuiltins],
    platform: 'node',
    logLevel: 'warn',
    // jsonc-parser's "main" is a UMD wrapper whose require('./impl/…') calls a bundler cannot follow; its "module"
    // entry is the same code as ES modules.
    resolve: { alias: { 'jsonc-parser': join(root, 'node_modules', 'jsonc-parser', 'lib', 'esm', 'main.js') } },
    // ASCII only (non-ASCII characters escaped, JSDoc comments left out): the launcher then decodes the bundle as
    // latin1, ~5× cheaper than UTF-8 at every start. Legal comments stay; line numbers move, code reads the same.
    output: { file: staging, format: 'cjs', codeSplitting: false, sourcemap: false, charset: 'ascii', comments: { legal: true, annotation: false, jsdoc: false } },
  });
  // The launcher wraps the bundle in a function (Module.wrap): the entry's `#!` line must go.
  const source = readFileSync(staging, 'utf8').replace(/^#!.*/, '');
  const leftover = source.match(/\brequire\(["']\.{1,2}\/[^"']*["']\)/);
  if (leftover !== null) throw new Error(`the bundle still requires a relative path at run time (${leftover[0]}): add an alias for that package`);
  writeFileSync(staging, source);
  renameSync(staging, bundle);
  rmSync(codeCache, { force: true });
  copyFileSync(join(root, 'scripts', 'cli-launcher.mjs'), entry);
  rmSync(`${entry}.map`, { force: true }); // tsc's map described the unbundled file
} finally {
  rmSync(staging, { force: true });
}

const cacheError = await writeCodeCache();
if (cacheError !== undefined) process.stderr.write(`hookd: warning: no code cache for dist/hookd.cjs (${cacheError}); the sidecar starts slower\n`);

/**
 * Runs the launcher once with HOOKD_WRITE_CODE_CACHE=1 through initialize, a PreToolUse whose one `true` hook runs
 * (through the supervisor when it is built: npm run build builds it first), one that matches nothing, shutdown and
 * exit, in a scratch workspace and home: the cache it leaves holds every function a start and a first hook compile.
 * Resolves to undefined, or why there is no cache.
 */
function writeCodeCache() {
  const scratch = mkdtempSync(join(tmpdir(), 'hookd-code-cache-'));
  mkdirSync(join(scratch, '.claude'));
  writeFileSync(join(scratch, '.claude', 'settings.json'), JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] } }));
  const event = { session: { id: 'build' }, toolInput: { command: 'true' } };
  const messages = [
    { id: 1, method: 'initialize', params: { protocolVersion: '0.1', workspace: scratch, home: scratch } },
    { id: 2, method: 'hooks/PreToolUse', params: { ...event, toolName: 'Bash' } },
    { id: 3, method: 'hooks/PreToolUse', params: { ...event, toolName: 'Read' } },
    { id: 4, method: 'shutdown' },
    { method: 'exit' },
  ];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [entry], { cwd: scratch, env: { ...process.env, HOOKD_WRITE_CODE_CACHE: '1' }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-2000)));
    child.stdout.resume();
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', (error) => {
      stderr += error.message;
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      rmSync(scratch, { recursive: true, force: true });
      if (code !== 0) return resolve(`the sidecar that writes it exited ${code ?? signal}: ${stderr.trim()}`);
      try {
        readFileSync(codeCache);
        resolve(undefined);
      } catch (error) {
        resolve(error.message);
      }
    });
    child.stdin.end(messages.map((message) => JSON.stringify({ jsonrpc: '2.0', ...message })).join('\n') + '\n');
  });
}
