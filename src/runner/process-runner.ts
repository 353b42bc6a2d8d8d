// The runner the engine uses: picks the spawn path (the native supervisor, docs/supervisor.md, or the pure-Node
// fallback) and hands each hook run to it; answers spawnPath(), and the exit controls for both paths. The ONLY
// module tree in hookd that spawns processes is src/runner/; this file composes it and spawns nothing itself.
import { silentLogger, type Logger } from '../logger.js';
import { findExecutable } from './find-executable.js';
import { postHttp } from './http-runner.js';
import { LiveTrees } from './live-trees.js';
import { runNodeProcess } from './node-run.js';
import { SpawnPathChoice } from './spawn-path-choice.js';
import { requestedSpawnPath, type SpawnPathRequest } from './spawn-path.js';
import type { SupervisorChannel } from './supervisor/channel.js';
import { LiveRuns } from './supervisor/live-runs.js';
import { SUPERVISOR_BINARY } from './supervisor/locate.js';
import { runSupervised } from './supervisor/supervised-run.js';
import type { ProcessOutcome, ProcessRunner, RunnerExitControl, SpawnRequest } from './types.js';

export { PIPE_SETTLE_MS } from './run-outcome.js';

export type ProcessRunnerOptions = {
  readonly logger?: Logger;
  /** Which spawn path to use; default: HOOKD_SPAWN_PATH, else auto (the supervisor when available). */
  readonly spawnPath?: SpawnPathRequest;
  /** The supervisor binary (tests); default: native/build/hookd-supervisor of this package. */
  readonly supervisorBinary?: string;
};

export function createProcessRunner(options: ProcessRunnerOptions = {}): ProcessRunner & RunnerExitControl & Required<Pick<ProcessRunner, 'spawnPath'>> {
  const logger = options.logger ?? silentLogger;
  const live = new LiveTrees();
  const runs = new LiveRuns();
  const fromEnv = options.spawnPath === undefined ? requestedSpawnPath() : undefined;
  const choice = new SpawnPathChoice({
    requested: options.spawnPath ?? fromEnv?.requested ?? 'auto',
    ...(fromEnv?.invalid !== undefined ? { invalid: fromEnv.invalid } : {}),
    source: options.spawnPath !== undefined ? 'option' : 'environment',
    binary: options.supervisorBinary ?? SUPERVISOR_BINARY,
    logger,
  });
  /** The supervisor this runner sent runs to, if any (killAllNow needs it even after a fallback). */
  let channel: SupervisorChannel | undefined;

  const runOnSupervisor = (request: SpawnRequest, on: SupervisorChannel): Promise<ProcessOutcome> => {
    channel = on;
    return runSupervised(request, on, runs, logger);
  };
  const runAfterDecision = async (request: SpawnRequest): Promise<ProcessOutcome> => {
    const decision = await choice.decide();
    if (decision.path === 'supervisor') {
      // After a death the first run restarts it; a failed restart sends this one run down the Node path.
      const started = await decision.channel.start();
      if (started.ok) return runOnSupervisor(request, decision.channel);
    }
    return runNodeProcess(request, logger, live);
  };

  return {
    run(request) {
      const decision = choice.current();
      if (decision?.path === 'node') return runNodeProcess(request, logger, live);
      if (decision?.path === 'supervisor' && decision.channel.readyInfo() !== undefined) return runOnSupervisor(request, decision.channel);
      return runAfterDecision(request);
    },
    spawnPath: () => choice.report(),
    findExecutable,
    postHttp,
    capKillGrace(maxGraceMs) {
      live.capKillGrace(maxGraceMs);
      runs.capKillGrace(maxGraceMs);
    },
    killAllNow() {
      const trees = live.killAllNow();
      if (channel === undefined) {
        runs.capKillGrace(0);
        return trees;
      }
      return trees + runs.killAllNow(channel);
    },
    endSupervisorSync(deadlineMs) {
      if (channel !== undefined && !channel.exitSync(deadlineMs)) logger.warn(`the hook process supervisor did not exit within ${deadlineMs} ms of hookd's exit`);
    },
  };
}
