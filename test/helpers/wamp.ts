// WAMP end-to-end tests' agent: a scratch home and project with `.wamp/hooks.json` files written from objects, the
// built sidecar initialized as a WAMP agent that registers WAMP's tools, and a runId per send (WAMP requires one).
// Owns nothing the sidecar does; never answers server requests unless a test says how (Sidecar.onRequest).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir } from './scratch.js';
import { Sidecar } from './sidecar.js';

export type WampSetup = {
  readonly workspace: string;
  readonly home: string;
  /** `<workspace>/.wamp/hooks.json`: runs only after the project is trusted. */
  readonly projectFile: string;
  /** `<home>/.wamp/hooks.json`: runs in every project. */
  readonly userFile: string;
  readonly trustStorePath: string;
  /** The project's trust key, as the dialect names it. */
  readonly trustKey: string;
  /** A directory for what hooks record (PID files, captured stdin), outside both config trees. */
  readonly rec: string;
};

/** The tools a WAMP agent registers at initialize (the seed's names). */
export const WAMP_TOOLS = ['shell', 'write', 'edit', 'apply_patch'] as const;

export function wampSetup(): WampSetup {
  const root = scratchDir('hookd-wamp-');
  const workspace = join(root, 'project');
  const home = join(root, 'home');
  const rec = join(root, 'rec');
  for (const dir of [join(workspace, '.wamp'), join(home, '.wamp'), rec]) mkdirSync(dir, { recursive: true });
  return {
    workspace,
    home,
    rec,
    projectFile: join(workspace, '.wamp', 'hooks.json'),
    userFile: join(home, '.wamp', 'hooks.json'),
    trustStorePath: join(root, 'trust.json'),
    trustKey: `wamp-project:${workspace}`,
  };
}

/** `{hooks: {[event]: [{matcher?, hooks: [{type: 'command', command, ...extra}]}]}}` for one handler. */
export function wampHook(event: string, command: string, options: { matcher?: string; [field: string]: unknown } = {}) {
  const { matcher, ...handler } = options;
  return { hooks: { [event]: [{ ...(matcher !== undefined ? { matcher } : {}), hooks: [{ type: 'command', command, ...handler }] }] } };
}

export function writeHooks(file: string, hooks: unknown): void {
  writeFileSync(file, typeof hooks === 'string' ? hooks : JSON.stringify(hooks, null, 2));
}

export type WampStart = {
  capabilities?: Record<string, boolean>;
  options?: Record<string, unknown>;
  tools?: readonly unknown[];
  env?: NodeJS.ProcessEnv;
};

/** Spawns the built sidecar and initializes it as a WAMP agent. */
export async function startWamp(setup: WampSetup, open: Sidecar[], start: WampStart = {}, before?: (sidecar: Sidecar) => void): Promise<{ sidecar: Sidecar; init: any }> {
  const sidecar = new Sidecar('ndjson', [], start.env ?? process.env);
  open.push(sidecar);
  before?.(sidecar);
  const init = await sidecar.request('initialize', {
    protocolVersion: '0.1',
    clientInfo: { name: 'wamp-e2e-agent', version: '1' },
    dialect: 'wamp',
    workspace: setup.workspace,
    home: setup.home,
    capabilities: start.capabilities ?? {},
    tools: start.tools ?? WAMP_TOOLS,
    options: { trustStorePath: setup.trustStorePath, ...start.options },
  });
  return { sidecar, init };
}

export const wampSession = (setup: WampSetup, id = 'wamp-e2e') => ({ id, cwd: setup.workspace });

/** A shell command printing `value` as JSON on stdout (exit 0). */
export const printJson = (value: unknown): string => `printf '%s' ${shellQuote(JSON.stringify(value))}`;

export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
