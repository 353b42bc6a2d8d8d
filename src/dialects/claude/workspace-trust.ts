// Workspace trust for the claude dialect (initialize options.workspaceTrust): which settings files are gated, their
// trust key, and the content hash the trust is bound to. Pure; must not read files (the loader hands it documents).
import { createHash } from 'node:crypto';
import type { LoadContext } from '../../engine/dialect.js';
import type { ConfigSource } from '../../protocol/index.js';
import { canonicalJson } from '../../config/canonical-json.js';

/** The scopes whose hooks an untrusted workspace holds back: the project's settings.json and settings.local.json. */
export const WORKSPACE_TRUST_SCOPES: readonly ConfigSource['scope'][] = ['project', 'local'];

/** One key per workspace: trusting it trusts both of its settings files' hooks (as Claude Code's folder trust does). */
export function workspaceTrustKey(workspace: string): string {
  return `claude-workspace:${workspace}`;
}

/**
 * `sha256:<hex>` of the canonical JSON (compact, object keys sorted, UTF-8) of the list `[[scope, hooks], ...]`: one
 * pair per gated file that has a `hooks` value, in configured order (project before local). Only `hooks` counts:
 * reformatting, key order and other settings (permissions Claude Code writes into settings.local.json) keep the
 * trust; any change to what runs, or a hook moved between the two files, asks again.
 */
export function workspaceHooksHash(files: ReadonlyArray<{ readonly scope: string; readonly hooks: unknown }>): string {
  const pairs = files.map((file) => [file.scope, file.hooks]);
  return `sha256:${createHash('sha256').update(canonicalJson(pairs), 'utf8').digest('hex')}`;
}

/** Collects the gated files' `hooks` values while the loader reads them, then gives each gated hook its trust fields. */
export class WorkspaceTrustGate {
  readonly #key: string | undefined;
  readonly #files: Array<{ readonly scope: string; readonly hooks: unknown }> = [];
  #hash: string | undefined;

  constructor(context: LoadContext) {
    this.#key = context.workspaceTrust === true ? workspaceTrustKey(context.workspace) : undefined;
  }

  gates(scope: ConfigSource['scope']): boolean {
    return this.#key !== undefined && WORKSPACE_TRUST_SCOPES.includes(scope);
  }

  /** A settings document as read (its root value); files without `hooks` are left out of the hash. */
  record(scope: ConfigSource['scope'], root: unknown): void {
    if (!this.gates(scope)) return;
    const hooks = root !== null && typeof root === 'object' && !Array.isArray(root) ? (root as Record<string, unknown>).hooks : undefined;
    if (hooks === undefined) return;
    this.#files.push({ scope, hooks });
    this.#hash = undefined;
  }

  /** `{trustKey, trustHash}` for a hook from a gated scope, else nothing. Call after every file is recorded. */
  fieldsFor(scope: ConfigSource['scope']): { trustKey?: string; trustHash?: string } {
    if (!this.gates(scope) || this.#key === undefined) return {};
    this.#hash ??= workspaceHooksHash(this.#files);
    return { trustKey: this.#key, trustHash: this.#hash };
  }
}
