// The bundled build's start (scripts/cli-launcher.mjs, scripts/bundle.mjs): dist/cli.js runs dist/hookd.cjs with the
// V8 code cache the build wrote, says so in the log, and a cache this Node refuses (or none) only costs start time:
// the sidecar still serves. Real sidecars, real stdio.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyBuiltPackage, REPO_ROOT } from '../helpers/repo-copy.js';
import { scratchDir } from '../helpers/scratch.js';
import { Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace, oneHook, writeClaudeSettings } from '../helpers/workspace.js';

const BUNDLE = join(REPO_ROOT, 'dist', 'hookd.cjs');
const CACHE = `${BUNDLE}.v8cache`;

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A copy of the built package (native/ linked), so its cache can be changed. */
function copiedBuild(): string {
  const root = scratchDir('hookd-code-cache-');
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  copyBuiltPackage(root, 'linked');
  return root;
}

async function servesAHook(bin: string): Promise<Sidecar> {
  const workspace = makeWorkspace('hookd-code-cache-ws-');
  cleanups.push(() => rmSync(workspace, { recursive: true, force: true }));
  writeClaudeSettings(workspace, oneHook('PreToolUse', 'echo ran'));
  const sidecar = new Sidecar('ndjson', ['--log-level', 'info'], process.env, undefined, bin);
  cleanups.push(() => sidecar.close());
  await sidecar.initialize(workspace);
  const reply = (await sidecar.call('hooks/PreToolUse', { session: { id: 'cache' }, toolName: 'Bash', toolInput: { command: 'ls' } })) as {
    result?: { runs?: Array<{ status: string; stdout?: string }> };
  };
  expect(reply.result?.runs?.map((run) => run.status)).toEqual(['ok']);
  return sidecar;
}

describe('the bundled start with V8 code cache', () => {
  it('npm run build writes dist/hookd.cjs and its code cache; the built hookd starts with the cache used and says so', async () => {
    expect(existsSync(BUNDLE)).toBe(true);
    expect(existsSync(CACHE)).toBe(true);
    const sidecar = await servesAHook(join(REPO_ROOT, 'dist', 'cli.js'));
    expect(sidecar.stderr).toMatch(/startup code cache: used/);
  });

  it('a cache this Node refuses (bytes of another build) is ignored: the bundle compiles from source and serves', async () => {
    const root = copiedBuild();
    const cache = join(root, 'dist', 'hookd.cjs.v8cache');
    const bytes = readFileSync(cache);
    bytes.fill(0x5a, 0, Math.min(bytes.length, 64));
    writeFileSync(cache, bytes);
    const sidecar = await servesAHook(join(root, 'dist', 'cli.js'));
    expect(sidecar.stderr).toMatch(/startup code cache: rejected/);
  });

  it('without a cache file the start compiles from source and serves', async () => {
    const root = copiedBuild();
    rmSync(join(root, 'dist', 'hookd.cjs.v8cache'));
    const sidecar = await servesAHook(join(root, 'dist', 'cli.js'));
    expect(sidecar.stderr).toMatch(/startup code cache: absent/);
  });
});
