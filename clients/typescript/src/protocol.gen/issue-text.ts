// GENERATED from src/protocol/issue-text.ts by scripts/gen-client-protocol.mjs (npm run gen:client-protocol): do not edit.
// Turns a path into `hooks.PreToolUse[0].timeout` and validation issues into one line naming every
// offending path. The one formatter used by the rpc errors, config diagnostics, dialects and the CLI.

export type PathSegment = string | number;
type IssueLike = { readonly path: readonly PropertyKey[]; readonly message: string };

/** Identifier keys with dots, indexes in brackets, other keys quoted: `hooks["my event"][0]`. */
export function formatPath(path: readonly PathSegment[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/**
 * `session.id: expected string, received undefined; toolName: ...`. `prefix` is prepended to every path;
 * `root` names an issue about the whole value (empty path).
 */
export function describeIssues(issues: readonly IssueLike[], options: { prefix?: readonly PathSegment[]; root?: string } = {}): string {
  return issues
    .map((issue) => {
      const path = [...(options.prefix ?? []), ...issue.path.filter((segment): segment is PathSegment => typeof segment !== 'symbol')];
      return `${path.length === 0 ? (options.root ?? '(root)') : formatPath(path)}: ${issue.message.replace(/^Invalid input: /, '')}`;
    })
    .join('; ');
}
