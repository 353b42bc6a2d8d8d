// $CODEX_HOME/config.toml read bounded and parsed with smol-toml: `[features] hooks` (or the deprecated
// `codex_hooks`), `[projects."<path>"] trust_level`, `[hooks.state."<key>"]` enabled / trusted_hash. A file that
// cannot be read or parsed is a diagnostic (file, line, column) and counts as empty. Must not write.
import { existsSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parse, TomlError } from 'smol-toml';
import { errorAt, warningAt } from '../../config/diagnostic.js';
import { readConfigFile } from '../../config/read-config-file.js';
import type { Diagnostic } from '../../protocol/index.js';
import { stateEntryLine } from './toml-state-lines.js';

export type CodexHookStateEntry = { readonly enabled?: boolean; readonly trustedHash?: string };

export type CodexConfig = {
  readonly path: string;
  /** `[features] hooks` (or the deprecated `codex_hooks`); undefined when not set (hooks are on by default). */
  readonly hooksFeature: boolean | undefined;
  /** `[projects."<path>"] trust_level` by project path as written. */
  readonly projectTrust: ReadonlyMap<string, string>;
  /** `[hooks.state."<key>"]` by hook key (trimmed, as Codex reads it). */
  readonly hookState: ReadonlyMap<string, CodexHookStateEntry>;
  /** Problems reading or parsing the file, naming file, line and field; the file then counts as empty. */
  readonly diagnostics: readonly Diagnostic[];
};

/** Nesting no config.toml needs; bounds smol-toml's recursion on hostile input. */
const MAX_TOML_DEPTH = 64;

/** smol-toml with the options hookd reads config.toml with (the review store parses with the same ones). */
export function parseCodexToml(text: string): Record<string, unknown> {
  return parse(text, { maxDepth: MAX_TOML_DEPTH, integersAsBigInt: 'asNeeded' }) as Record<string, unknown>;
}

/** The parser's first line without the excerpt it appends (the diagnostic carries line and column). */
export function tomlErrorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return (error.message.split('\n')[0] ?? error.message).replace(/^Invalid TOML document:\s*/, '');
}

function isTable(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Date) return 'a date';
  if (isTable(value)) return 'a table';
  return `${typeof value === 'bigint' ? 'number' : typeof value} ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`;
}

function emptyConfig(path: string, diagnostics: Diagnostic[]): CodexConfig {
  return { path, hooksFeature: undefined, projectTrust: new Map(), hookState: new Map(), diagnostics };
}

export function readCodexConfig(path: string): CodexConfig {
  const read = readConfigFile(path);
  if (read.status === 'missing') return emptyConfig(path, []);
  if (read.status === 'rejected') return emptyConfig(path, [errorAt(`${path} ${read.reason}; it is ignored (no features, project trust or hook state)`, { file: path, code: 'codex-config-unreadable' })]);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(read.bytes);
  } catch {
    return emptyConfig(path, [errorAt(`${path} is not valid UTF-8; it is ignored (no features, project trust or hook state)`, { file: path, code: 'codex-config-encoding' })]);
  }
  return parseCodexConfig(path, text);
}

/** The same as readCodexConfig for text already read (a leading BOM is dropped). */
export function parseCodexConfig(path: string, text: string): CodexConfig {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let document: Record<string, unknown>;
  try {
    document = parseCodexToml(body);
  } catch (error) {
    const at = error instanceof TomlError ? { line: error.line, column: error.column } : {};
    return emptyConfig(path, [
      errorAt(`TOML syntax error in ${path}: ${tomlErrorMessage(error)}; the file is ignored (no features, project trust or hook state) and no trust action rewrites it`, {
        file: path,
        ...at,
        code: 'codex-config-toml-syntax',
      }),
    ]);
  }
  const diagnostics: Diagnostic[] = [];
  const warn = (message: string, field: string, line?: number) => diagnostics.push(warningAt(message, { file: path, field, code: 'codex-config-field', ...(line !== undefined ? { line } : {}) }));
  return {
    path,
    hooksFeature: readFeature(document, warn),
    projectTrust: readProjects(document, warn),
    hookState: readHookState(document, body, warn),
    diagnostics,
  };
}

type Warn = (message: string, field: string, line?: number) => void;

function readFeature(document: Record<string, unknown>, warn: Warn): boolean | undefined {
  const features = document['features'];
  if (features === undefined) return undefined;
  if (!isTable(features)) {
    warn(`features must be a table, got ${describe(features)}; ignored`, 'features');
    return undefined;
  }
  for (const name of ['hooks', 'codex_hooks']) {
    const value = features[name];
    if (value === undefined) continue;
    if (typeof value === 'boolean') return value;
    warn(`features.${name} must be true or false, got ${describe(value)}; ignored`, `features.${name}`);
  }
  return undefined;
}

function readProjects(document: Record<string, unknown>, warn: Warn): Map<string, string> {
  const out = new Map<string, string>();
  const projects = document['projects'];
  if (projects === undefined) return out;
  if (!isTable(projects)) {
    warn(`projects must be a table, got ${describe(projects)}; ignored`, 'projects');
    return out;
  }
  for (const [path, entry] of Object.entries(projects)) {
    const level = isTable(entry) ? entry['trust_level'] : undefined;
    if (typeof level === 'string') out.set(path, level);
    else if (level !== undefined || !isTable(entry)) warn(`projects.${JSON.stringify(path)}.trust_level must be a string, got ${describe(isTable(entry) ? level : entry)}; ignored`, `projects.${JSON.stringify(path)}`);
  }
  return out;
}

/**
 * codex-rs/hooks/src/config_rules.rs `hook_states_from_stack`: an entry that does not deserialize (not a table,
 * `enabled` not a bool, `trusted_hash` not a string) is skipped whole; keys are trimmed; an empty key is skipped;
 * unknown fields are ignored.
 */
function readHookState(document: Record<string, unknown>, text: string, warn: Warn): Map<string, CodexHookStateEntry> {
  const out = new Map<string, CodexHookStateEntry>();
  const hooks = document['hooks'];
  if (!isTable(hooks)) return out;
  const state = hooks['state'];
  if (state === undefined) return out;
  if (!isTable(state)) {
    warn(`hooks.state must be a table, got ${describe(state)}; no hook is trusted or disabled by it`, 'hooks.state');
    return out;
  }
  for (const [rawKey, entry] of Object.entries(state)) {
    const field = `hooks.state.${JSON.stringify(rawKey)}`;
    const problem = !isTable(entry)
      ? `is ${describe(entry)}, not a table`
      : entry['enabled'] !== undefined && typeof entry['enabled'] !== 'boolean'
        ? `has enabled = ${describe(entry['enabled'])} (must be true or false)`
        : entry['trusted_hash'] !== undefined && typeof entry['trusted_hash'] !== 'string'
          ? `has trusted_hash = ${describe(entry['trusted_hash'])} (must be a string)`
          : undefined;
    if (problem !== undefined || !isTable(entry)) {
      warn(`${field} ${problem ?? 'is not a table'}; the entry is ignored, as Codex ignores it`, field, stateEntryLine(text, rawKey));
      continue;
    }
    const key = rawKey.trim();
    if (key === '') continue;
    const previous = out.get(key) ?? {};
    out.set(key, {
      ...previous,
      ...(typeof entry['enabled'] === 'boolean' ? { enabled: entry['enabled'] } : {}),
      ...(typeof entry['trusted_hash'] === 'string' ? { trustedHash: entry['trusted_hash'] } : {}),
    });
  }
  return out;
}

/** A `.git` file is one line (`gitdir: <path>`). */
const GIT_FILE_MAX_BYTES = 64 * 1024;

function realPathOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * The root Codex falls back to for project trust: the main working tree of the git repository `dir` is in (a linked
 * worktree's `.git` file points into `<main>/.git/worktrees/<name>`, so worktrees inherit the main project's trust).
 */
export function gitProjectRoot(dir: string): string | undefined {
  for (let current = dir; ; current = dirname(current)) {
    const marker = join(current, '.git');
    if (existsSync(marker)) {
      try {
        if (statSync(marker).isDirectory()) return current;
        const read = readConfigFile(marker, { maxBytes: GIT_FILE_MAX_BYTES });
        if (read.status !== 'ok') return current;
        const pointer = /^gitdir:\s*(.+?)\s*$/m.exec(read.bytes.toString('utf8'));
        const gitdir = pointer === null ? undefined : resolve(current, pointer[1]!);
        const worktrees = gitdir === undefined ? -1 : gitdir.lastIndexOf(`${join('.git', 'worktrees')}`);
        return gitdir !== undefined && worktrees > 0 ? dirname(gitdir.slice(0, worktrees + '.git'.length)) : current;
      } catch {
        return current;
      }
    }
    if (dirname(current) === current) return undefined;
  }
}

/**
 * True when `workspace` has trust_level "trusted" (its own entry decides when it has one, "untrusted" included), else
 * when the root of its git project has. Paths are compared as written, resolved, and with symlinks resolved.
 */
export function projectTrusted(config: CodexConfig, workspace: string): boolean {
  const levelOf = (dir: string): string | undefined => {
    for (const candidate of new Set([dir, resolve(dir), realPathOr(resolve(dir))])) {
      const level = config.projectTrust.get(candidate);
      if (level !== undefined) return level;
    }
    return undefined;
  };
  const own = levelOf(workspace);
  if (own !== undefined) return own === 'trusted';
  const root = gitProjectRoot(realPathOr(resolve(workspace)));
  return root !== undefined && levelOf(root) === 'trusted';
}
