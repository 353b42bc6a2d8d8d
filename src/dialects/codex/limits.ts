// Codex CLI's numbers (hook-systems §3.1, §3.5; observed-decisions 06). Constants only.

/** Handler timeout when none is given: 600 s; `timeout: 0` is floored to 1 s. */
export const CODEX_DEFAULT_TIMEOUT_MS = 600_000;
export const CODEX_MIN_TIMEOUT_MS = 1_000;

/** Observed 06: Codex kills a timed-out hook tree without a trappable signal (SIGKILL at once). */
export const CODEX_KILL_GRACE_MS = 0;

/** The shell Codex CLI 0.171 was observed to run command hooks with: `/bin/bash -c <command>`. */
export const CODEX_SHELL = '/bin/bash';
