// Runs one regex test in a worker thread under a deadline, synchronously (Atomics.wait on shared memory), so a
// backtracking pattern cannot freeze hookd: past the deadline the worker is terminated and a fresh one started.
// Owns the thread only; what a timeout means for a matcher is the caller's business.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * `javascript`: `new RegExp(source, 'u')`; `javascript-annex-b`: `new RegExp(source)` (no flags, as Claude Code compiles
 * matchers); `re2`: `RE2JS.compile(source)` (linear, but slow on huge inputs).
 */
export type RegexEngine = 'javascript' | 'javascript-annex-b' | 're2';
export type WorkerVerdict = 'match' | 'no-match' | 'timeout' | 'unavailable';

/** How long one test may run once the worker has started it. */
export const DEFAULT_MATCH_DEADLINE_MS = 100;
/** How long a worker may take to start a test (its boot, on a busy machine); past it the test is `unavailable`. */
const START_DEADLINE_MS = 5_000;

// Shared Int32 slots: the sequence number of the test the worker started, of the one it finished, its result.
const STARTED = 0;
const FINISHED = 1;
const RESULT = 2;
const MATCH = 1;
const NO_MATCH = 0;
const FAILED = -1;

// Plain CommonJS run with `eval: true`, so the same code serves the built dist/ and the TypeScript sources in tests.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const slots = new Int32Array(workerData.shared);
const compiled = new Map();
let RE2JS;
function compile(engine, source) {
  const key = engine + ':' + source;
  let regex = compiled.get(key);
  if (regex === undefined) {
    if (engine === 're2') {
      RE2JS ??= require(workerData.re2jsPath).RE2JS;
      regex = RE2JS.compile(source);
    } else {
      regex = new RegExp(source, engine === 'javascript' ? 'u' : '');
    }
    if (compiled.size >= 256) compiled.clear();
    compiled.set(key, regex);
  }
  return regex;
}
parentPort.on('message', ({ seq, engine, source, target }) => {
  Atomics.store(slots, ${STARTED}, seq);
  Atomics.notify(slots, ${STARTED});
  let result;
  try {
    result = compile(engine, source).test(target) ? ${MATCH} : ${NO_MATCH};
  } catch {
    result = ${FAILED};
  }
  Atomics.store(slots, ${RESULT}, result);
  Atomics.store(slots, ${FINISHED}, seq);
  Atomics.notify(slots, ${FINISHED});
});
`;

type LiveWorker = { readonly worker: Worker; readonly slots: Int32Array };

let re2jsPath: string | undefined;
let current: LiveWorker | undefined;
let sequence = 0;
let matchDeadlineMs = DEFAULT_MATCH_DEADLINE_MS;

/** The deadline of one test from now on (tests use a generous one so that a loaded machine does not fail them). */
export function setMatchDeadlineMs(deadlineMs: number): void {
  matchDeadlineMs = deadlineMs;
}

export function matchDeadline(): number {
  return matchDeadlineMs;
}

/** Starts the worker ahead of its first test (its boot then overlaps other work). */
export function warmUpRegexWorker(): void {
  liveWorker();
}

function liveWorker(): LiveWorker {
  if (current !== undefined) return current;
  re2jsPath ??= createRequire(import.meta.url).resolve('re2js');
  const shared = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT * 3);
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { shared, re2jsPath }, resourceLimits: { maxOldGenerationSizeMb: 256 } });
  worker.unref(); // an idle worker must not keep `hookd check` alive
  const live: LiveWorker = { worker, slots: new Int32Array(shared) };
  const forget = () => {
    if (current === live) current = undefined;
  };
  worker.on('error', forget);
  worker.on('exit', forget);
  current = live;
  return live;
}

function retire(live: LiveWorker): void {
  if (current === live) current = undefined;
  live.worker.terminate().catch(() => {});
}

/** Waits until `slots[index]` holds `seq` or `deadlineMs` passes; true if it arrived. */
function waitForSlot(slots: Int32Array, index: number, seq: number, deadlineMs: number): boolean {
  const deadline = performance.now() + deadlineMs;
  for (;;) {
    const value = Atomics.load(slots, index);
    if (value === seq) return true;
    const left = deadline - performance.now();
    if (left <= 0) return false;
    Atomics.wait(slots, index, value, left);
  }
}

/**
 * Tests `target` against `source` in the worker. Blocks the calling thread at most until the worker started the
 * test plus the match deadline. `timeout`: the worker was terminated (a replacement boots at once);
 * `unavailable`: no worker could start the test in time, or the engine threw (the pattern is not to blame).
 */
export function testInWorker(engine: RegexEngine, source: string, target: string): WorkerVerdict {
  const live = liveWorker();
  sequence = sequence >= 0x7fff_fff0 ? 1 : sequence + 1;
  const seq = sequence;
  live.worker.postMessage({ seq, engine, source, target });
  if (!waitForSlot(live.slots, STARTED, seq, START_DEADLINE_MS)) {
    retire(live);
    return 'unavailable';
  }
  if (!waitForSlot(live.slots, FINISHED, seq, matchDeadlineMs)) {
    retire(live);
    liveWorker();
    return 'timeout';
  }
  const result = Atomics.load(live.slots, RESULT);
  return result === MATCH ? 'match' : result === NO_MATCH ? 'no-match' : 'unavailable';
}
