// Runs a programmatic hook by asking the client (through an injected callback) and shapes the answer as the
// ProcessOutcome a command hook would have produced, so every dialect interprets both alike. Never spawns.
import { performance } from 'node:perf_hooks';
import type { CapturedOutput, ProcessOutcome } from '../runner/types.js';

export type ClientHookRequest = {
  readonly hookId: string;
  readonly event: string;
  readonly sessionId: string;
  /** The dialect's stdin envelope, parsed back into JSON when it is JSON. */
  readonly input: unknown;
  readonly timeoutMs: number;
  /** Aborted on timeout or cancellation; the callback must then stop waiting (and tell the client). */
  readonly signal: AbortSignal;
};
export type ClientHookAnswer = { readonly output?: unknown; readonly exitCode: number; readonly stderr: string };
export type InvokeClientHook = (request: ClientHookRequest) => Promise<ClientHookAnswer>;

export function captured(text: string, maxBytes: number): CapturedOutput {
  const bytes = Buffer.byteLength(text);
  if (bytes <= maxBytes) return { text, bytes, totalBytes: bytes, truncated: false };
  const kept = Buffer.from(text).subarray(0, maxBytes).toString('utf8');
  return { text: kept, bytes: maxBytes, totalBytes: bytes, truncated: true };
}

function parsedInput(stdin: string): unknown {
  try {
    return JSON.parse(stdin) as unknown;
  } catch {
    return stdin;
  }
}

export async function runClientHook(
  invoke: InvokeClientHook | undefined,
  request: Omit<ClientHookRequest, 'input' | 'signal'> & { readonly stdin: string; readonly signal: AbortSignal; readonly maxOutputBytes: number },
): Promise<ProcessOutcome> {
  const startedAt = performance.now();
  const nothing = captured('', request.maxOutputBytes);
  const base = { exitCode: null, signal: null, timedOut: false, cancelled: false, stdout: nothing, stderr: nothing };
  const elapsed = () => performance.now() - startedAt;
  if (request.signal.aborted) return { ...base, started: false, cancelled: true, durationMs: 0 };
  if (invoke === undefined) {
    return {
      ...base,
      started: false,
      durationMs: 0,
      preflight: { kind: 'unsupported', message: 'programmatic hooks need a client that declared capabilities.programmaticHooks' },
    };
  }
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = AbortSignal.any([request.signal, timeout]);
  const { stdin, maxOutputBytes, ...rest } = request;
  // The run ends when the signal aborts even if the callback ignores it: a silent client must not hold the
  // dispatch (and cancel, shutdown) forever, and an answer after the timeout must not count.
  let onAbort = (): void => undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    const answer = await Promise.race([invoke({ ...rest, input: parsedInput(stdin), signal }), aborted]);
    const stdout = answer.output === undefined || answer.output === null ? '' : JSON.stringify(answer.output);
    return {
      ...base,
      started: true,
      exitCode: answer.exitCode,
      durationMs: elapsed(),
      stdout: captured(stdout, maxOutputBytes),
      stderr: captured(answer.stderr, maxOutputBytes),
    };
  } catch (error) {
    if (request.signal.aborted) return { ...base, started: true, cancelled: true, durationMs: elapsed() };
    if (timeout.aborted) return { ...base, started: true, timedOut: true, durationMs: elapsed() };
    const message = error instanceof Error ? error.message : String(error);
    return { ...base, started: false, durationMs: elapsed(), spawnError: `the client failed to run the hook: ${message}` };
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
