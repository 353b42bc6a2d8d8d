// The one table of request ids vscode-jsonrpc cannot carry (numbers a JavaScript number would change, and `null`):
// the gate swaps each for a unique string token, the writer swaps it back to the raw text. Owns that mapping only.
import { randomBytes } from 'node:crypto';

/**
 * token → the id's raw JSON text, from the moment the gate admits the request until its response is serialized
 * (`release`), so nothing accumulates. `find` serves cancellation: the latest live request with that raw text.
 */
export class IdTokens {
  readonly #prefix = `hookd-id:${randomBytes(6).toString('hex')}:`;
  #issued = 0;
  readonly #rawByToken = new Map<string, string>();
  readonly #tokenByRaw = new Map<string, string>();

  /** A fresh token that stands for the request id written as `raw` until its response is serialized. */
  issue(raw: string): string {
    const token = `${this.#prefix}${++this.#issued}`;
    this.#rawByToken.set(token, raw);
    this.#tokenByRaw.set(raw, token);
    return token;
  }

  /** The token of the latest live request whose id was written as `raw`. */
  find(raw: string): string | undefined {
    return this.#tokenByRaw.get(raw);
  }

  /** The raw id text `id` stands for, if it is a live token. */
  rawOf(id: unknown): string | undefined {
    return typeof id === 'string' ? this.#rawByToken.get(id) : undefined;
  }

  /** Like rawOf, and forgets the token: its response is being written. */
  release(id: unknown): string | undefined {
    const raw = this.rawOf(id);
    if (raw === undefined) return undefined;
    this.#rawByToken.delete(id as string);
    if (this.#tokenByRaw.get(raw) === id) this.#tokenByRaw.delete(raw);
    return raw;
  }

  /** Live tokens (for tests: nothing accumulates). */
  get size(): number {
    return this.#rawByToken.size;
  }
}
