// Which tool name a hook's matcher sees for an ACP tool call, per dialect: ACP gives a tool call a `kind` (read,
// edit, delete, move, search, execute, think, fetch, switch_mode, other) and a free-text `title`, and hook files match
// on each agent's own tool names (a Claude `Bash` matcher must meet an ACP `execute` call). Pure table; the proxy
// decides when to ask it. Documented in docs/acp.md.

/** The tool names a dialect's hooks match on, by what the proxy saw. `write` is `fs/write_text_file`. */
const NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  claude: { execute: 'Bash', edit: 'Edit', write: 'Write', read: 'Read', search: 'Grep', fetch: 'WebFetch' },
  codex: { execute: 'Bash', edit: 'apply_patch', write: 'apply_patch', read: 'Read', search: 'Grep', fetch: 'WebFetch' },
  gemini: { execute: 'run_shell_command', edit: 'replace', write: 'write_file', read: 'read_file', search: 'search_file_content', fetch: 'web_fetch' },
  bamboo: { execute: 'Bash', edit: 'Edit', write: 'Write', read: 'Read', search: 'Grep', fetch: 'WebFetch' },
  bonsai: { execute: 'bash', edit: 'edit', write: 'write', read: 'read', search: 'grep', fetch: 'fetch' },
  wamp: { execute: 'shell', edit: 'edit', write: 'write', read: 'read', search: 'grep', fetch: 'fetch' },
  pbi: { execute: 'shell', edit: 'apply_patch', write: 'apply_patch', read: 'read_file', search: 'grep', fetch: 'web_fetch' },
};

/** A title that is already a tool name (e.g. `mcp__github__search`), not a sentence. */
const NAME_LIKE = /^[A-Za-z][A-Za-z0-9_.:-]{0,127}$/;

/**
 * The tool name for `kind` in `dialect`. A kind the table has no name for (delete, move, think, switch_mode, other, or
 * none) gives the call's title when the title is a bare name, else the kind itself (`other` when there is none).
 */
export function toolNameFor(dialect: string, kind: string | undefined, title?: string): string {
  const mapped = kind !== undefined ? (NAMES[dialect] ?? NAMES['claude']!)[kind] : undefined;
  if (mapped !== undefined) return mapped;
  if (title !== undefined && NAME_LIKE.test(title)) return title;
  return kind ?? 'other';
}

/** The dialects the table knows (every dialect hookd speaks). */
export const MAPPED_DIALECTS: readonly string[] = Object.keys(NAMES);
