// Gemini CLI's numbers (hook-systems §4.1, §4.5). Constants only.

/** Handler timeout when none is given: 60 000 ms (Gemini's `timeout` is in milliseconds). */
export const GEMINI_DEFAULT_TIMEOUT_MS = 60_000;

/** Gemini runs command hooks with `bash -c <command>`. */
export const GEMINI_SHELL = 'bash';

/**
 * Bytes of stdout and of stderr hookd keeps per gemini run (Gemini keeps everything). 1 MiB, not the engine's 64 KiB:
 * BeforeModel/AfterModel hooks answer with whole model requests and responses. A JSON answer cut at the cap is not read.
 */
export const GEMINI_MAX_OUTPUT_BYTES = 1024 * 1024;
