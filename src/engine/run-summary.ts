// Turns one hook's process outcome and verdict into the RunSummary reported to the client.
// Pure shaping: no decisions are made here.
import type { RunSummary } from '../protocol/index.js';
import type { CapturedOutput, ProcessOutcome } from '../runner/types.js';
import type { HookSpec, HookVerdict } from './dialect.js';

const capture = (output: CapturedOutput) => ({ bytes: output.bytes, totalBytes: output.totalBytes, truncated: output.truncated });

export function summarizeRun(hook: HookSpec, outcome: ProcessOutcome, verdict: HookVerdict): RunSummary {
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
    stdout: capture(outcome.stdout),
    stderr: capture(outcome.stderr),
    ...(verdict.message !== undefined ? { message: verdict.message } : {}),
    ...(outcome.http?.status != null ? { httpStatus: outcome.http.status } : {}),
    ...(outcome.escapedPids !== undefined && outcome.escapedPids.length > 0 ? { escapedPids: [...outcome.escapedPids] } : {}),
  };
}

const NOTHING: CapturedOutput = { text: '', bytes: 0, totalBytes: 0, truncated: false };

/** The outcome of a hook that never started because its dispatch was cancelled first. */
export function notStartedOutcome(): ProcessOutcome {
  return { started: false, exitCode: null, signal: null, timedOut: false, cancelled: true, durationMs: 0, stdout: NOTHING, stderr: NOTHING };
}
