// pbi-agent's numbers (seed 003 and pbi-agent-facts.md): default timeout, output caps, the one continuation pass.
// Constants only.

/** "Default timeout 600 seconds" (facts §7); unit seconds. */
export const PBI_DEFAULT_TIMEOUT_SECONDS = 600;
export const PBI_DEFAULT_TIMEOUT_MS = PBI_DEFAULT_TIMEOUT_SECONDS * 1000;
/** stdout and stderr are each cut to 12000 characters (facts §7); hookd caps bytes: 4 bytes per character at most. */
export const PBI_STREAM_CAP_CHARS = 12_000;
export const PBI_STREAM_CAP_BYTES = PBI_STREAM_CAP_CHARS * 4;
/** "Stop and SubagentStop can request one continuation prompt" — one additional pass only. */
export const PBI_CONTINUATIONS = 1;
