// The fuzz suite's agent: spawns the built hookd, writes raw bytes, and parses stdout STRICTLY by the framing
// (any byte that is not a well-formed framed JSON-RPC message is a violation). Records every response by the
// raw text of its id, answers hooks/invoke, and notices death. Judges nothing itself; the properties do.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { isLosslessNumber, parse as parseLossless } from 'lossless-json';
import { HOOKD_BIN, type RpcMessage, type WireFraming } from '../../helpers/sidecar.js';
import { waitUntil } from '../../helpers/processes.js';

/** The error codes protocol/README.md documents; -32603 (internal error) is always a bug. */
export const DOCUMENTED_ERROR_CODES: readonly number[] = [-32700, -32600, -32601, -32602, -32002, -32010, -32800];

/** How long a request may take before the fuzz calls it a hang (polled; generous for a loaded machine). */
export const ANSWER_DEADLINE_MS = 15_000;

/** The raw JSON text of an id (`7`, `"a"`, `null`, `9007199254740993`): ids are compared exactly as written. */
export type IdText = string;

export type SpawnOptions = {
  readonly framing: WireFraming;
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd: string;
  readonly args?: readonly string[];
};

/** What hookd's answer to a server → client request is; the default answers hooks/invoke with exit code 0. */
export type ClientAnswer = (message: RpcMessage) => string | undefined;

export class FuzzSidecar {
  readonly child: ChildProcessWithoutNullStreams;
  readonly framing: WireFraming;
  /** Responses by the raw text of their id, in arrival order. */
  readonly responses = new Map<IdText, RpcMessage[]>();
  /** Every response in arrival order, with the raw text of its id. */
  readonly arrivals: Array<{ readonly id: IdText; readonly message: RpcMessage }> = [];
  readonly notifications: RpcMessage[] = [];
  /** Descriptions of stdout bytes that were not a framed JSON-RPC message. */
  readonly violations: string[] = [];
  /** Responses carrying an error code the protocol does not document (or -32603). */
  readonly badCodes: RpcMessage[] = [];
  answerClient: ClientAnswer = (message) => `{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"result":{"exitCode":0}}`;
  #stdout = Buffer.alloc(0);
  #stderr = '';
  #nextId = 1;
  #exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  readonly exited: Promise<void>;

  constructor(options: SpawnOptions) {
    if (!existsSync(HOOKD_BIN)) throw new Error(`${HOOKD_BIN} is missing: run npm run build first`);
    this.framing = options.framing;
    this.child = spawn(process.execPath, [HOOKD_BIN, ...(options.args ?? [])], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: options.env ?? process.env,
      cwd: options.cwd,
    });
    this.child.stdin.on('error', () => undefined);
    this.child.stdout.on('data', (chunk: Buffer) => this.#onStdout(chunk));
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.#stderr = (this.#stderr + chunk.toString('utf8')).slice(-8000);
    });
    this.exited = new Promise((resolve) =>
      this.child.on('exit', (code, signal) => {
        this.#exit = { code, signal };
        resolve();
      }),
    );
  }

  get dead(): boolean {
    return this.#exit !== undefined;
  }

  get exitDescription(): string {
    return this.#exit === undefined ? 'running' : `exited (code ${this.#exit.code}, signal ${this.#exit.signal})`;
  }

  get stderrTail(): string {
    return this.#stderr.slice(-3000);
  }

  /** A fresh integer id no message of this sidecar used yet. */
  freshId(): number {
    return this.#nextId++;
  }

  /** Frames one JSON text in this sidecar's framing. */
  frame(jsonText: string): Buffer {
    const body = Buffer.from(jsonText, 'utf8');
    if (this.framing === 'ndjson') return Buffer.concat([body, Buffer.from('\n')]);
    return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
  }

  write(bytes: Buffer | string): void {
    if (!this.dead) this.child.stdin.write(bytes);
  }

  answersTo(id: IdText): RpcMessage[] {
    return this.responses.get(id) ?? [];
  }

  /** Polls until `id` has an answer (true), hookd dies or the deadline passes (false). */
  waitForAnswer(id: IdText, deadlineMs = ANSWER_DEADLINE_MS): Promise<boolean> {
    return waitUntil(() => this.answersTo(id).length > 0 || this.dead, deadlineMs, 5).then(() => this.answersTo(id).length > 0);
  }

  /** Sends `method` with params text and resolves with its first answer, or undefined (hang or death). */
  async call(method: string, paramsText?: string, deadlineMs = ANSWER_DEADLINE_MS): Promise<RpcMessage | undefined> {
    const id = this.freshId();
    const params = paramsText === undefined ? '' : `,"params":${paramsText}`;
    this.write(this.frame(`{"jsonrpc":"2.0","id":${id},"method":${JSON.stringify(method)}${params}}`));
    return (await this.waitForAnswer(String(id), deadlineMs)) ? this.answersTo(String(id))[0] : undefined;
  }

  /** True when a ping is answered `{}` in time: hookd is alive and its reader is in sync. */
  async pingAnswered(deadlineMs = ANSWER_DEADLINE_MS): Promise<boolean> {
    const answer = await this.call('ping', undefined, deadlineMs);
    return answer !== undefined && answer.error === undefined;
  }

  /** Ends the process: closes stdin, then SIGKILLs it if it has not exited after a grace (polled). */
  async stop(): Promise<void> {
    if (this.dead) return;
    this.child.stdin.end();
    if (!(await waitUntil(() => this.dead, 3000))) this.child.kill('SIGKILL');
    await this.exited;
  }

  #onStdout(chunk: Buffer): void {
    this.#stdout = Buffer.concat([this.#stdout, chunk]);
    for (;;) {
      const body = this.framing === 'ndjson' ? this.#nextLine() : this.#nextContentLengthBody();
      if (body === undefined) return;
      this.#accept(body);
    }
  }

  #nextLine(): string | undefined {
    const newline = this.#stdout.indexOf(0x0a);
    if (newline < 0) return undefined;
    const line = this.#stdout.subarray(0, newline).toString('utf8');
    this.#stdout = this.#stdout.subarray(newline + 1);
    return line;
  }

  /** `Content-Length: N\r\n` (optionally a Content-Type header), `\r\n`, then exactly N bytes; nothing else. */
  #nextContentLengthBody(): string | undefined {
    const headerEnd = this.#stdout.indexOf('\r\n\r\n');
    if (headerEnd < 0) {
      if (this.#stdout.length > 4096) this.#unframeable('a header block longer than 4 KiB without its blank line');
      return undefined;
    }
    const headers = this.#stdout.subarray(0, headerEnd).toString('latin1').split('\r\n');
    let length: number | undefined;
    for (const header of headers) {
      const match = /^([A-Za-z-]+): (.*)$/.exec(header);
      if (match === null) return this.#unframeable(`a malformed header line ${JSON.stringify(header)}`);
      const [, name, value] = match as unknown as [string, string, string];
      if (name.toLowerCase() === 'content-length') {
        if (!/^\d+$/.test(value) || length !== undefined) return this.#unframeable(`a bad Content-Length header ${JSON.stringify(header)}`);
        length = Number(value);
      } else if (name.toLowerCase() !== 'content-type') {
        return this.#unframeable(`an unexpected header ${JSON.stringify(header)}`);
      }
    }
    if (length === undefined) return this.#unframeable('a header block without Content-Length');
    if (this.#stdout.length < headerEnd + 4 + length) return undefined;
    const body = this.#stdout.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8');
    this.#stdout = this.#stdout.subarray(headerEnd + 4 + length);
    return body;
  }

  #unframeable(what: string): undefined {
    this.violations.push(`stdout has ${what}: ${JSON.stringify(this.#stdout.subarray(0, 200).toString('latin1'))}`);
    this.#stdout = Buffer.alloc(0);
    return undefined;
  }

  #accept(body: string): void {
    let message: RpcMessage;
    try {
      message = JSON.parse(body) as RpcMessage;
    } catch {
      this.violations.push(`stdout carried a body that is not JSON: ${JSON.stringify(body.slice(0, 200))}`);
      return;
    }
    const isObject = message !== null && typeof message === 'object' && !Array.isArray(message);
    if (!isObject || message.jsonrpc !== '2.0') {
      this.violations.push(`stdout carried a non-JSON-RPC message: ${body.slice(0, 200)}`);
      return;
    }
    if (typeof message.method === 'string') {
      if (message.id === undefined) this.notifications.push(message);
      else this.#answerServerRequest(message);
      return;
    }
    if (!('id' in message) || (message.result === undefined && message.error === undefined)) {
      this.violations.push(`stdout carried a message that is neither request, notification nor response: ${body.slice(0, 200)}`);
      return;
    }
    if (message.error !== undefined && !DOCUMENTED_ERROR_CODES.includes(message.error.code)) this.badCodes.push(message);
    const key = idText(body, message.id);
    this.arrivals.push({ id: key, message });
    const list = this.responses.get(key);
    if (list === undefined) this.responses.set(key, [message]);
    else list.push(message);
  }

  #answerServerRequest(message: RpcMessage): void {
    const answer = this.answerClient(message);
    if (answer !== undefined) this.write(this.frame(answer));
  }
}

/** The id exactly as hookd wrote it: numbers keep their digits (lossless-json), strings and null as JSON text. */
function idText(body: string, id: unknown): IdText {
  if (typeof id !== 'number') return JSON.stringify(id ?? null);
  const lossless = parseLossless(body) as { id?: unknown };
  return isLosslessNumber(lossless.id) ? lossless.id.value : String(id);
}
