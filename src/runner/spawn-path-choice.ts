// Decides, once per runner, which spawn path runs hook processes: the pure-Node runner when asked for, when the
// supervisor binary is missing or does not start, or after the supervisor retired (it died too often); otherwise
// the native supervisor. It reports the choice (initialize `spawnPath`, `hookd check`), warns once per hookd
// process on a fallback and logs one info line when the supervisor is active. It never runs a hook.
import type { Logger } from '../logger.js';
import { SPAWN_PATH_VARIABLE, type SpawnPathReport, type SpawnPathRequest } from './spawn-path.js';
import { supervisorChannel, type SupervisorChannel } from './supervisor/channel.js';
import { supervisorBinaryProblem } from './supervisor/locate.js';

export type PathDecision =
  | { readonly path: 'node'; readonly report: SpawnPathReport }
  | { readonly path: 'supervisor'; readonly channel: SupervisorChannel; readonly report: SpawnPathReport };

export type SpawnPathChoiceOptions = {
  readonly requested: SpawnPathRequest;
  /** HOOKD_SPAWN_PATH when it named none of the three paths (then `requested` is auto). */
  readonly invalid?: string;
  /** Who asked: the runner option or the environment variable (for the report's detail). */
  readonly source: 'option' | 'environment';
  readonly binary: string;
  readonly logger: Logger;
};

/** Fallback warnings already given in this process: each is said once, however many runners there are. */
const warned = new Set<string>();

function warnOnce(logger: Logger, message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  logger.warn(message);
}

export class SpawnPathChoice {
  readonly #options: SpawnPathChoiceOptions;
  #decision: PathDecision | undefined;
  #deciding: Promise<PathDecision> | undefined;

  constructor(options: SpawnPathChoiceOptions) {
    this.#options = options;
    if (options.invalid !== undefined) {
      warnOnce(options.logger, `${SPAWN_PATH_VARIABLE}=${JSON.stringify(options.invalid)} is not auto, supervisor or node: using auto`);
    }
    if (options.requested === 'node') {
      const who = options.source === 'option' ? 'the runner was asked for' : `${SPAWN_PATH_VARIABLE}=node asks for`;
      this.#decision = { path: 'node', report: { active: 'node', requested: 'node', detail: `${who} the pure-Node runner` } };
    }
  }

  /** The decision, when already made (the hot path: no promise); undefined until the supervisor's start settled. */
  current(): PathDecision | undefined {
    const decision = this.#decision;
    if (decision?.path === 'supervisor') {
      const retired = decision.channel.retiredReason();
      if (retired !== undefined) return this.#retire(retired);
    }
    return decision;
  }

  /** Makes the decision (starting the supervisor, bounded by its start deadline) unless made already. */
  decide(): Promise<PathDecision> {
    const decision = this.current();
    if (decision !== undefined) return Promise.resolve(decision);
    this.#deciding ??= this.#decide();
    return this.#deciding;
  }

  async report(): Promise<SpawnPathReport> {
    const decision = await this.decide();
    if (decision.path === 'node') return decision.report;
    const info = decision.channel.readyInfo();
    if (info !== undefined) return decision.report;
    // Between a death and the next run's restart: start it now, so the report says what the next run gets.
    const started = await decision.channel.start();
    return started.ok ? decision.report : (this.current() ?? decision).report;
  }

  async #decide(): Promise<PathDecision> {
    const { binary, logger, requested } = this.#options;
    const suffix = this.#options.invalid !== undefined ? ` (${SPAWN_PATH_VARIABLE}=${JSON.stringify(this.#options.invalid)} is not a path name)` : '';
    // The supervisor is Linux-only (subreaper, parent-death signal, /proc); macOS keeps the tree-kill runner.
    if (process.platform !== 'linux') return this.#fallBack(`the hook process supervisor needs Linux (this is ${process.platform})${suffix}`);
    const problem = supervisorBinaryProblem(binary);
    if (problem !== undefined) return this.#fallBack(`the hook process supervisor is not available: ${problem}${suffix}`);
    const channel = supervisorChannel(binary);
    channel.attachLogger(logger);
    const started = await channel.start();
    if (!started.ok) return this.#fallBack(`the hook process supervisor failed to start: ${started.reason}${suffix}`);
    const { info } = started;
    const detail = `native supervisor ${info.binary} (pid ${info.pid}, protocol ${info.version}${info.features !== '' ? `, ${info.features}` : ''})${suffix}`;
    logger.info(`hook processes start through the ${detail}`);
    this.#decision = { path: 'supervisor', channel, report: { active: 'supervisor', requested, detail } };
    return this.#decision;
  }

  #fallBack(detail: string): PathDecision {
    warnOnce(this.#options.logger, `hook processes run on the pure-Node path: ${detail}`);
    this.#decision = { path: 'node', report: { active: 'node', requested: this.#options.requested, detail } };
    return this.#decision;
  }

  #retire(reason: string): PathDecision {
    // The channel warned once already; the report says why.
    this.#decision = { path: 'node', report: { active: 'node', requested: this.#options.requested, detail: `${reason}: the pure-Node runner took over` } };
    return this.#decision;
  }
}
