// The pure-Node spawn path (the fallback where the native supervisor is not available, and macOS): spawn detached
// with a run tag, feed stdin, capture capped output, enforce timeout and cancel, and kill whatever the hook leaves
// behind by process group, run tag and /proc watch. It runs one hook; choosing the path is process-runner.ts's job.
import { performance } from 'node:perf_hooks';
import type { Writable } from 'node:stream';
import type { ResultPromise } from 'execa';
import type { Logger } from '../logger.js';
import { captureStream, type StreamCapture } from './capture.js';
import { unwatchAbort, watchAbort } from './abort-watch.js';
import { commandArgv } from './command-argv.js';
import { killRunTree, liveTreeMembers, type KillReport, type RunTree } from './kill-tree.js';
import type { LiveTrees, LiveTree } from './live-trees.js';
import { readProcStat } from './proc-scan.js';
import { createRunTag, RUN_TAG_VARIABLE } from './run-tag.js';
import { hasTimeout, notStarted, PIPE_SETTLE_MS } from './run-outcome.js';
import { describeSpawnError } from './spawn-error.js';
import type { ProcessOutcome, SpawnRequest } from './types.js';

type Termination = { readonly reason: 'timeout' | 'cancel'; readonly kill: Promise<KillReport> };

/** execa, loaded by the first run on this path (a sidecar on the supervisor path never loads it: ~15 ms of a start). */
let execaModule: Promise<typeof import('execa')> | undefined;

export async function runNodeProcess(request: SpawnRequest, logger: Logger, live: LiveTrees): Promise<ProcessOutcome> {
  const startedAt = performance.now();
  const { execa } = await (execaModule ??= import('execa'));
  // A cancel that arrived before we got here must not start anything (its listeners would never fire).
  if (request.signal?.aborted) return notStarted(startedAt, { cancelled: true });

  const tag = createRunTag();
  const { file, args } = commandArgv(request.command);
  let subprocess: ResultPromise;
  try {
    subprocess = execa(file, args, {
      cwd: request.cwd,
      env: { ...request.env, [RUN_TAG_VARIABLE]: tag },
      extendEnv: false,
      detached: true, // own process group: pgid = pid
      buffer: false,
      stdin: 'pipe',
      stdout: 'pipe',
      stderr: 'pipe',
      reject: false,
      cleanup: false,
      windowsHide: true,
    });
  } catch (error) {
    return notStarted(startedAt, { spawnError: describeSpawnError(file, request.cwd, error) });
  }
  // The execa promise settles only once every pipe closes, which an escapee can prevent: never await it for
  // completion, but always handle it so that it cannot become an unhandled rejection.
  subprocess.then(noop, noop);

  const pid = subprocess.pid;
  if (pid === undefined) {
    const error = await spawnFailure(subprocess);
    return notStarted(startedAt, { spawnError: describeSpawnError(file, request.cwd, error) });
  }
  subprocess.on('error', (error: Error) => logger.debug(`run ${pid}: ${error.message}`));

  const stdout = captureStream(subprocess.stdout, request.maxOutputBytes);
  const stderr = captureStream(subprocess.stderr, request.maxOutputBytes);
  writeStdin(subprocess.stdin, request.stdin);

  let childExited = false;
  // Read while the child certainly exists (it cannot have been reaped before its 'exit' event ran).
  const startTime = readProcStat(pid)?.startTime;
  const tree: RunTree = { pid, tag, childExited: () => childExited, ...(startTime !== undefined ? { startTime } : {}) };
  const liveTree = live.add(tree);
  const killOptions = { graceMs: request.killGraceMs, logger, graceCapMs: () => live.graceCapMs() };
  let termination: Termination | undefined;
  let timer: NodeJS.Timeout | undefined;
  const terminate = (reason: Termination['reason']): void => {
    if (termination !== undefined || childExited) return; // the first reason wins; an exited run is not killed
    logger.debug(`run ${pid}: ${reason === 'timeout' ? `timed out after ${request.timeoutMs} ms` : 'cancelled'}, killing its tree`);
    // While the parent links still hold: what the tree has now is what can outlive the kill.
    live.observe([liveTree]);
    termination = { reason, kill: killRunTree(tree, killOptions) };
  };
  const onAbort = (): void => terminate('cancel');

  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    subprocess.once('exit', (code: number | null, signal: NodeJS.Signals | null) => {
      childExited = true;
      if (timer !== undefined) clearTimeout(timer);
      if (request.signal !== undefined) unwatchAbort(request.signal, onAbort);
      resolve({ code, signal });
    });
  });
  if (hasTimeout(request.timeoutMs)) {
    timer = setTimeout(() => terminate('timeout'), request.timeoutMs);
  }
  if (request.signal !== undefined) watchAbort(request.signal, onAbort);

  // The run ends at the direct child's exit, never at 'close' (an escapee may hold the pipes forever).
  const exit = await exited;

  // Whether killed or exited on its own, nothing the hook started may outlive the run.
  let kill: KillReport | undefined;
  if (termination !== undefined) {
    kill = await termination.kill;
  } else if (liveTreeMembers(tree).length > 0) {
    live.observe([liveTree]);
    const leftover = await killRunTree(tree, killOptions);
    logger.debug(`run ${pid}: killed processes left behind after exit in ${leftover.killMs.toFixed(1)} ms`);
  }
  const escapedPids = escapees(liveTree, logger);
  live.delete(liveTree);

  await settlePipes([stdout, stderr]);
  stdout.stop();
  stderr.stop();
  subprocess.stdin?.destroy();

  return {
    started: true,
    pid,
    exitCode: exit.code,
    signal: exit.signal,
    timedOut: termination?.reason === 'timeout',
    cancelled: termination?.reason === 'cancel',
    durationMs: performance.now() - startedAt,
    stdout: stdout.result(),
    stderr: stderr.result(),
    ...(kill !== undefined ? { kill: { graceExpired: kill.graceExpired, killMs: kill.killMs } } : {}),
    ...(escapedPids.length > 0 ? { escapedPids } : {}),
  };
}

/** Descendants seen during the run that outlived it beyond the kill's reach: named in a warning (a known hole). */
function escapees(liveTree: LiveTree, logger: Logger): number[] {
  const survivors = liveTree.seen.untrackedSurvivors();
  if (survivors.length > 0) {
    logger.warn(
      `run ${liveTree.tree.pid}: process(es) ${survivors.join(', ')} outlived the run: they left its process group and carry no ` +
        `${RUN_TAG_VARIABLE} (setsid and a cleared environment), so hookd cannot kill them`,
    );
  }
  return survivors;
}

/** Node reports a failed spawn with an 'error' event; execa's settled result carries the same error as `cause`. */
function spawnFailure(subprocess: ResultPromise): Promise<unknown> {
  return new Promise((resolve) => {
    subprocess.once('error', resolve);
    subprocess.then(
      (result) => resolve(result.cause ?? result),
      (error: unknown) => resolve(error),
    );
  });
}

/** Writes the payload and closes stdin; a hook that never reads (EPIPE) is not an error. */
function writeStdin(stdin: Writable | null, payload: string): void {
  if (stdin == null) return;
  stdin.on('error', noop);
  try {
    stdin.end(payload);
  } catch {
    // the pipe is already gone: the hook exited without reading
  }
}

/** Gives already-buffered output a bounded chance to arrive: every pipe ended, or the bound, whichever is first. */
async function settlePipes(captures: readonly StreamCapture[]): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => {
    // setImmediate after the timer: let one more poll phase read what is already in the pipe.
    timer = setTimeout(() => setImmediate(resolve), PIPE_SETTLE_MS);
  });
  await Promise.race([Promise.all(captures.map((capture) => capture.settled)), bound]);
  clearTimeout(timer);
}

function noop(): void {}
