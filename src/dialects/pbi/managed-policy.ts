// The trusted managed sources (issue 14 "Managed hooks"): every `*.json` of the policy directory that root owns and
// only root may write (file and directory), and the file the client vouches for (initialize managedHooksPath).
// Decides which files count and why others do not; must not parse hooks files.
import { lstatSync, readdirSync, statSync, type Stats } from 'node:fs';
import { join, resolve } from 'node:path';
import type { LoadContext } from '../../engine/dialect.js';
import { warningAt } from '../../config/diagnostic.js';
import type { Diagnostic } from '../../protocol/index.js';
import { policyDirectory, resolvedPath, type PbiSource } from './sources.js';

/** A policy directory with more files than this is read up to it (sorted by name), the rest reported. */
export const MAX_POLICY_FILES = 100;

const GROUP_OR_OTHER_WRITE = 0o022;

export type ManagedSources = { readonly sources: readonly PbiSource[]; readonly diagnostics: readonly Diagnostic[]; readonly looked: readonly string[] };

/**
 * Policy files in name order, then managedHooksPath (no ownership check: the client vouches for it). A missing
 * policy directory is silent. A policy file (or the directory) not owned by uid 0, or writable by group or others,
 * or not a regular file (a symlink counts by its target, which must pass too) is a warning naming the file and why,
 * and nothing of it loads.
 */
export function managedSources(context: LoadContext, uidOf: (stats: Stats) => number = (stats) => stats.uid): ManagedSources {
  const sources: PbiSource[] = [];
  const diagnostics: Diagnostic[] = [];
  const looked: string[] = [];
  const directory = policyDirectory(context);
  const directoryStats = statOrUndefined(directory);
  if (directoryStats?.isDirectory() === true) {
    looked.push(directory);
    let names: string[] = [];
    try {
      names = readdirSync(directory).filter((name) => name.endsWith('.json')).sort();
    } catch (error) {
      diagnostics.push(warningAt(`cannot list the managed hooks policy directory ${directory}: ${String(error)}; no policy file loads`, { file: directory, code: 'managed-policy-unreadable' }));
    }
    if (names.length > MAX_POLICY_FILES) {
      diagnostics.push(warningAt(`the managed hooks policy directory has ${names.length} files; only the first ${MAX_POLICY_FILES} (by name) are read`, { file: directory, code: 'managed-policy-too-many' }));
      names = names.slice(0, MAX_POLICY_FILES);
    }
    const directoryProblem = ownershipProblem(directoryStats, uidOf, 'its directory');
    for (const name of names) {
      const file = join(directory, name);
      looked.push(file);
      const problem = directoryProblem ?? fileProblem(file, uidOf);
      if (problem !== undefined) {
        diagnostics.push(warningAt(`managed hooks policy file ignored: ${problem}; nothing of it loads`, { file, code: 'managed-policy-untrusted' }));
        continue;
      }
      sources.push({ name: 'managed', path: file, resolvedPath: resolvedPath(file), scope: 'managed' });
    }
  }
  if (context.managedHooksPath !== undefined) {
    const file = resolve(context.workspace, context.managedHooksPath);
    looked.push(file);
    sources.push({ name: 'managed', path: file, resolvedPath: resolvedPath(file), scope: 'managed' });
  }
  return { sources, diagnostics, looked };
}

function fileProblem(file: string, uidOf: (stats: Stats) => number): string | undefined {
  const link = lstatOrUndefined(file);
  if (link === undefined) return 'it cannot be read';
  const stats = link.isSymbolicLink() ? statOrUndefined(file) : link;
  if (stats === undefined) return 'it is a symbolic link to nothing';
  if (!stats.isFile()) return 'it is not a regular file';
  if (link.isSymbolicLink()) {
    const linkProblem = ownershipProblem(link, uidOf, 'the symbolic link');
    if (linkProblem !== undefined) return linkProblem;
  }
  return ownershipProblem(stats, uidOf, 'it');
}

function ownershipProblem(stats: Stats, uidOf: (stats: Stats) => number, what: string): string | undefined {
  const uid = uidOf(stats);
  if (uid !== 0) return `${what} is owned by uid ${uid}, not root (uid 0)`;
  if (!stats.isSymbolicLink() && (stats.mode & GROUP_OR_OTHER_WRITE) !== 0) {
    return `${what} is writable by ${(stats.mode & 0o020) !== 0 ? 'group' : 'others'} (mode ${(stats.mode & 0o777).toString(8).padStart(3, '0')})`;
  }
  return undefined;
}

function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}
