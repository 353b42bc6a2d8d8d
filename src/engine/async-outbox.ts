// What finished async hooks left for their session, kept until the session's next event result takes it.
// Bounded: at most MAX_OUTPUTS_PER_SESSION per session and MAX_SESSIONS sessions (the oldest is dropped, counted).
import type { AsyncOutput } from '../protocol/index.js';

export const MAX_OUTPUTS_PER_SESSION = 32;
export const MAX_SESSIONS = 16;

type Box = { outputs: AsyncOutput[]; dropped: number };

export class AsyncOutbox {
  /** Insertion order = the order sessions first got an output since their last take (oldest first). */
  readonly #boxes = new Map<string, Box>();

  put(sessionId: string, output: AsyncOutput): void {
    let box = this.#boxes.get(sessionId);
    if (box === undefined) {
      if (this.#boxes.size >= MAX_SESSIONS) {
        const oldest = this.#boxes.keys().next().value;
        if (oldest !== undefined) this.#boxes.delete(oldest);
      }
      box = { outputs: [], dropped: 0 };
      this.#boxes.set(sessionId, box);
    }
    box.outputs.push(output);
    if (box.outputs.length > MAX_OUTPUTS_PER_SESSION) {
      box.outputs.shift();
      box.dropped += 1;
    }
  }

  /** Everything waiting for the session (oldest first) and how many older outputs were dropped; empties its box. */
  take(sessionId: string): { readonly outputs: AsyncOutput[]; readonly dropped: number } {
    const box = this.#boxes.get(sessionId);
    if (box === undefined) return { outputs: [], dropped: 0 };
    this.#boxes.delete(sessionId);
    return box;
  }

  forget(sessionId: string): void {
    this.#boxes.delete(sessionId);
  }
}
