// Scratch Bamboo setups for e2e tests: a workspace, a data dir (BAMBOO_DATA_DIR) and a spawned sidecar that
// reads them; config files written whole or by atomic save (temp file + rename), as editors do.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Sidecar, type WireFraming } from './sidecar.js';
import { makeWorkspace } from './workspace.js';

export type BambooSetup = {
  readonly workspace: string;
  readonly dataDir: string;
  /** The user's file: $BAMBOO_DATA_DIR/hooks.json (trusted). */
  readonly userFile: string;
  /** The project-local file: <workspace>/.bamboo/hooks.json (needs trust). */
  readonly projectFile: string;
};

export function bambooSetup(): BambooSetup {
  const workspace = makeWorkspace('hookd-bamboo-ws-');
  const dataDir = join(makeWorkspace('hookd-bamboo-data-'), '.bamboo');
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(join(workspace, '.bamboo', 'hooks'), { recursive: true });
  return { workspace, dataDir, userFile: join(dataDir, 'hooks.json'), projectFile: join(workspace, '.bamboo', 'hooks.json') };
}

/** Writes `{lifecycle_hooks}` (or raw text) in place. */
export function writeBambooConfig(file: string, lifecycleHooks: unknown): void {
  writeFileSync(file, typeof lifecycleHooks === 'string' ? lifecycleHooks : JSON.stringify({ lifecycle_hooks: lifecycleHooks }, null, 2));
}

/** Writes through a temp file renamed over the target: one atomic replacement, as editors save. */
export function atomicSave(file: string, lifecycleHooks: unknown): void {
  const temporary = `${file}.tmp-${process.pid}`;
  writeBambooConfig(temporary, lifecycleHooks);
  renameSync(temporary, file);
}

/** A sidecar whose environment points BAMBOO_DATA_DIR at the setup's data dir. */
export function bambooSidecar(setup: BambooSetup, framing: WireFraming = 'ndjson', args: string[] = []): Sidecar {
  return new Sidecar(framing, args, { ...process.env, BAMBOO_DATA_DIR: setup.dataDir });
}

/** initialize with the bamboo dialect; home is the data dir's parent so nothing of the real user leaks in. */
export function initializeBamboo(sidecar: Sidecar, setup: BambooSetup, extra: Record<string, unknown> = {}): Promise<any> {
  return sidecar.initialize(setup.workspace, {
    dialect: 'bamboo',
    home: join(setup.dataDir, '..'),
    ...extra,
    options: { trustStorePath: join(setup.dataDir, '..', 'trust.json'), ...((extra.options as object | undefined) ?? {}) },
  });
}
