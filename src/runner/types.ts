// The contract between the engine and whatever spawns hook processes: what to run, what came back.
// Types only; the implementation is runner/process-runner.ts, the only module that spawns.
import type { SpawnPathReport } from './spawn-path.js';

export type CommandLine =
  /** Shell form: `shell -c script` (shell defaults to `sh`); `login`: `shell -lc script`, nothing added. */
  | { readonly kind: 'shell'; readonly script: string; readonly shell?: string; readonly login?: boolean }
  /** Exec form: the file is executed directly with args, no shell. */
  | { readonly kind: 'exec'; readonly file: string; readonly args: readonly string[] };

export type SpawnRequest = {
  readonly command: CommandLine;
  readonly cwd: string;
  /** The complete environment of the hook (the runner adds its kill tag to it). */
  readonly env: Readonly<Record<string, string>>;
  /** Written to the hook's stdin, which is then closed. EPIPE is ignored. */
  readonly stdin: string;
  readonly timeoutMs: number;
  /** SIGTERM → SIGKILL grace on timeout or cancel. */
  readonly killGraceMs: number;
  /** Bytes kept per stream; the rest is drained and counted. */
  readonly maxOutputBytes: number;
  /** Aborting kills the whole tree; the promise then resolves with `cancelled: true` once it is dead. */
  readonly signal?: AbortSignal;
};

export type CapturedOutput = {
  /** The kept bytes decoded as UTF-8 (invalid sequences replaced). */
  readonly text: string;
  readonly bytes: number;
  readonly totalBytes: number;
  readonly truncated: boolean;
};

export type ProcessOutcome = {
  /** False when the process could not be started (spawnError says why) or was cancelled before spawning. */
  readonly started: boolean;
  readonly spawnError?: string;
  readonly pid?: number;
  readonly exitCode: number | null;
  /** Name of the signal that ended the direct child, e.g. "SIGKILL". */
  readonly signal: string | null;
  readonly timedOut: boolean;
  readonly cancelled: boolean;
  readonly durationMs: number;
  readonly stdout: CapturedOutput;
  readonly stderr: CapturedOutput;
  /** Set when hookd refused to start the process: no runtime found for a script, or the platform cannot run it. */
  readonly preflight?: { readonly kind: 'runtime_missing' | 'unsupported' | 'untrusted' | 'network_denied'; readonly message: string };
  /** Present when hookd had to kill the tree (timeout or cancel). */
  readonly kill?: { readonly graceExpired: boolean; readonly killMs: number };
  /**
   * Descendants hookd saw that were still alive when the run ended, out of its reach: they left the process group
   * and carry no run tag (setsid plus a cleared environment). Absent when there were none.
   */
  readonly escapedPids?: readonly number[];
  /** Delegated handlers only (the client ran them): a model judgement, or an answer that was not valid. */
  readonly delegated?: DelegatedOutcome;
  /**
   * Present for an HTTP handler's request (then stdout is the response body, stderr is empty, exitCode and signal are
   * null). `status` is the response status, null when no response came (connection failure, bad request, timeout,
   * cancel); `error` says what went wrong with a request that got no usable response.
   */
  readonly http?: { readonly status: number | null; readonly error?: string; readonly location?: string };
};

/** One HTTP POST of an HTTP handler: the body is the hook's stdin JSON. */
export type HttpPostRequest = {
  /** An absolute http: or https: URL. */
  readonly url: string;
  /** Final header values (already interpolated); Content-Type defaults to application/json. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly timeoutMs: number;
  /** Bytes of the response body kept; reading stops (the connection is closed) once more arrive. */
  readonly maxOutputBytes: number;
  /** Aborting aborts the request at once; the promise then resolves with `cancelled: true`. */
  readonly signal?: AbortSignal;
};

/** What the client answered for a delegated handler, when it is not read as stdout. */
export type DelegatedOutcome =
  | { readonly kind: 'judgement'; readonly ok: boolean; readonly reason?: string; readonly impossible?: boolean }
  | { readonly kind: 'invalid_answer'; readonly message: string };

export interface ProcessRunner {
  /** Never rejects for anything the hook does; a rejection is a bug in hookd. */
  run(request: SpawnRequest): Promise<ProcessOutcome>;
  /** The absolute path of an executable as a spawn with this environment's PATH would find it; undefined if none. */
  findExecutable(name: string, env: Readonly<Record<string, string>>): string | undefined;
  /** Makes an HTTP handler's request; never rejects. Absent: this runner cannot, and HTTP handlers fail as unsupported. */
  postHttp?(request: HttpPostRequest): Promise<ProcessOutcome>;
  /**
   * Which spawn path runs hook processes (the native supervisor or the pure-Node fallback), once it is known: the
   * supervisor's start is awaited (bounded). Absent: a runner without the choice (test doubles).
   */
  spawnPath?(): Promise<SpawnPathReport>;
}

/** What the process that owns a runner needs on its way out (serve mode, the one-shot commands). */
export interface RunnerExitControl {
  /** From now on no kill waits longer than `maxGraceMs` for SIGTERM to work, including kills already waiting. */
  capKillGrace(maxGraceMs: number): void;
  /** SIGKILL, synchronously, to every live hook tree (process group and run tag); returns how many trees. */
  killAllNow(): number;
  /**
   * The last step before exiting: ends the native supervisor, if one runs, and waits synchronously (at most
   * `deadlineMs`) until it and every process it started are gone. Absent: a runner without a supervisor.
   */
  endSupervisorSync?(deadlineMs: number): void;
}

export const DEFAULT_MAX_OUTPUT_BYTES = 64 * 1024;
export const DEFAULT_KILL_GRACE_MS = 200;
