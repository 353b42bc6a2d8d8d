// pbi-agent's stable hook key (facts §2): `<source>:<resolved file>:<Event>:<stripped matcher>:<identity>:<n>`, and
// the occurrence counter. Pure; must not read files.

export type PbiSourceName = 'global' | 'project' | 'managed';

export type PbiKeyParts = {
  readonly source: PbiSourceName;
  /** The file's fully resolved path (symlinks followed). */
  readonly resolvedPath: string;
  readonly event: string;
  /** Stripped; "" when absent. */
  readonly matcher: string;
  /** pbiHandlerIdentity(type, command). */
  readonly identity: string;
};

/** `<source>:<path>:<Event>:<matcher>:` — the prefix the single-handler fallback (facts §4) searches. */
export function pbiKeyPrefix(parts: Omit<PbiKeyParts, 'identity'>): string {
  return `${parts.source}:${parts.resolvedPath}:${parts.event}:${parts.matcher}:`;
}

export function pbiHookKey(parts: PbiKeyParts, occurrence: number): string {
  return `${pbiKeyPrefix(parts)}${parts.identity}:${occurrence}`;
}

/** Numbers occurrences in discovery order: the n-th hook with the same (source, path, event, matcher, identity) is n. */
export class OccurrenceCounter {
  readonly #seen = new Map<string, number>();
  next(parts: PbiKeyParts): number {
    const id = `${pbiKeyPrefix(parts)}${parts.identity}`;
    const n = (this.#seen.get(id) ?? 0) + 1;
    this.#seen.set(id, n);
    return n;
  }
}
