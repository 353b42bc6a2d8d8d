// What the review listing and actions work on: one loaded engine with its dialect, load context and hookd's trust
// store (for hooks trusted per key). Shared by the RPC server (review/*), `hookd hooks` and `hookd ui`. Types only.
import type { Dialect, LoadContext } from '../engine/dialect.js';
import type { Engine } from '../engine/engine.js';
import type { TrustStore } from '../trust/store.js';

export type ReviewContext = {
  readonly engine: Engine;
  readonly dialect: Dialect;
  /** The context the engine's configuration was loaded with; actions reload with it. */
  readonly loadContext: LoadContext;
  /** hookd's own trust store: a trust of a row with a trustKey (claude, bamboo) is recorded there. */
  readonly trustStore: TrustStore;
};

export type ReviewAction = 'trust' | 'disable' | 'enable' | 'revoke';

/** Why an action was refused: not_found (no hook has the key), not_allowed (managed, per-file trust, nothing to revoke), persistence (the write failed). */
export class ReviewActionError extends Error {
  constructor(
    readonly kind: 'not_found' | 'not_allowed' | 'persistence',
    message: string,
  ) {
    super(message);
    this.name = 'ReviewActionError';
  }
}
