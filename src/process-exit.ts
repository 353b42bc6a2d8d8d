// The way out of every hookd process that runs hooks (serve mode, `hookd test`): a grace cap for the kills of the
// exit path, and the last step before process.exit, a synchronous SIGKILL of every hook tree still alive.
// It decides nothing about when to exit; main.ts and the commands do.
import type { RunnerExitControl } from './runner/types.js';

/** The longest SIGTERM grace a hook tree gets once hookd is exiting, whatever killGraceMs says. */
export const EXIT_KILL_GRACE_MS = 200;

/** SIGKILLs every hook tree the runner still has (whatever the grace), then exits. */
export function exitKillingHooks(runner: RunnerExitControl, code: number): never {
  runner.killAllNow();
  process.exit(code);
}
