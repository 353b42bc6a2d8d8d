// WAMP's own tool names as the seed names them ("Matchers use WAMP tool names, such as shell, write, edit, apply_patch
// and mcp__<server>__<tool>"): the default list `hookd check` tests tool matchers against. Data only.
// Only the seed's four: hookd does not guess at WAMP tools the seed does not name; initialize `tools` (and
// `hookd check --tools`) replace this list, and mcp__<server>__<tool> names are accepted unlisted.
export const WAMP_BUILTIN_TOOLS: readonly string[] = ['shell', 'write', 'edit', 'apply_patch'];
