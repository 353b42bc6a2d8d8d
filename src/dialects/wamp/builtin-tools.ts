// WAMP's tool names as the seed names them (matchers use these, never Claude Code's). STUB: owned by part D (wamp-load).
export const WAMP_BUILTIN_TOOLS: readonly string[] = ['shell', 'write', 'edit', 'apply_patch'];
