// The one connection of this hookd process to its native hook process supervisor (docs/supervisor.md): starts the
// binary lazily (READY with a version check, within a deadline), writes request frames, routes reply frames to the
// run they name, forwards the supervisor's stderr to the debug log, and survives its death (every open run is told,
// the next run restarts it; after MAX_DEATHS the channel retires and hookd stays on the pure-Node path).
// SPAWNs started in one macrotask (the hooks of one dispatch) are sent one after another, each once the previous
// hook has exec'd, so they start in the order asked, as on the pure-Node path's synchronous spawn.
// It never decides a run's outcome (supervised-run.ts) and never chooses the path (spawn-path-choice.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { silentLogger, type Logger } from '../../logger.js';
import { TurnWriteBatcher } from '../../write-batching.js';
import { isDeadState, readProcStat } from '../proc-scan.js';
import { Reply, ReplyDecoder, SUPERVISOR_PROTOCOL_VERSION, type ReplyFrame } from './frames.js';
import { SUPERVISOR_BINARY } from './locate.js';

/** How long the supervisor may take to answer READY before hookd gives up on it. */
export const SUPERVISOR_START_DEADLINE_MS = 2_000;
/** After this many unexpected deaths (or failed restarts) the channel retires: the pure-Node path from then on. */
export const MAX_DEATHS = 3;
/** After the supervisor's exit, how long its last frames may take to drain from the pipe. */
const EXIT_DRAIN_MS = 200;

export type SupervisorInfo = { readonly binary: string; readonly pid: number; readonly version: number; readonly features: string };
export type StartResult = { readonly ok: true; readonly info: SupervisorInfo } | { readonly ok: false; readonly reason: string };

/** One run's side of the channel: its frames, and the news that the supervisor is gone. */
export interface RunRoute {
  onFrame(frame: ReplyFrame): void;
  /** `expected`: hookd itself asked it to go (killAllNow), so this is no failure worth a warning. */
  onSupervisorDeath(reason: string, expected: boolean): void;
}

/** The SPAWNs of one macrotask: the one the supervisor is starting now, and those waiting for it. */
type SpawnChain = { awaiting: number | undefined; readonly queue: Array<{ readonly runId: number; readonly frame: Buffer }> };

type Live = {
  readonly child: ChildProcess;
  /** Frames written in one turn (SPAWNs released by a burst of SPAWNED, SIGNALs of a cancel) leave in one writev. */
  readonly batcher: TurnWriteBatcher;
  readonly stdout: Readable & { ref?: () => void; unref?: () => void };
  info?: SupervisorInfo;
  /** Set once hookd itself asked it to go (killAllNow): not counted as a death. */
  expectedExit: boolean;
  dead: boolean;
};

export class SupervisorChannel {
  readonly binary: string;
  #logger: Logger = silentLogger;
  #live: Live | undefined;
  #starting: Promise<StartResult> | undefined;
  #routes = new Map<number, RunRoute>();
  #nextRunId = 1;
  #deaths = 0;
  #retired: string | undefined;
  #referenced = false;
  /** The chain of the current macrotask (closed by a setImmediate), and which chain each run is in. */
  #chain: SpawnChain | undefined;
  readonly #awaitedIn = new Map<number, SpawnChain>();
  readonly #queuedIn = new Map<number, SpawnChain>();

  constructor(binary: string) {
    this.binary = binary;
  }

  /** The logger of the latest runner that uses this channel (the supervisor's stderr and its deaths go there). */
  attachLogger(logger: Logger): void {
    if (logger !== silentLogger || this.#logger === silentLogger) this.#logger = logger;
  }

  /** Why this channel is no longer used (after MAX_DEATHS), or undefined. */
  retiredReason(): string | undefined {
    return this.#retired;
  }

  /** The running supervisor, when it answered READY and is alive: runs can be sent at once. */
  readyInfo(): SupervisorInfo | undefined {
    const live = this.#live;
    return live !== undefined && !live.dead ? live.info : undefined;
  }

  /** Starts the supervisor unless it runs (or is starting); resolves once it answered READY or failed to. */
  start(): Promise<StartResult> {
    if (this.#retired !== undefined) return Promise.resolve({ ok: false, reason: this.#retired });
    const info = this.readyInfo();
    if (info !== undefined) return Promise.resolve({ ok: true, info });
    this.#starting ??= this.#spawn().finally(() => {
      this.#starting = undefined;
    });
    return this.#starting;
  }

  /** Registers a run and returns its runId (never 0). Only while readyInfo() is set. */
  open(route: RunRoute): number {
    let runId = this.#nextRunId;
    while (runId === 0 || this.#routes.has(runId)) runId = (runId + 1) >>> 0;
    this.#nextRunId = (runId + 1) >>> 0;
    this.#routes.set(runId, route);
    if (!this.#referenced) this.#reference(true);
    return runId;
  }

  /** Forgets a run: later frames naming it are dropped. */
  close(runId: number): void {
    if (!this.#routes.delete(runId)) return;
    if (this.#routes.size === 0 && this.#referenced) this.#reference(false);
  }

  /** Writes one frame. False when there is no supervisor to take it (it died; the route hears about it). */
  send(frame: Buffer): boolean {
    const live = this.#live;
    if (live === undefined || live.dead || live.child.stdin === null) return false;
    live.batcher.beforeWrite();
    live.child.stdin.write(frame);
    return true;
  }

  /**
   * Sends a SPAWN now, or after the SPAWNs sent earlier in this macrotask got their answer (SPAWNED, SPAWN_FAILED,
   * ERROR): hooks of one dispatch start in order. False when there is no supervisor to take it.
   */
  sendSpawn(runId: number, frame: Buffer): boolean {
    const live = this.#live;
    if (live === undefined || live.dead) return false;
    let chain = this.#chain;
    if (chain === undefined) {
      const opened: SpawnChain = { awaiting: undefined, queue: [] };
      chain = opened;
      this.#chain = opened;
      setImmediate(() => {
        if (this.#chain === opened) this.#chain = undefined;
      });
    }
    if (chain.awaiting !== undefined) {
      chain.queue.push({ runId, frame });
      this.#queuedIn.set(runId, chain);
      return true;
    }
    chain.awaiting = runId;
    this.#awaitedIn.set(runId, chain);
    return this.send(frame);
  }

  /** Takes a SPAWN that is still waiting its turn back (the run was cancelled first): true when it was never sent. */
  unqueueSpawn(runId: number): boolean {
    const chain = this.#queuedIn.get(runId);
    if (chain === undefined) return false;
    this.#queuedIn.delete(runId);
    const index = chain.queue.findIndex((entry) => entry.runId === runId);
    if (index >= 0) chain.queue.splice(index, 1);
    return true;
  }

  /** True when every open run is one of `runIds` (nobody else would lose a tree if the supervisor went). */
  onlyRuns(runIds: ReadonlySet<number>): boolean {
    for (const runId of this.#routes.keys()) if (!runIds.has(runId)) return false;
    return true;
  }

  /** SIGTERM to the supervisor, which kills every tree and exits; the next run starts a new one. Synchronous. */
  terminate(): void {
    const live = this.#live;
    if (live === undefined || live.dead) return;
    live.expectedExit = true;
    try {
      live.child.kill('SIGTERM');
    } catch {
      // already gone
    }
  }

  /**
   * On hookd's way out: SIGTERM to the supervisor (it kills every tree, waits for every process it started and exits
   * last) and a synchronous wait, at most `deadlineMs`, until it has exited — so once hookd exits, nothing the
   * supervisor started is left. Synchronous because the exit path has no event loop left to wait with; its exit is
   * read from /proc (a zombie counts: libuv reaps it only when the loop runs). True when it exited in time.
   */
  exitSync(deadlineMs: number): boolean {
    const live = this.#live;
    if (live === undefined || live.dead || live.child.pid === undefined) return true;
    const pid = live.child.pid;
    live.expectedExit = true;
    try {
      live.child.kill('SIGTERM');
    } catch {
      return true; // already gone
    }
    const until = performance.now() + deadlineMs;
    const pause = new Int32Array(new SharedArrayBuffer(4));
    while (!exitedOrGone(pid)) {
      if (performance.now() >= until) return false;
      Atomics.wait(pause, 0, 0, 1);
    }
    return true;
  }

  /** The supervisor's pid, while one runs. */
  pid(): number | undefined {
    const live = this.#live;
    return live !== undefined && !live.dead ? live.child.pid : undefined;
  }

  #spawn(): Promise<StartResult> {
    return new Promise<StartResult>((resolve) => {
      let child: ChildProcess;
      try {
        // No `detached`: the binary calls setsid itself, and its parent-death signal ties it to hookd.
        child = spawn(this.binary, [], { stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
      } catch (error) {
        resolve(this.#startFailed(`${this.binary} could not be started: ${(error as Error).message}`));
        return;
      }
      const stdout = child.stdout as Live['stdout'];
      const live: Live = { child, batcher: new TurnWriteBatcher(child.stdin ?? {}), stdout, expectedExit: false, dead: false };
      this.#live = live;
      let settled = false;
      const settle = (result: StartResult): void => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        if (!result.ok) {
          live.dead = true;
          if (this.#live === live) this.#live = undefined;
          try {
            child.kill('SIGKILL');
          } catch {
            // already gone
          }
        } else if (!this.#referenced) {
          this.#unrefHandles(live);
        }
        resolve(result);
      };
      const deadline = setTimeout(
        () => settle(this.#startFailed(`${this.binary} did not answer READY within ${SUPERVISOR_START_DEADLINE_MS} ms`)),
        SUPERVISOR_START_DEADLINE_MS,
      );

      child.once('error', (error: Error) => {
        if (!settled) settle(this.#startFailed(`${this.binary} could not be started: ${error.message}`));
        else this.#logger.debug(`supervisor: ${error.message}`);
      });
      child.stdin?.on('error', (error: Error) => this.#logger.debug(`supervisor stdin: ${error.message}`));
      this.#forwardStderr(child.stderr);

      const decoder = new ReplyDecoder();
      stdout.on('data', (chunk: Buffer) => {
        const frames = decoder.push(chunk);
        for (const frame of frames) {
          if (frame.type === Reply.Ready) {
            if (settled) continue;
            if (frame.version !== SUPERVISOR_PROTOCOL_VERSION) {
              settle(this.#startFailed(`${this.binary} speaks protocol version ${frame.version}, hookd needs ${SUPERVISOR_PROTOCOL_VERSION}`));
              return;
            }
            live.info = { binary: this.binary, pid: frame.pid, version: frame.version, features: frame.features };
            this.#logger.debug(`supervisor ${frame.pid} ready (${frame.features})`);
            settle({ ok: true, info: live.info });
            continue;
          }
          this.#route(frame);
        }
        if (decoder.broken !== undefined) {
          this.#logger.warn(`hook process supervisor: ${decoder.broken}; restarting it`);
          try {
            child.kill('SIGKILL');
          } catch {
            // already gone
          }
        }
      });
      stdout.on('error', (error: Error) => this.#logger.debug(`supervisor stdout: ${error.message}`));

      child.once('exit', (code, signal) => {
        const why = signal !== null ? `was killed by ${signal}` : `exited with code ${code ?? '?'}`;
        if (!settled) {
          settle(this.#startFailed(`${this.binary} ${why} before answering READY`));
          return;
        }
        if (live.info === undefined) return; // a failed start, already counted
        // Frames it wrote before exiting may still be in the pipe: let them arrive, bounded.
        const drained = (): void => this.#died(live, why);
        if (stdout.readableEnded || stdout.destroyed) drained();
        else {
          const timer = setTimeout(drained, EXIT_DRAIN_MS);
          stdout.once('close', () => {
            clearTimeout(timer);
            drained();
          });
        }
      });
    });
  }

  #route(frame: ReplyFrame): void {
    if (frame.type === Reply.Spawned || frame.type === Reply.SpawnFailed || frame.type === Reply.Error) this.#spawnAnswered(frame.runId);
    const route = this.#routes.get(frame.runId);
    if (route !== undefined) {
      route.onFrame(frame);
      return;
    }
    if (frame.type === Reply.Error) this.#logger.debug(`supervisor: ${frame.message}${frame.runId !== 0 ? ` (run ${frame.runId})` : ''}`);
  }

  #spawnAnswered(runId: number): void {
    const chain = this.#awaitedIn.get(runId);
    if (chain === undefined) return;
    this.#awaitedIn.delete(runId);
    chain.awaiting = undefined;
    const next = chain.queue.shift();
    if (next === undefined) return;
    this.#queuedIn.delete(next.runId);
    chain.awaiting = next.runId;
    this.#awaitedIn.set(next.runId, chain);
    this.send(next.frame);
  }

  #startFailed(reason: string): StartResult {
    this.#countDeath(reason);
    return { ok: false, reason };
  }

  #died(live: Live, why: string): void {
    if (live.dead) return;
    live.dead = true;
    if (this.#live === live) this.#live = undefined;
    const reason = `the hook process supervisor (pid ${live.child.pid ?? '?'}) ${why}`;
    if (!live.expectedExit) {
      this.#logger.warn(`${reason}; its runs were ended and the next run restarts it`);
      this.#countDeath(reason);
    }
    const routes = [...this.#routes.values()];
    this.#routes.clear();
    this.#chain = undefined;
    this.#awaitedIn.clear();
    this.#queuedIn.clear();
    if (this.#referenced) this.#reference(false);
    for (const route of routes) route.onSupervisorDeath(reason, live.expectedExit);
  }

  #countDeath(reason: string): void {
    this.#deaths += 1;
    if (this.#deaths >= MAX_DEATHS && this.#retired === undefined) {
      this.#retired = `the hook process supervisor failed ${this.#deaths} times (last: ${reason})`;
      this.#logger.warn(`${this.#retired}: hook processes run on the pure-Node path from now on`);
    }
  }

  /** While runs are open the supervisor's pipe keeps Node alive; idle, it never does. */
  #reference(on: boolean): void {
    this.#referenced = on;
    const live = this.#live;
    if (live === undefined || live.dead) return;
    if (on) {
      live.child.ref();
      live.stdout.ref?.();
    } else {
      this.#unrefHandles(live);
    }
  }

  #unrefHandles(live: Live): void {
    live.child.unref();
    live.stdout.unref?.();
  }

  #forwardStderr(stderr: Readable | null): void {
    if (stderr === null) return;
    (stderr as Readable & { unref?: () => void }).unref?.();
    let partial = '';
    stderr.setEncoding('utf8');
    stderr.on('data', (text: string) => {
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) if (line !== '') this.#logger.debug(`supervisor: ${line}`);
      if (partial.length > 4096) {
        this.#logger.debug(`supervisor: ${partial}`);
        partial = '';
      }
    });
    stderr.on('error', () => {});
  }
}

const channels = new Map<string, SupervisorChannel>();

/** The channel of this hookd process to `binary` (one supervisor per binary, shared by every runner). */
export function supervisorChannel(binary: string = SUPERVISOR_BINARY): SupervisorChannel {
  let channel = channels.get(binary);
  if (channel === undefined) {
    channel = new SupervisorChannel(binary);
    channels.set(binary, channel);
  }
  return channel;
}

/** A process that exited (a zombie) or is gone, by /proc/<pid>/stat. */
function exitedOrGone(pid: number): boolean {
  const stat = readProcStat(pid);
  return stat === undefined || isDeadState(stat.state);
}
