// Runs one hook through the native supervisor (docs/supervisor.md) with the same ProcessOutcome semantics as the
// pure-Node path: one SPAWN frame (stdin inside), capped output from DATA/EOF, timeout and cancel (SIGNAL 15, the
// grace, SIGNAL 9), leftovers killed after the hook's exit, a bounded settle for the last output, then RELEASE (not
// needed for a run that completed: the supervisor releases it unasked).
// It owns one run's state; it never spawns itself, never scans /proc and reports no escapees (the keeper is a
// subreaper: nothing escapes it).
import { constants as osConstants } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Logger } from '../../logger.js';
import { unwatchAbort, watchAbort } from '../abort-watch.js';
import { commandArgv } from '../command-argv.js';
import { KILL_SETTLE_DEADLINE_MS, signalPid } from '../kill-tree.js';
import { createRunTag, RUN_TAG_VARIABLE } from '../run-tag.js';
import { runDeadlines, type Deadline } from '../run-deadlines.js';
import { notStarted, PIPE_SETTLE_MS } from '../run-outcome.js';
import { describeSpawnError } from '../spawn-error.js';
import type { CapturedOutput, ProcessOutcome, SpawnRequest } from '../types.js';
import type { RunRoute, SupervisorChannel } from './channel.js';
import { encodeRelease, encodeSignal, encodeSpawn, encodeStrings, hasNul, Reply, STDERR, type EncodedStrings, type ReplyFrame } from './frames.js';
import type { LiveRun, LiveRuns } from './live-runs.js';

const SIGNAL_NAMES: ReadonlyMap<number, string> = new Map(
  Object.entries(osConstants.signals).map(([name, number]) => [number, name] as const),
);

function signalName(signal: number): string {
  return SIGNAL_NAMES.get(signal) ?? `SIG${signal}`;
}

type EnvironmentEntries = {
  /** Every variable but the run tag, encoded once (a frozen environment is shared by every run of its hook). */
  readonly encoded: EncodedStrings;
  readonly nul: string | undefined;
};

/** A frozen environment cannot change: what was derived from it is reused (the engine shares one per hook). */
const entriesOfFrozen = new WeakMap<object, EnvironmentEntries>();

/** `NAME=value` for each variable but the run tag (encoded), and which variable (if any) holds a NUL character. */
function environmentEntries(env: Readonly<Record<string, string>>): EnvironmentEntries {
  const known = entriesOfFrozen.get(env);
  if (known !== undefined) return known;
  const entries: string[] = [];
  let nul: string | undefined;
  for (const name in env) {
    const value = env[name]!;
    if (nul === undefined && (hasNul(name) || hasNul(value))) nul = `environment variable ${JSON.stringify(name.replace(/\0/g, '\\0'))}`;
    if (name !== RUN_TAG_VARIABLE) entries.push(`${name}=${value}`);
  }
  const derived = { encoded: encodeStrings(entries), nul };
  if (Object.isFrozen(env)) entriesOfFrozen.set(env, derived);
  return derived;
}

export function runSupervised(request: SpawnRequest, channel: SupervisorChannel, runs: LiveRuns, logger: Logger): Promise<ProcessOutcome> {
  const startedAt = performance.now();
  // A cancel that arrived before we got here must not start anything (its listeners would never fire).
  if (request.signal?.aborted) return Promise.resolve(notStarted(startedAt, { cancelled: true }));
  const { file, args } = commandArgv(request.command);
  const environment = environmentEntries(request.env);
  const nul = hasNul(request.cwd) ? 'its working directory' : hasNul(file) ? 'its file name' : args.some(hasNul) ? 'an argument' : environment.nul;
  if (nul !== undefined) {
    return Promise.resolve(notStarted(startedAt, { spawnError: `cannot start "${file.replace(/\0/g, '\\0')}": ${nul} contains a NUL character` }));
  }
  // The tag is no longer needed to find the tree (the keeper holds it), but hooks and tests may still read it.
  const env = [`${RUN_TAG_VARIABLE}=${createRunTag()}`];
  return new Promise<ProcessOutcome>((resolve) => {
    new SupervisedRun(request, channel, runs, logger, startedAt, file, resolve).start([file, ...args], environment.encoded, env);
  });
}

type Termination = {
  readonly reason: 'timeout' | 'cancel';
  readonly startedAt: number;
  graceExpired: boolean;
  /** Set once the tree is dead (or the settle deadline gave up). */
  killMs?: number;
};

class StreamBuffer {
  readonly #kept: Buffer[] = [];
  #keptBytes = 0;
  /** From EOF (or RELEASED); undefined while the stream is open. */
  total: number | undefined;
  readonly #limit: number;

  constructor(limit: number) {
    this.#limit = Math.max(0, Math.floor(limit));
  }

  push(bytes: Buffer): void {
    const take = Math.min(bytes.length, this.#limit - this.#keptBytes);
    if (take <= 0) return;
    this.#kept.push(take === bytes.length ? bytes : bytes.subarray(0, take));
    this.#keptBytes += take;
  }

  result(): CapturedOutput {
    const totalBytes = Math.max(this.total ?? 0, this.#keptBytes);
    return {
      text: this.#kept.length === 1 ? this.#kept[0]!.toString('utf8') : Buffer.concat(this.#kept, this.#keptBytes).toString('utf8'),
      bytes: this.#keptBytes,
      totalBytes,
      truncated: totalBytes > this.#keptBytes,
    };
  }
}

class SupervisedRun implements RunRoute, LiveRun {
  runId = 0;
  readonly #request: SpawnRequest;
  readonly #channel: SupervisorChannel;
  readonly #runs: LiveRuns;
  readonly #logger: Logger;
  readonly #startedAt: number;
  readonly #file: string;
  readonly #resolve: (outcome: ProcessOutcome) => void;
  readonly #stdout: StreamBuffer;
  readonly #stderr: StreamBuffer;
  #pid: number | undefined;
  #exit: { readonly code: number | null; readonly signal: string | null } | undefined;
  #treeEmpty = false;
  /** The supervisor itself said the tree is empty (EXITED or EMPTY); #treeEmpty is also set when hookd gave up. */
  #supervisorSawEmpty = false;
  #termination: Termination | undefined;
  #leftoverKillAt: number | undefined;
  /** One at a time: the grace, the kill's settle deadline, or the pipe settle. */
  #timer: NodeJS.Timeout | undefined;
  /** The run's timeout (one shared timer for every run: run-deadlines.ts). */
  #deadline: Deadline | undefined;
  /** A SIGNAL went out: an ERROR before SPAWNED may then be about it, not a refusal of the SPAWN. */
  #signalled = false;
  #phase: 'running' | 'settling' | 'releasing' | 'done' = 'running';
  readonly #onAbort = (): void => this.#terminate('cancel');

  constructor(
    request: SpawnRequest,
    channel: SupervisorChannel,
    runs: LiveRuns,
    logger: Logger,
    startedAt: number,
    file: string,
    resolve: (outcome: ProcessOutcome) => void,
  ) {
    this.#request = request;
    this.#channel = channel;
    this.#runs = runs;
    this.#logger = logger;
    this.#startedAt = startedAt;
    this.#file = file;
    this.#resolve = resolve;
    this.#stdout = new StreamBuffer(request.maxOutputBytes);
    this.#stderr = new StreamBuffer(request.maxOutputBytes);
  }

  start(argv: readonly string[], encodedEnv: EncodedStrings, env: readonly string[]): void {
    const request = this.#request;
    this.runId = this.#channel.open(this);
    this.#runs.add(this);
    const frame = encodeSpawn({ runId: this.runId, maxOutputBytes: request.maxOutputBytes, cwd: request.cwd, file: this.#file, argv, encodedEnv, env, stdin: request.stdin });
    if (!this.#channel.sendSpawn(this.runId, frame)) {
      this.onSupervisorDeath('the hook process supervisor is not running');
      return;
    }
    this.#deadline = runDeadlines.add(request.timeoutMs, () => this.#terminate('timeout'));
    if (request.signal !== undefined) watchAbort(request.signal, this.#onAbort);
  }

  hookPid(): number | undefined {
    return this.#pid;
  }

  onFrame(frame: ReplyFrame): void {
    switch (frame.type) {
      case Reply.Spawned:
        this.#pid = frame.pid;
        return;
      case Reply.SpawnFailed:
        this.#finishNotStarted(describeSpawnError(this.#file, this.#request.cwd, { code: frame.code }));
        return;
      case Reply.Data:
        (frame.stream === STDERR ? this.#stderr : this.#stdout).push(frame.bytes);
        return;
      case Reply.Eof:
        (frame.stream === STDERR ? this.#stderr : this.#stdout).total = frame.totalBytes;
        if (this.#phase === 'settling' && this.#stdout.total !== undefined && this.#stderr.total !== undefined) this.#release();
        return;
      case Reply.Exited:
        this.#exit = { code: frame.signal !== 0 ? null : frame.code, signal: frame.signal !== 0 ? signalName(frame.signal) : null };
        if (frame.treeEmpty) this.#treeEmpty = this.#supervisorSawEmpty = true;
        this.#stopWatching();
        this.#progress();
        return;
      case Reply.Empty:
        this.#treeEmpty = this.#supervisorSawEmpty = true;
        this.#progress();
        return;
      case Reply.Released:
        this.#stdout.total ??= frame.stdoutBytes;
        this.#stderr.total ??= frame.stderrBytes;
        this.#channel.close(this.runId);
        if (this.#phase === 'releasing') this.#finish();
        return;
      case Reply.Error:
        if (this.#pid === undefined && this.#exit === undefined && !this.#signalled) {
          // The supervisor refused the SPAWN itself: nothing was started, nothing to release.
          this.#finishNotStarted(`cannot start "${this.#file}": the hook process supervisor refused it: ${frame.message}`);
        } else {
          this.#logger.debug(`run ${this.#pid ?? this.runId}: supervisor: ${frame.message}`);
        }
        return;
      default:
        return;
    }
  }

  onSupervisorDeath(reason: string, expected = false): void {
    if (this.#phase === 'done') return;
    this.#clearTimers();
    this.#stopWatching();
    this.#runs.delete(this);
    this.#channel.close(this.runId);
    this.#phase = 'done';
    const pid = this.#pid;
    if (pid === undefined && this.#exit === undefined) {
      this.#resolve(notStarted(this.#startedAt, { spawnError: `cannot start "${this.#file}": ${reason} before starting it` }));
      return;
    }
    // Its keeper kills the tree on the supervisor's death (parent-death signal); the group goes from here too.
    if (pid !== undefined && !this.#treeEmpty) signalPid(-pid, 'SIGKILL');
    const message = `run ${pid ?? '?'}: ${reason} while the hook ran; its tree was killed`;
    if (expected) this.#logger.debug(message);
    else this.#logger.warn(message);
    const termination = this.#termination;
    if (termination !== undefined) termination.killMs ??= performance.now() - termination.startedAt;
    this.#exit ??= { code: null, signal: 'SIGKILL' };
    this.#resolve(this.#outcome());
  }

  onGraceCap(): void {
    const termination = this.#termination;
    if (termination === undefined || termination.graceExpired || termination.killMs !== undefined) return;
    const remaining = Math.min(this.#request.killGraceMs, this.#runs.graceCapMs()) - (performance.now() - termination.startedAt);
    if (remaining <= 0) this.#graceOver();
    else this.#arm(remaining, () => this.#graceOver());
  }

  #terminate(reason: Termination['reason']): void {
    // The first reason wins; an exited run is not killed (its leftovers are, see #progress).
    if (this.#termination !== undefined || this.#exit !== undefined || this.#phase !== 'running') return;
    this.#stopWatching();
    if (this.#channel.unqueueSpawn(this.runId)) {
      // Its SPAWN was still waiting for the hooks before it: nothing was started.
      this.#phase = 'done';
      this.#clearTimers();
      this.#runs.delete(this);
      this.#channel.close(this.runId);
      this.#resolve({ ...notStarted(this.#startedAt, { cancelled: true }), cancelled: reason === 'cancel', timedOut: reason === 'timeout' });
      return;
    }
    this.#logger.debug(`run ${this.#pid ?? this.runId}: ${reason === 'timeout' ? `timed out after ${this.#request.timeoutMs} ms` : 'cancelled'}, killing its tree`);
    const graceMs = Number.isFinite(this.#request.killGraceMs) ? Math.max(0, this.#request.killGraceMs) : 0;
    const termination: Termination = { reason, startedAt: performance.now(), graceExpired: graceMs === 0 };
    this.#termination = termination;
    const effectiveGraceMs = Math.min(graceMs, this.#runs.graceCapMs());
    // No grace at all (killGraceMs 0, or hookd is exiting): SIGKILL only.
    if (termination.graceExpired || effectiveGraceMs <= 0) {
      this.#graceOver();
      return;
    }
    this.#signal(15);
    this.#arm(effectiveGraceMs, () => this.#graceOver());
  }

  /** SIGTERM did not end the tree in time (or there was no grace): SIGKILL until empty, bounded. */
  #graceOver(): void {
    const termination = this.#termination;
    if (termination === undefined || termination.killMs !== undefined) return;
    termination.graceExpired = true;
    this.#signal(9);
    this.#arm(KILL_SETTLE_DEADLINE_MS, () => this.#killDeadline());
  }

  #killDeadline(): void {
    this.#logger.warn(`run ${this.#pid ?? this.runId}: processes still alive ${KILL_SETTLE_DEADLINE_MS} ms after SIGKILL`);
    const termination = this.#termination;
    if (termination !== undefined) termination.killMs ??= performance.now() - termination.startedAt;
    // RELEASE kills what is left; without an exit the run waits for EXITED (the hook itself cannot outlive SIGKILL).
    this.#treeEmpty = true;
    this.#progress();
  }

  /** Moves the run on once the hook exited: kill what it left, then settle the pipes, then release. */
  #progress(): void {
    if (this.#phase !== 'running' || this.#exit === undefined) return;
    const termination = this.#termination;
    if (!this.#treeEmpty) {
      if (termination !== undefined || this.#leftoverKillAt !== undefined) return; // the kill in progress ends it
      // Whether killed or exited on its own, nothing the hook started may outlive the run.
      this.#leftoverKillAt = performance.now();
      this.#signal(9);
      this.#arm(KILL_SETTLE_DEADLINE_MS, () => this.#killDeadline());
      return;
    }
    this.#clearTimer();
    if (termination !== undefined) termination.killMs ??= performance.now() - termination.startedAt;
    if (this.#leftoverKillAt !== undefined) {
      this.#logger.debug(`run ${this.#pid ?? this.runId}: killed processes left behind after exit in ${(performance.now() - this.#leftoverKillAt).toFixed(1)} ms`);
    }
    if (this.#stdout.total !== undefined && this.#stderr.total !== undefined) {
      this.#release();
      return;
    }
    // Output already on its way gets a bounded chance to arrive (the tree is dead: the pipes close promptly).
    this.#phase = 'settling';
    this.#arm(PIPE_SETTLE_MS, () => setImmediate(() => this.#release()));
  }

  #release(): void {
    if (this.#phase === 'releasing' || this.#phase === 'done') return;
    this.#clearTimer();
    this.#runs.delete(this);
    const complete = this.#stdout.total !== undefined && this.#stderr.total !== undefined;
    if (complete && this.#supervisorSawEmpty && this.#exit !== undefined && this.#pid !== undefined) {
      // SPAWNED, both EOFs, EXITED and the tree's end all came: the supervisor released the run unasked (its RELEASED
      // follows, to a closed route), so no RELEASE goes out and the answer does not wait for a write.
      this.#channel.close(this.runId);
      this.#finish();
      return;
    }
    if (!this.#channel.send(encodeRelease(this.runId))) {
      this.#finish();
      return;
    }
    if (complete) {
      // The totals are known: answer now; RELEASED only closes the route.
      this.#finish();
      return;
    }
    this.#phase = 'releasing';
    this.#arm(KILL_SETTLE_DEADLINE_MS, () => {
      this.#logger.debug(`run ${this.#pid ?? this.runId}: no RELEASED from the supervisor within ${KILL_SETTLE_DEADLINE_MS} ms`);
      this.#channel.close(this.runId);
      this.#finish();
    });
  }

  #finish(): void {
    if (this.#phase === 'done') return;
    this.#phase = 'done';
    this.#clearTimers();
    this.#resolve(this.#outcome());
  }

  #finishNotStarted(spawnError: string): void {
    if (this.#phase === 'done') return;
    this.#phase = 'done';
    this.#clearTimers();
    this.#stopWatching();
    this.#runs.delete(this);
    this.#channel.close(this.runId);
    this.#resolve(notStarted(this.#startedAt, { spawnError }));
  }

  #outcome(): ProcessOutcome {
    const termination = this.#termination;
    const exit = this.#exit ?? { code: null, signal: null };
    return {
      started: true,
      ...(this.#pid !== undefined ? { pid: this.#pid } : {}),
      exitCode: exit.code,
      signal: exit.signal,
      timedOut: termination?.reason === 'timeout',
      cancelled: termination?.reason === 'cancel',
      durationMs: performance.now() - this.#startedAt,
      stdout: this.#stdout.result(),
      stderr: this.#stderr.result(),
      ...(termination !== undefined ? { kill: { graceExpired: termination.graceExpired, killMs: termination.killMs ?? performance.now() - termination.startedAt } } : {}),
    };
  }

  /** The timeout and the cancel listener end with the hook's exit or the start of a kill. */
  #stopWatching(): void {
    if (this.#deadline !== undefined) {
      this.#deadline.cancel();
      this.#deadline = undefined;
    }
    if (this.#request.signal !== undefined) unwatchAbort(this.#request.signal, this.#onAbort);
  }

  #signal(signal: 9 | 15): void {
    this.#signalled = true;
    this.#channel.send(encodeSignal(this.runId, signal));
  }

  #arm(ms: number, then: () => void): void {
    this.#clearTimer();
    this.#timer = setTimeout(then, ms);
  }

  #clearTimer(): void {
    if (this.#timer !== undefined) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
  }

  #clearTimers(): void {
    this.#clearTimer();
    this.#stopWatching();
  }
}
