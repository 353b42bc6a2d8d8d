// Turns one hook's process outcome and verdict into the RunSummary reported to the client.
// Pure shaping: no decisions are made here.
import type { RunSummary } from '../protocol/index.js';
import type { CapturedOutput, ProcessOutcome } from '../runner/types.js';
import type { HookSpec, HookVerdict } from './dialect.js';

/** The first `maxBytes` bytes of a capture as text, never splitting a UTF-8 sequence. */
export function excerptOf(text: string, maxBytes: number): { excerpt: string; excerptTruncated: boolean } {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return { excerpt: text, excerptTruncated: false };
  let end = maxBytes;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end -= 1;
  return { excerpt: bytes.subarray(0, end).toString('utf8'), excerptTruncated: true };
}

const capture = (output: CapturedOutput, excerptBytes: number) => ({
  bytes: output.bytes,
  totalBytes: output.totalBytes,
  truncated: output.truncated,
  ...(excerptBytes > 0 ? excerptOf(output.text, excerptBytes) : {}),
});

/** excerptBytes > 0: stdout and stderr carry an excerpt of at most that many bytes, and the run says how its output was read. */
export function summarizeRun(hook: HookSpec, outcome: ProcessOutcome, verdict: HookVerdict, excerptBytes = 0, reading?: string): RunSummary {
  return {
    hookId: hook.id,
    source: hook.source,
    handlerType: hook.handler.type,
    status: verdict.status,
    failureClass: verdict.failureClass,
    decision: verdict.decision,
    exitCode: outcome.exitCode,
    signal: outcome.signal,
    durationMs: Math.round(outcome.durationMs * 1000) / 1000,
    timedOut: outcome.timedOut,
    truncated: outcome.stdout.truncated || outcome.stderr.truncated,
    stdout: capture(outcome.stdout, excerptBytes),
    stderr: capture(outcome.stderr, excerptBytes),
    ...(verdict.message !== undefined ? { message: verdict.message } : {}),
    ...(outcome.http?.status != null ? { httpStatus: outcome.http.status } : {}),
    ...(reading !== undefined ? { reading } : {}),
    ...(outcome.escapedPids !== undefined && outcome.escapedPids.length > 0 ? { escapedPids: [...outcome.escapedPids] } : {}),
  };
}

const NOTHING: CapturedOutput = { text: '', bytes: 0, totalBytes: 0, truncated: false };

/** The outcome of a hook that never started because its dispatch was cancelled first. */
export function notStartedOutcome(): ProcessOutcome {
  return { started: false, exitCode: null, signal: null, timedOut: false, cancelled: true, durationMs: 0, stdout: NOTHING, stderr: NOTHING };
}
