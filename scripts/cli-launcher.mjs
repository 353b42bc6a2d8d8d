#!/usr/bin/env node
// dist/cli.js of a bundled build (copied there by scripts/bundle.mjs): runs the one-file CommonJS bundle
// dist/hookd.cjs with V8's code cache dist/hookd.cjs.v8cache, written at build time by a sidecar that served an
// initialize and a first hook event. A start then skips parsing the 2.9 MB bundle and compiling the functions the
// start and a first hook run: spawn → initialize reply ~515 → ~330 ms, first hook event 19 → 13 ms on the 2-core
// machine. A cache this Node's V8 refuses (another Node version, other V8 flags, a changed bundle) is ignored and
// the bundle compiles from source, as without one.
// It owns loading the bundle only; what hookd does is the bundle's. The outcome is left for the sidecar's log under
// Symbol.for('hookd.codeCache'): 'used', 'rejected' or 'absent'.
// HOOKD_WRITE_CODE_CACHE=1 (the build only) writes the cache when this process exits.
// hookd:bundle-launcher (scripts/bundle.mjs looks for this mark: it never bundles the launcher itself)
import { isAscii } from 'node:buffer';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

const here = dirname(fileURLToPath(import.meta.url));
const bundle = join(here, 'hookd.cjs');
const cacheFile = `${bundle}.v8cache`;

let cachedData;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  cachedData = undefined;
}
// The bundle is ASCII (scripts/bundle.mjs escapes the rest): then latin1 decodes it exactly and ~5× cheaper than UTF-8
// (3 MB: ~7 vs ~35 ms on the 2-core machine). A bundle that is not ASCII is decoded as UTF-8.
const bytes = readFileSync(bundle);
const source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
const script = new Script(Module.wrap(source), {
  filename: bundle,
  ...(cachedData === undefined ? {} : { cachedData }),
  // A dynamic import() inside the bundle (none on hookd's own paths) resolves as it would in this module.
  importModuleDynamically: (specifier) => import(specifier),
});
globalThis[Symbol.for('hookd.codeCache')] = cachedData === undefined ? 'absent' : script.cachedDataRejected ? 'rejected' : 'used';
if (process.env.HOOKD_WRITE_CODE_CACHE === '1') {
  process.on('exit', () => {
    writeFileSync(`${cacheFile}.tmp`, script.createCachedData());
    renameSync(`${cacheFile}.tmp`, cacheFile);
  });
}
const module = { exports: {} };
script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, here);
