// Ctrl-C, SIGTERM or SIGHUP while a one-shot command runs hooks: abort every run, kill the trees (grace capped,
// then SIGKILL), and exit 128 + the signal's number with nothing more on stdout. Serve mode has its own exit path.
import { constants } from 'node:os';
import { EXIT_KILL_GRACE_MS, exitKillingHooks } from '../process-exit.js';
import type { RunnerExitControl } from '../runner/types.js';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** How long the aborted runs may take to report before the command exits regardless (trees SIGKILLed first). */
export const INTERRUPT_DEADLINE_MS = 900;

/**
 * Runs `work` with a signal that aborts on SIGINT/SIGTERM/SIGHUP. After such a signal this never returns: once the
 * aborted work settles (or the deadline passes) every hook tree still alive is SIGKILLed and the process exits
 * 130/143/129, so the caller prints no partial report. A second signal exits at once, the same way.
 */
export async function runInterruptible<T>(runner: RunnerExitControl, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let exitCode: number | undefined;
  const onSignal = (signal: (typeof SIGNALS)[number]): void => {
    if (exitCode !== undefined) exitKillingHooks(runner, exitCode);
    const code = 128 + constants.signals[signal];
    exitCode = code;
    process.stderr.write(`hookd: ${signal}: stopping the hooks\n`);
    runner.capKillGrace(EXIT_KILL_GRACE_MS);
    controller.abort();
    setTimeout(() => exitKillingHooks(runner, code), INTERRUPT_DEADLINE_MS);
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
  try {
    const result = await work(controller.signal);
    if (exitCode !== undefined) exitKillingHooks(runner, exitCode);
    return result;
  } catch (error) {
    if (exitCode !== undefined) exitKillingHooks(runner, exitCode);
    throw error;
  } finally {
    for (const signal of SIGNALS) process.off(signal, onSignal);
  }
}
