// What every golden-fixture replayer shares (protocol/fixtures/*.json): the fixture shape, reading the files, and
// the normalization of protocol/README.md's replay procedure. No replay logic: each replayer drives its own client.
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURES_DIR = fileURLToPath(new URL('../../protocol/fixtures/', import.meta.url));
export const WORKSPACE_PLACEHOLDER = '/home/user/project';
export const RECORDED_DURATION_MS = 12.5;
/** After the last step, how long a replayer waits to be sure no unexpected server message follows. */
export const SETTLE_MS = 150;

export type WireMessage = {
  jsonrpc: '2.0';
  id?: number | string | null;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
};
export type FixtureStep = { from: 'client'; message?: WireMessage; raw?: string } | { from: 'server'; message: WireMessage };
export type Fixture = {
  description: string;
  /** The dialect the exchange's initialize asks for; default 'claude'. */
  dialect?: string;
  /** claude only: the workspace's .claude/settings.json. */
  settings?: unknown;
  /** Workspace-relative path → exact file content, written before the sidecar starts. */
  files?: Record<string, string>;
  ignore?: string[];
  exchange: FixtureStep[];
};

export const fixtureFiles = (): string[] =>
  readdirSync(FIXTURES_DIR)
    .filter((file) => file.endsWith('.json'))
    .sort();
export const readFixture = (file: string): Fixture => JSON.parse(readFileSync(join(FIXTURES_DIR, file), 'utf8')) as Fixture;

/** The spellings of a workspace to replace by the placeholder, longer first (a resolved temp dir may contain the given one). */
export const workspaceSpellings = (workspace: string): string[] => [...new Set([realpathSync(workspace), workspace])].sort((a, b) => b.length - a.length);

/** Every workspace spelling → the placeholder; every number under `durationMs` → 12.5. */
export function normalize(value: unknown, paths: readonly string[]): unknown {
  if (typeof value === 'string') return paths.reduce((text, path) => text.split(path).join(WORKSPACE_PLACEHOLDER), value);
  if (Array.isArray(value)) return value.map((item) => normalize(item, paths));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, key === 'durationMs' && typeof item === 'number' ? RECORDED_DURATION_MS : normalize(item, paths)]),
    );
  return value;
}

/** Drops the fixture's `ignore` keys at any depth. */
export function withoutKeys(value: unknown, keys: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutKeys(item, keys));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)).map(([key, item]) => [key, withoutKeys(item, keys)]));
  return value;
}
