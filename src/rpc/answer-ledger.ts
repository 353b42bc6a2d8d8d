// Counts requests read against responses flushed, so hookd can exit only once every request it read is answered
// on the wire; wraps the connection's reader and writer to see both. Decides no answer itself, except refusing a
// request whose id is still in use (the connection's queue would silently replace the earlier one).
import {
  AbstractMessageReader,
  AbstractMessageWriter,
  Message,
  type DataCallback,
  type Disposable,
  type MessageReader,
  type MessageWriter,
} from 'vscode-jsonrpc/node';
import type { Logger } from '../logger.js';
import { ErrorCodes } from '../protocol/error-codes.js';
import { RpcError } from './errors.js';
import { errorResponse } from './message-gate.js';

/** The connection keys queued requests by `String(id)` ("req-" + id): 1 and "1" are the same request to it. */
const ledgerKey = (id: string | number): string => String(id);

export class AnswerLedger {
  /** Requests handed to the connection whose response has not been written yet. */
  readonly #unanswered = new Set<string>();
  /** Response writes started and not settled (flushed to the output, or failed). */
  readonly #writing = new Set<Promise<unknown>>();
  #settledWaiters: Array<() => void> = [];

  isUnanswered(id: string | number): boolean {
    return this.#unanswered.has(ledgerKey(id));
  }

  requestRead(id: string | number): void {
    this.#unanswered.add(ledgerKey(id));
  }

  /**
   * A response is being written: the request with `id` (if one was read) is answered, and its id free again (a
   * client may reuse it as soon as it sees the answer, possibly before the write's callback has run). Idle waits
   * until `written` settles.
   */
  responseWriting(written: Promise<unknown>, id?: string | number | null): void {
    if (id !== undefined && id !== null) this.#unanswered.delete(ledgerKey(id));
    const settled = written.then(
      () => undefined,
      () => undefined,
    );
    this.#writing.add(settled);
    void settled.then(() => {
      this.#writing.delete(settled);
      this.#wakeIfSettled();
    });
  }

  /** Resolves once every request read so far has its response flushed and no response write is pending. */
  whenSettled(): Promise<void> {
    if (this.#isSettled()) return Promise.resolve();
    return new Promise((resolve) => this.#settledWaiters.push(resolve));
  }

  #isSettled(): boolean {
    return this.#unanswered.size === 0 && this.#writing.size === 0;
  }

  #wakeIfSettled(): void {
    if (!this.#isSettled()) return;
    for (const wake of this.#settledWaiters.splice(0)) wake();
  }
}

/** Records every request it passes on; refuses (-32600) a request whose id is still unanswered. */
export class LedgerMessageReader extends AbstractMessageReader {
  readonly #inner: MessageReader;
  readonly #ledger: AnswerLedger;
  readonly #writer: LedgerMessageWriter;
  readonly #logger: Logger;

  constructor(inner: MessageReader, ledger: AnswerLedger, writer: LedgerMessageWriter, logger: Logger) {
    super();
    this.#inner = inner;
    this.#ledger = ledger;
    this.#writer = writer;
    this.#logger = logger;
    inner.onError((error) => this.fireError(error));
    inner.onClose(() => this.fireClose());
    inner.onPartialMessage((info) => this.firePartialMessage(info));
  }

  listen(callback: DataCallback): Disposable {
    return this.#inner.listen((message) => {
      if (Message.isRequest(message) && message.id !== null) {
        if (this.#ledger.isUnanswered(message.id)) {
          this.#refuseDuplicate(message.id);
          return;
        }
        this.#ledger.requestRead(message.id);
      }
      callback(message);
    });
  }

  override dispose(): void {
    super.dispose();
    this.#inner.dispose();
  }

  #refuseDuplicate(id: string | number): void {
    const error = new RpcError(ErrorCodes.InvalidRequest, `invalid request: id ${JSON.stringify(id)} is in use by a request not answered yet`);
    this.#logger.warn(error.message);
    // Its flush is awaited before exiting, but it is not the answer of the earlier request with that id.
    this.#writer.writeUncounted(errorResponse(id, error)).catch(() => undefined);
  }
}

/** Passes every message on; a response counts as the answer of the request with its id once it is flushed. */
export class LedgerMessageWriter extends AbstractMessageWriter {
  readonly #inner: MessageWriter;
  readonly #ledger: AnswerLedger;

  constructor(inner: MessageWriter, ledger: AnswerLedger) {
    super();
    this.#inner = inner;
    this.#ledger = ledger;
    inner.onError((event) => this.fireError(...event));
    inner.onClose(() => this.fireClose());
  }

  write(message: Message): Promise<void> {
    const written = this.#inner.write(message);
    if (Message.isResponse(message)) this.#ledger.responseWriting(written, message.id);
    return written;
  }

  /** Writes a response that answers no request the ledger counted (its flush is still awaited). */
  writeUncounted(message: Message): Promise<void> {
    const written = this.#inner.write(message);
    this.#ledger.responseWriting(written);
    return written;
  }

  end(): void {
    this.#inner.end();
  }

  override dispose(): void {
    this.#inner.dispose();
    super.dispose();
  }
}
