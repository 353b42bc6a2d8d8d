// One run's output as Gemini CLI 0.61 parses it (hookRunner.ts executeCommandHook, convertPlainTextToHookOutput):
// the text is `stdout.trim() || stderr.trim()`; JSON (also a JSON string holding JSON) is the output whatever the exit
// code; plain text becomes {decision, systemMessage|reason} by exit code. Parsing only; what it means is outcome.ts's.
import type { HookVerdict } from '../../engine/dialect.js';
import type { ProcessOutcome } from '../../runner/types.js';

/** Gemini's HookOutput (types.ts): every field as the hook wrote it, unchecked. */
export type GeminiHookOutput = {
  readonly continue?: unknown;
  readonly stopReason?: unknown;
  readonly suppressOutput?: unknown;
  readonly systemMessage?: unknown;
  readonly decision?: unknown;
  readonly reason?: unknown;
  readonly hookSpecificOutput?: unknown;
  readonly [field: string]: unknown;
};

/**
 * What was read: `json` (an object or array; Gemini keeps arrays too), `text` (not JSON: converted by exit code),
 * `none` (nothing printed, or JSON that is no object such as `42`, `null` or `true`: Gemini then has no output),
 * `truncated` (the stream went past hookd's capture cap and does not parse although it starts like JSON: Gemini,
 * which keeps everything, would have read the whole answer; hookd reads nothing rather than half of it).
 */
export type ReadOutput = {
  readonly format: 'json' | 'text' | 'none' | 'truncated';
  /** Which stream the text came from: stdout, or stderr when stdout was empty after trimming. */
  readonly stream: 'stdout' | 'stderr' | 'none';
  /** Gemini's `exitCode || 0` (a signal death reads as 0). */
  readonly exitCode: number;
  /** Gemini's `success`: the process exited 0. Only successful runs thread into the next hook of a sequential chain. */
  readonly success: boolean;
  readonly output?: GeminiHookOutput;
};

/** Gemini's exit codes (hookRunner.ts): 0 success, 1 a non-blocking error, anything else blocks when the text is plain. */
export const EXIT_SUCCESS = 0;
export const EXIT_NON_BLOCKING_ERROR = 1;

/** Reads a run that finished (started, not timed out, not cancelled). */
export function readHookOutput(outcome: ProcessOutcome): ReadOutput {
  const exitCode = outcome.exitCode ?? EXIT_SUCCESS;
  const success = outcome.exitCode === EXIT_SUCCESS;
  const stdout = outcome.stdout.text.trim();
  const stderr = outcome.stderr.text.trim();
  const text = stdout !== '' ? stdout : stderr;
  const stream = stdout !== '' ? 'stdout' : stderr !== '' ? 'stderr' : 'none';
  if (text === '') return { format: 'none', stream, exitCode, success };
  const parsed = parseJson(text);
  const cut = (stream === 'stdout' ? outcome.stdout : outcome.stderr).truncated;
  if (!parsed.ok && cut && /^[[{"]/.test(text)) return { format: 'truncated', stream, exitCode, success };
  if (!parsed.ok) return { format: 'text', stream, exitCode, success, output: plainTextOutput(text, exitCode) };
  const value = parsed.value;
  if (value !== null && typeof value === 'object') return { format: 'json', stream, exitCode, success, output: value as GeminiHookOutput };
  return { format: 'none', stream, exitCode, success };
}

/** `JSON.parse(text)`, and once more when that gave a string; either failing means plain text. */
function parseJson(text: string): { readonly ok: true; readonly value: unknown } | { readonly ok: false } {
  try {
    const first = JSON.parse(text) as unknown;
    return { ok: true, value: typeof first === 'string' ? (JSON.parse(first) as unknown) : first };
  } catch {
    return { ok: false };
  }
}

/** convertPlainTextToHookOutput: exit 0 → allow + systemMessage, exit 1 → allow + `Warning: <text>`, else deny. */
export function plainTextOutput(text: string, exitCode: number): GeminiHookOutput {
  if (exitCode === EXIT_SUCCESS) return { decision: 'allow', systemMessage: text };
  if (exitCode === EXIT_NON_BLOCKING_ERROR) return { decision: 'allow', systemMessage: `Warning: ${text}` };
  return { decision: 'deny', reason: text };
}

/**
 * The read output travels with the run's verdict (to the merge and to threadParams) under a symbol: it survives the
 * engine's `{...verdict}` copies and never reaches the wire (JSON drops symbol keys).
 */
const READ = Symbol('gemini.readOutput');
type WithRead = HookVerdict & { readonly [READ]?: ReadOutput };

export function withReadOutput(verdict: HookVerdict, read: ReadOutput): HookVerdict {
  return Object.assign({ ...verdict }, { [READ]: read }) as WithRead;
}

export function readOutputOf(verdict: HookVerdict): ReadOutput | undefined {
  return (verdict as WithRead)[READ];
}
