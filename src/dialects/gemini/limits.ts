// Gemini CLI's numbers (hook-systems §4.1, §4.5). Constants only.

/** Handler timeout when none is given: 60 000 ms (Gemini's `timeout` is in milliseconds). */
export const GEMINI_DEFAULT_TIMEOUT_MS = 60_000;

/** Gemini runs command hooks with `bash -c <command>`. */
export const GEMINI_SHELL = 'bash';
