// Gemini CLI's folder trust (packages/core/src/utils/trust.ts checkPathTrust, cli/config/trustedFolders.ts): whether the
// workspace is trusted, from GEMINI_CLI_TRUST_WORKSPACE, `security.folderTrust.enabled` (default true) and
// ~/.gemini/trustedFolders.json (JSONC, `{ "<path>": "TRUST_FOLDER" | "TRUST_PARENT" | "DO_NOT_TRUST" }`). Reads the
// trust file (bounded); never writes it.
import { existsSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import type { LoadContext } from '../../engine/dialect.js';
import { errorAt, type DiagnosticAt } from '../../config/diagnostic.js';
import { fieldAt, readJsonFile } from '../../config/json-locate.js';
import type { Diagnostic } from '../../protocol/index.js';
import { objectMembers, isObjectNode } from '../pbi/json-view.js';
import { geminiTrustedFoldersPath } from './paths.js';

export const TRUST_LEVELS = ['TRUST_FOLDER', 'TRUST_PARENT', 'DO_NOT_TRUST'] as const;
export type TrustLevel = (typeof TRUST_LEVELS)[number];

export type FolderTrust = {
  /** The workspace is trusted (settings hooks load). */
  readonly trusted: boolean;
  /** Why, in words for a diagnostic or a disabledBy (e.g. `the trust feature is off (security.folderTrust.enabled false in …)`). */
  readonly because: string;
  /** The trust file consulted (undefined when it was not: the feature is off or the variable decided). */
  readonly file?: string;
  readonly diagnostics: readonly Diagnostic[];
};

/** $GEMINI_CLI_TRUSTED_FOLDERS_PATH when set, else <home>/.gemini/trustedFolders.json (Storage.getTrustedFoldersPath). */
export function trustedFoldersPath(context: Pick<LoadContext, 'home' | 'env'>): string {
  const fromEnv = context.env?.['GEMINI_CLI_TRUSTED_FOLDERS_PATH'];
  return fromEnv !== undefined && fromEnv !== '' ? fromEnv : geminiTrustedFoldersPath(context);
}

/**
 * checkPathTrust, in its order: GEMINI_CLI_TRUST_WORKSPACE `true` / `false` decides; the feature off (`enabled` false
 * in the user or system settings: `featureSetting`) trusts everything; else the trust file's rule with the longest
 * path that contains the workspace decides (TRUST_PARENT covers the directory of the path it names; DO_NOT_TRUST is
 * distrust), and no rule is untrusted. A trust file that is not valid (JSON, an object, known levels) makes Gemini
 * refuse to start; hookd reports an error and treats the workspace as untrusted.
 */
export function decideFolderTrust(context: Pick<LoadContext, 'home' | 'env' | 'workspace'>, featureSetting: { readonly value: boolean; readonly at: DiagnosticAt } | undefined): FolderTrust {
  const variable = context.env?.['GEMINI_CLI_TRUST_WORKSPACE'];
  if (variable === 'true') return { trusted: true, because: 'GEMINI_CLI_TRUST_WORKSPACE is "true"', diagnostics: [] };
  if (variable === 'false') return { trusted: false, because: 'GEMINI_CLI_TRUST_WORKSPACE is "false"', diagnostics: [] };
  if (featureSetting?.value === false) {
    return { trusted: true, because: `folder trust is off (security.folderTrust.enabled false in ${featureSetting.at.file ?? 'the settings'})`, diagnostics: [] };
  }
  const file = trustedFoldersPath(context);
  const read = readJsonFile(file, { comments: true });
  const workspace = resolve(context.workspace);
  const untrusted = (because: string, diagnostics: readonly Diagnostic[] = []): FolderTrust => ({ trusted: false, because, file, diagnostics });
  if (read.status === 'missing') return untrusted(`${file} does not exist, so no folder is trusted`);
  if (read.status === 'error') return untrusted(`${file} is unusable (Gemini CLI refuses to start with it)`, [read.diagnostic]);
  const root = read.document.root;
  if (root === undefined || !isObjectNode(root)) {
    return untrusted(`${file} is not a JSON object`, [errorAt('Trusted folders file is not a valid JSON object (Gemini CLI refuses to start with it); the workspace counts as untrusted', fieldAt(read.document, [], 'invalid-trusted-folders'))]);
  }
  const rules = new Map<string, TrustLevel>();
  const diagnostics: Diagnostic[] = [];
  for (const entry of objectMembers(root)) {
    const level = entry.value.value;
    if (typeof level === 'string' && (TRUST_LEVELS as readonly string[]).includes(level)) {
      rules.set(resolve(entry.key), level as TrustLevel);
    } else {
      diagnostics.push(
        errorAt(`Invalid trust level ${JSON.stringify(level ?? null)} for path ${JSON.stringify(entry.key)}. Possible values are: ${TRUST_LEVELS.join(', ')} (Gemini CLI refuses to start with it); the workspace counts as untrusted`, fieldAt(read.document, [entry.key], 'invalid-trust-level')),
      );
    }
  }
  if (diagnostics.length > 0) return untrusted(`${file} has invalid entries`, diagnostics);
  const rule = longestRule(rules, workspace);
  if (rule === undefined) return untrusted(`no entry of ${file} covers ${workspace}`);
  if (rule.level === 'DO_NOT_TRUST') return untrusted(`${file} says "${rule.path}": "DO_NOT_TRUST"`);
  return { trusted: true, because: `${file} says "${rule.path}": "${rule.level}"`, file, diagnostics: [] };
}

/** LoadedTrustedFolders.isPathTrusted: real paths compared; the longest rule path (as written) that covers the workspace wins, the first of equal length. */
function longestRule(rules: ReadonlyMap<string, TrustLevel>, workspace: string): { readonly path: string; readonly level: TrustLevel } | undefined {
  const location = realPath(workspace);
  let best: { path: string; level: TrustLevel } | undefined;
  for (const [path, level] of rules) {
    const effective = realPath(level === 'TRUST_PARENT' ? dirname(path) : path);
    if (!isSubpath(effective, location)) continue;
    if (best === undefined || path.length > best.path.length) best = { path, level };
  }
  return best;
}

function realPath(location: string): string {
  try {
    return existsSync(location) ? realpathSync(location) : location;
  } catch {
    return location;
  }
}

function isSubpath(parent: string, child: string): boolean {
  const rel = relative(resolve(parent), resolve(child));
  return !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
}
