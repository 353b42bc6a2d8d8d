// The way out of every hookd process that runs hooks (serve mode, `hookd test`): a grace cap for the kills of the
// exit path, and the last steps before process.exit: a synchronous SIGKILL of every hook tree still alive, and a
// bounded wait until the native supervisor (and everything it started) is gone.
// It decides nothing about when to exit; main.ts and the commands do.
import type { RunnerExitControl } from './runner/types.js';

/** The longest SIGTERM grace a hook tree gets once hookd is exiting, whatever killGraceMs says. */
export const EXIT_KILL_GRACE_MS = 200;
/** How long hookd's exit waits for the native supervisor (and so every process it started) to be gone. */
export const EXIT_SUPERVISOR_WAIT_MS = 2_000;

/** SIGKILLs every hook tree the runner still has (whatever the grace), waits for the supervisor to end, then exits. */
export function exitKillingHooks(runner: RunnerExitControl, code: number): never {
  runner.killAllNow();
  runner.endSupervisorSync?.(EXIT_SUPERVISOR_WAIT_MS);
  process.exit(code);
}
