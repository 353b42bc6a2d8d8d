// A runner for engine unit tests whose runs finish only when the test says so (or when their signal aborts).
// Never spawns; records every request and whether its signal aborted.
import type { EventParams } from '../../../src/protocol/index.js';
import type { ProcessOutcome, ProcessRunner, SpawnRequest } from '../../../src/runner/types.js';
import { outcome } from './fakes.js';

export type PendingRun = {
  readonly request: SpawnRequest;
  /** The shell script or exec file of the request. */
  readonly name: string;
  /** Finishes the run with stdout = `stdout` (default: its name, which the fake dialect reads as the decision). */
  finish(stdout?: string): void;
  readonly settled: boolean;
  readonly abortSeen: boolean;
};

export type ManualRunner = ProcessRunner & { readonly runs: PendingRun[]; named(name: string): PendingRun | undefined };

export function manualRunner(): ManualRunner {
  const runs: PendingRun[] = [];
  return {
    runs,
    named: (name) => runs.find((run) => run.name === name),
    findExecutable: (name) => `/fake/bin/${name}`,
    run(request) {
      const name = request.command.kind === 'shell' ? request.command.script : request.command.file;
      return new Promise<ProcessOutcome>((resolve) => {
        let settled = false;
        let abortSeen = false;
        const settle = (result: ProcessOutcome) => {
          if (settled) return;
          settled = true;
          resolve(result);
        };
        runs.push({
          request,
          name,
          finish: (stdout = name) => settle(outcome({ stdout: { text: stdout, bytes: stdout.length, totalBytes: stdout.length, truncated: false } })),
          get settled() {
            return settled;
          },
          get abortSeen() {
            return abortSeen;
          },
        });
        const onAbort = () => {
          abortSeen = true;
          settle(outcome({ cancelled: true, exitCode: null, signal: 'SIGTERM' }));
        };
        if (request.signal?.aborted) onAbort();
        else request.signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}

export const eventParams = (extra: Partial<EventParams> = {}): EventParams => ({ session: { id: 's1' }, toolName: 'Bash', toolInput: {}, ...extra });
