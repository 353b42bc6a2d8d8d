// Codex's positional hook key (hook-systems §3.2; codex-rs/hooks/src/lib.rs `hook_key`):
// `<source path>:<event_snake_case>:<group_index>:<handler_index>`, the source path being the absolute path of the
// hooks.json (or config.toml) the hook is written in, as Codex displays it. Pure but for codexKeySourcePath's realpath.
import { realpathSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { EventName } from '../../protocol/index.js';
import { codexEventSnakeCase } from './events.js';

export type CodexKeyParts = { readonly sourcePath: string; readonly event: EventName; readonly groupIndex: number; readonly handlerIndex: number };

export function codexHookKey(parts: CodexKeyParts): string {
  return `${parts.sourcePath}:${codexEventSnakeCase(parts.event)}:${parts.groupIndex}:${parts.handlerIndex}`;
}

export type ParsedCodexKey = { readonly sourcePath: string; readonly eventLabel: string; readonly groupIndex: number; readonly handlerIndex: number };

/** The parts of a key (split at its last three colons: the source path may hold colons), or undefined. */
export function parseCodexHookKey(key: string): ParsedCodexKey | undefined {
  const match = /^(.*):([a-z_]+):(\d+):(\d+)$/s.exec(key);
  if (match === null) return undefined;
  return { sourcePath: match[1]!, eventLabel: match[2]!, groupIndex: Number(match[3]), handlerIndex: Number(match[4]) };
}

/**
 * The source path as Codex writes it into keys. codex-rs `find_codex_home` canonicalizes an explicitly set
 * $CODEX_HOME (symlinks resolved) but uses the default `~/.codex` as is; a project's `.codex` folder comes from
 * Codex's working directory, which the OS reports with symlinks resolved. `canonicalDir`: resolve the file's directory
 * (when it exists) — true for a user file under a set $CODEX_HOME and for project files.
 */
export function codexKeySourcePath(filePath: string, canonicalDir: boolean): string {
  if (!canonicalDir) return filePath;
  try {
    return join(realpathSync(dirname(filePath)), basename(filePath));
  } catch {
    return filePath;
  }
}
