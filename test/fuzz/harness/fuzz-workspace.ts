// Scratch setups for the fuzz: a temp root holding the workspace, a home (with the bamboo data dir in it), the
// trust store and hookd's working directory, a config with cheap hooks on the common events, and a launcher
// that spawns and initializes a sidecar there. Removing the root removes everything.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { WireFraming } from '../../helpers/sidecar.js';
import { FuzzSidecar } from './fuzz-sidecar.js';

export type FuzzDialect = 'claude' | 'bamboo';

export type FuzzWorkspace = {
  readonly root: string;
  readonly workspace: string;
  readonly home: string;
  /** The config file hookd reads for this dialect (project settings for claude, the user file for bamboo). */
  readonly configFile: string;
  /** Every file this dialect reads in the setup (the first is configFile). */
  readonly configFiles: readonly string[];
  readonly dialect: FuzzDialect;
  readonly initializeParams: Record<string, unknown>;
  readonly env: NodeJS.ProcessEnv;
};

const claudeConfig = {
  hooks: {
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'cat > /dev/null' }] }],
    PostToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: "printf '{}'", statusMessage: 'checking' }] }],
    UserPromptSubmit: [{ hooks: [{ type: 'command', command: "cat > /dev/null; printf 'context'" }] }],
    Stop: [{ hooks: [{ type: 'command', command: "printf '{}'" }] }],
    SessionStart: [{ hooks: [{ type: 'command', command: 'true' }] }],
  },
};

const bambooConfig = {
  lifecycle_hooks: {
    PreToolUse: [{ matcher: '^Bash$', hooks: [{ type: 'command', command: 'cat > /dev/null' }] }],
    PostToolUse: [{ hooks: [{ type: 'command', command: "printf '{}'" }] }],
    UserPromptSubmit: [{ hooks: [{ type: 'command', command: "cat > /dev/null; printf '{\"additional_context\":\"c\"}'" }] }],
    Stop: [{ hooks: [{ type: 'command', command: 'true' }] }],
  },
};

const defaultConfig = (dialect: FuzzDialect) => JSON.stringify(dialect === 'claude' ? claudeConfig : bambooConfig);

/** Back to the setup's start: the default config in configFile, no other config file. */
export function resetConfigs(setup: FuzzWorkspace): void {
  writeFileSync(setup.configFile, defaultConfig(setup.dialect));
  for (const file of setup.configFiles.slice(1)) rmSync(file, { force: true });
}

/**
 * Every root this file's fuzz workspaces made, removed again after the file's tests: a sidecar SIGKILLed under load
 * can leave hook processes that write into a root after its test removed it (npm test counts anything left).
 */
const createdRoots = new Set<string>();
afterAll(() => {
  for (const root of createdRoots) rmSync(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  createdRoots.clear();
});

export function fuzzWorkspace(dialect: FuzzDialect, config: unknown = defaultConfig(dialect)): FuzzWorkspace {
  const root = mkdtempSync(join(tmpdir(), 'hookd-fuzz-'));
  createdRoots.add(root);
  const workspace = join(root, 'workspace');
  const home = join(root, 'home');
  mkdirSync(join(workspace, '.claude'), { recursive: true });
  mkdirSync(join(home, '.bamboo'), { recursive: true });
  mkdirSync(join(home, '.claude'), { recursive: true });
  mkdirSync(join(workspace, '.bamboo'), { recursive: true });
  const configFiles =
    dialect === 'claude'
      ? [join(workspace, '.claude', 'settings.json'), join(workspace, '.claude', 'settings.local.json'), join(home, '.claude', 'settings.json'), join(root, 'managed.json')]
      : [join(home, '.bamboo', 'hooks.json'), join(workspace, '.bamboo', 'hooks.json')];
  const configFile = configFiles[0]!;
  writeFileSync(configFile, typeof config === 'string' || Buffer.isBuffer(config) ? config : JSON.stringify(config));
  const env = { ...process.env };
  delete env.BAMBOO_DATA_DIR;
  // hookd saves long hook output under TMPDIR (removed when it exits); here a sidecar SIGKILLed leaves it in the root.
  env.TMPDIR = join(root, 'tmp');
  mkdirSync(env.TMPDIR, { recursive: true });
  return {
    root,
    workspace,
    home,
    configFile,
    configFiles,
    dialect,
    env,
    initializeParams: {
      protocolVersion: '0.1',
      clientInfo: { name: 'hookd-fuzz' },
      dialect,
      workspace,
      home,
      capabilities: { programmaticHooks: true },
      options: { trustStorePath: join(root, 'trust.json'), managedSettingsPath: join(root, 'managed.json'), watch: false },
    },
  };
}

export function removeWorkspace(setup: FuzzWorkspace): void {
  // Retries: a hook process still exiting may add an entry while the tree is removed (ENOTEMPTY).
  rmSync(setup.root, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
}

/** Spawns hookd in the setup's root (so relative paths land there) without initializing it. */
export function spawnIn(setup: FuzzWorkspace, framing: WireFraming): FuzzSidecar {
  return new FuzzSidecar({ framing, cwd: setup.root, env: setup.env });
}

/** Spawns and initializes; throws when initialize is not answered with a result. */
export async function launchInitialized(setup: FuzzWorkspace, framing: WireFraming): Promise<FuzzSidecar> {
  const sidecar = spawnIn(setup, framing);
  const answer = await sidecar.call('initialize', JSON.stringify(setup.initializeParams));
  if (answer?.result === undefined) {
    await sidecar.stop();
    throw new Error(`initialize failed: ${JSON.stringify(answer)}; stderr: ${sidecar.stderrTail}`);
  }
  return sidecar;
}
