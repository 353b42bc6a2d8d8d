// Bonsai acceptance tests' agent: a scratch home and workspace with `.bonsai/config.toml` files written from objects
// (smol-toml's stringify), the built sidecar initialized as a bonsai agent with declared tools, and polling helpers.
// Owns nothing the sidecar does; never answers server requests unless a test says how (Sidecar.onRequest).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'smol-toml';
import { scratchDir } from './scratch.js';
import { Sidecar } from './sidecar.js';

export type BonsaiSetup = {
  readonly workspace: string;
  readonly home: string;
  /** `<workspace>/.bonsai/config.toml` (not trusted: shell/http hooks need an approval). */
  readonly projectFile: string;
  /** `<home>/.bonsai/config.toml` (pre-trusted). */
  readonly globalFile: string;
  readonly trustStorePath: string;
  readonly ledgerPath: string;
};

/** One `[[hooks]]` table as the seed writes it (snake_case keys). */
export type BonsaiTable = {
  name: string;
  event: string;
  matcher?: { path?: string; tool?: string };
  action: { type: 'shell'; command: string } | { type: 'http'; url: string; headers?: Record<string, string> } | { type: 'llm_prompt'; prompt: string };
  timeout_secs?: number;
  blocking?: boolean;
  on_failure?: 'warn' | 'block';
  enabled?: boolean;
};

export function bonsaiSetup(): BonsaiSetup {
  const root = scratchDir('hookd-bonsai-');
  const workspace = join(root, 'workspace');
  const home = join(root, 'home');
  mkdirSync(join(workspace, '.bonsai'), { recursive: true });
  mkdirSync(join(home, '.bonsai'), { recursive: true });
  return {
    workspace,
    home,
    projectFile: join(workspace, '.bonsai', 'config.toml'),
    globalFile: join(home, '.bonsai', 'config.toml'),
    trustStorePath: join(home, 'trust.json'),
    ledgerPath: join(root, 'ledger.jsonl'),
  };
}

export function tomlOf(tables: readonly BonsaiTable[]): string {
  return stringify({ hooks: tables.map((table) => ({ ...table, action: { ...table.action } })) });
}

export function writeGlobal(setup: BonsaiSetup, tables: readonly BonsaiTable[] | string): void {
  writeFileSync(setup.globalFile, typeof tables === 'string' ? tables : tomlOf(tables));
}

export function writeProject(setup: BonsaiSetup, tables: readonly BonsaiTable[] | string): void {
  writeFileSync(setup.projectFile, typeof tables === 'string' ? tables : tomlOf(tables));
}

/** The tools a bonsai-like agent declares: `bash` runs shell commands, `write` and `edit` write files. */
export const BONSAI_TOOLS = [
  { name: 'bash', kind: 'shell', commandField: 'command' },
  { name: 'write', kind: 'file_write', pathField: 'path' },
  { name: 'edit', kind: 'file_write', pathField: 'path' },
  'read',
] as const;

export const session = (setup: BonsaiSetup, id = 'bonsai-e2e') => ({ id, cwd: setup.workspace });

export type StartOptions = {
  capabilities?: Record<string, boolean>;
  options?: Record<string, unknown>;
  tools?: readonly unknown[];
  env?: NodeJS.ProcessEnv;
};

/** Spawns the built sidecar and initializes it as a bonsai agent (model judge and approval capabilities by default). */
export async function startBonsai(setup: BonsaiSetup, open: Sidecar[], start: StartOptions = {}, before?: (sidecar: Sidecar) => void): Promise<{ sidecar: Sidecar; init: any }> {
  const sidecar = new Sidecar('ndjson', [], start.env ?? process.env);
  open.push(sidecar);
  before?.(sidecar);
  const init = await sidecar.request('initialize', {
    protocolVersion: '0.1',
    clientInfo: { name: 'bonsai-e2e-agent', version: '1' },
    dialect: 'bonsai',
    workspace: setup.workspace,
    home: setup.home,
    capabilities: start.capabilities ?? { modelJudge: true, hookApproval: true },
    tools: start.tools ?? BONSAI_TOOLS,
    options: { trustStorePath: setup.trustStorePath, ledgerPath: setup.ledgerPath, ...start.options },
  });
  return { sidecar, init };
}

/** The hooks/list entry of the hook named `name` (HookSpec.name, else the id ends with `:<name>`). */
export async function listed(sidecar: Sidecar, name: string): Promise<any> {
  const { hooks } = await sidecar.request('hooks/list', {});
  return hooks.find((hook: any) => hook.name === name || String(hook.id).endsWith(`:${name}`));
}

/** Polls hooks/list until the named hook satisfies `condition` (e.g. it became dispatchable after an approval). */
export async function waitForHook(sidecar: Sidecar, name: string, condition: (hook: any) => boolean, deadlineMs = 20_000): Promise<any> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const hook = await listed(sidecar, name);
    if (hook !== undefined && condition(hook)) return hook;
    if (Date.now() > deadline) throw new Error(`hook ${name} never reached the awaited state; last seen: ${JSON.stringify(hook)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A shell command that writes its stdin (the wire object) to `file` and exits with `code`. */
export const captureStdin = (file: string, code = 0): string => `cat > ${JSON.stringify(file)}; exit ${code}`;

/** A shell command printing `value` as JSON on stdout (exit 0). */
export const printJson = (value: unknown): string => `printf '%s' ${shellQuote(JSON.stringify(value))}`;

export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

