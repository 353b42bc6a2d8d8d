// The engine facade: holds the current registry snapshot, dispatches events, caps continuation loops,
// and cancels. Composed by the server; never imports rpc/ or a concrete dialect.
import type { Diagnostic, EventName, EventParams, EventResult, HookInfo, ProgressParams } from '../protocol/index.js';
import type { ProcessRunner } from '../runner/types.js';
import { DEFAULT_KILL_GRACE_MS, DEFAULT_MAX_OUTPUT_BYTES } from '../runner/types.js';
import { ContinuationCap, DEFAULT_STOP_BLOCK_CAP, continuationKey } from './continuation-cap.js';
import type { Dialect, LoadContext } from './dialect.js';
import { dispatchEvent } from './dispatcher.js';
import { InFlightRegistry } from './in-flight.js';
import { EMPTY_SNAPSHOT, describeHook, snapshotFrom, type RegistrySnapshot } from './registry.js';

export type EngineOptions = {
  readonly dialect: Dialect;
  readonly runner: ProcessRunner;
  readonly workspace: string;
  readonly baseEnv?: Readonly<Record<string, string>>;
  readonly killGraceMs?: number;
  readonly maxOutputBytes?: number;
  readonly stopBlockCap?: number;
  readonly onProgress?: (progress: ProgressParams) => void;
};

export type EventDispatch = { readonly result: EventResult; readonly cancelled: boolean };

export class Engine {
  readonly dialect: Dialect;
  readonly #options: EngineOptions;
  readonly #inFlight = new InFlightRegistry();
  readonly #cap: ContinuationCap;
  #snapshot: RegistrySnapshot = EMPTY_SNAPSHOT;

  constructor(options: EngineOptions) {
    this.dialect = options.dialect;
    this.#options = options;
    this.#cap = new ContinuationCap(options.stopBlockCap ?? DEFAULT_STOP_BLOCK_CAP);
  }

  /** Loads the dialect's configuration and makes it current for events that start from now on. */
  load(context: LoadContext): RegistrySnapshot {
    this.#snapshot = snapshotFrom(this.dialect.load(context));
    return this.#snapshot;
  }

  get snapshot(): RegistrySnapshot {
    return this.#snapshot;
  }

  hooks(): HookInfo[] {
    return this.#snapshot.hooks.map(describeHook);
  }

  diagnostics(): readonly Diagnostic[] {
    return this.#snapshot.diagnostics;
  }

  async dispatch(event: EventName, params: EventParams, options: { signal?: AbortSignal; requestId?: string | number } = {}): Promise<EventDispatch> {
    const snapshot = this.#snapshot;
    const sessionId = params.session.id;
    const { runs, merged, cancelled } = await this.#inFlight.track(sessionId, options.signal, (signal) =>
      dispatchEvent(
        {
          dialect: this.dialect,
          snapshot,
          event,
          params,
          workspace: this.#options.workspace,
          signal,
          ...(options.requestId !== undefined ? { requestId: options.requestId } : {}),
        },
        {
          runner: this.#options.runner,
          baseEnv: this.#options.baseEnv ?? {},
          killGraceMs: this.#options.killGraceMs ?? DEFAULT_KILL_GRACE_MS,
          maxOutputBytes: this.#options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES,
          ...(this.#options.onProgress ? { onProgress: this.#options.onProgress } : {}),
        },
      ),
    );
    const result: EventResult = { event, ...merged, notes: [], runs };
    if (!cancelled) this.#applyContinuationCap(event, params, result);
    return { result, cancelled };
  }

  #applyContinuationCap(event: EventName, params: EventParams, result: EventResult): void {
    if (event === 'UserPromptSubmit') this.#cap.resetSession(params.session.id);
    if (!this.dialect.continuationEvents.includes(event)) return;
    const blocked = result.decision === 'block' && result.continue;
    const verdict = this.#cap.record(continuationKey(params.session.id, event, params.agentId), blocked);
    if (verdict.honour) return;
    result.notes.push(
      `${event} hooks blocked ${verdict.count} consecutive times, past the cap of ${this.#cap.limit}: stopping anyway` +
        (result.reason ? ` (last reason: ${result.reason})` : ''),
    );
    result.decision = 'none';
  }

  /** Aborts every in-flight event of a session; each then answers as cancelled. */
  cancelSession(sessionId: string): number {
    return this.#inFlight.cancelSession(sessionId);
  }

  /** Aborts everything and resolves once every hook tree is dead. */
  abortAll(): Promise<void> {
    return this.#inFlight.abortAll();
  }

  get inFlightCount(): number {
    return this.#inFlight.size;
  }
}
