// Lets V8 optimise a busy sidecar's hot path sooner: once a sidecar has served `afterRequests` requests, it lowers
// V8's interrupt budget (how much bytecode a function runs before V8 considers optimising it; default 67,584) to
// 4,096, once. Not at start: with the flag on the command line a session's start cost 0.34 → 0.85 s of CPU (the
// start's own functions were optimised too), and most sidecars in a test suite serve a handful of requests. Measured
// (docs/supervisor.md, 5 December 2026): P2 over the first 300 rounds of a fresh sidecar −43 to −51 µs, main-thread
// CPU per hook event 0.78–0.90× over its first events, warm throughput up; steady (after 3,000 warm-up rounds) within
// noise. A budget the user set (`--interrupt-budget` in node's options; `--interrupt-budget=67584` keeps V8's default)
// is left alone. node:v8 loads when the switch is made, not at start. Owns that switch only.
export const BUSY_AFTER_REQUESTS = 100;
export const BUSY_INTERRUPT_BUDGET = 4096;

export type BusyTierUpOptions = {
  readonly afterRequests?: number;
  /** Node's options as given (process.execArgv and NODE_OPTIONS): a user's own budget wins. */
  readonly nodeOptions?: readonly string[];
  readonly setFlags?: (flags: string) => void;
};

/** Returns the function to call once per request served. */
export function busyTierUp(options: BusyTierUpOptions = {}): () => void {
  const afterRequests = options.afterRequests ?? BUSY_AFTER_REQUESTS;
  const nodeOptions = options.nodeOptions ?? [...process.execArgv, process.env.NODE_OPTIONS ?? ''];
  if (nodeOptions.some((option) => /interrupt[-_]budget/.test(option))) return () => undefined;
  const setFlags = options.setFlags ?? setV8Flags;
  let served = 0;
  return () => {
    served++;
    if (served === afterRequests) setFlags(`--interrupt-budget=${BUSY_INTERRUPT_BUDGET}`);
  };
}

function setV8Flags(flags: string): void {
  // A refusal only means V8 keeps its default budget.
  import('node:v8').then((v8) => v8.setFlagsFromString(flags)).catch(() => undefined);
}
