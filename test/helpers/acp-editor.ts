// A scripted ACP editor for the `hookd acp` tests: spawns the built hookd (dist/cli.js) as `hookd acp … -- <agent>`,
// writes newline-delimited JSON-RPC to its stdin and reads its stdout line by line, as an editor would. Requests the
// agent sends through the proxy are answered by the handlers a test registers (or left waiting). Keeps every raw
// line it read, so a test can check bytes and that stdout carried nothing but ACP messages.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { HOOKD_BIN } from './sidecar.js';
import { waitUntil } from './processes.js';

export const SCRIPTED_AGENT = fileURLToPath(new URL('../fixtures/acp/scripted-agent.mjs', import.meta.url));
export const RAW_ECHO_AGENT = fileURLToPath(new URL('../fixtures/acp/raw-echo-agent.mjs', import.meta.url));

export type AcpMessage = { jsonrpc?: string; id?: number | string; method?: string; params?: any; result?: any; error?: { code: number; message: string; data?: unknown } };

export class AcpEditor {
  readonly child: ChildProcessWithoutNullStreams;
  readonly lines: string[] = [];
  readonly messages: AcpMessage[] = [];
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  #buffer = '';
  #nextId = 1;
  #handlers = new Map<string, (params: any) => unknown>();

  constructor(hookdArgs: readonly string[], agentArgv: readonly string[], env: NodeJS.ProcessEnv = process.env) {
    if (!existsSync(HOOKD_BIN)) throw new Error(`${HOOKD_BIN} is missing: run npm run build first`);
    this.child = spawn(process.execPath, [HOOKD_BIN, 'acp', ...hookdArgs, '--', ...agentArgv], { stdio: ['pipe', 'pipe', 'pipe'], env });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => this.#onData(chunk));
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.child.stdin.on('error', () => {});
    this.exited = new Promise((resolve) => this.child.on('exit', (code, signal) => resolve({ code, signal })));
  }

  #onData(chunk: string): void {
    this.#buffer += chunk;
    for (let newline = this.#buffer.indexOf('\n'); newline >= 0; newline = this.#buffer.indexOf('\n')) {
      const line = this.#buffer.slice(0, newline);
      this.#buffer = this.#buffer.slice(newline + 1);
      this.lines.push(line);
      let message: AcpMessage;
      try {
        message = JSON.parse(line) as AcpMessage;
      } catch {
        continue; // kept in `lines`: a test asserts every line is a message
      }
      this.messages.push(message);
      if (message.method !== undefined && message.id !== undefined) {
        const handler = this.#handlers.get(message.method);
        if (handler !== undefined) void Promise.resolve(handler(message.params)).then((result) => this.writeLine(JSON.stringify({ jsonrpc: '2.0', id: message.id, result })));
      }
    }
  }

  /** Answers every `method` request the agent sends through the proxy with what `handler` returns. */
  answer(method: string, handler: (params: any) => unknown): void {
    this.#handlers.set(method, handler);
  }

  writeLine(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }

  notify(method: string, params: unknown): void {
    this.writeLine(JSON.stringify({ jsonrpc: '2.0', method, params }));
  }

  /** Sends a request; returns its id. */
  send(method: string, params: unknown): number {
    const id = this.#nextId++;
    this.writeLine(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    return id;
  }

  /** The first message that matches, waiting for it until the deadline. */
  async waitFor(predicate: (message: AcpMessage) => boolean, what: string, deadlineMs = 20_000): Promise<AcpMessage> {
    let found: AcpMessage | undefined;
    const ok = await waitUntil(() => (found = this.messages.find(predicate)) !== undefined, deadlineMs, 5);
    if (!ok || found === undefined) throw new Error(`no ${what} within ${deadlineMs} ms; read:\n${this.lines.join('\n')}\nstderr:\n${this.stderr}`);
    return found;
  }

  async request(method: string, params: unknown, deadlineMs?: number): Promise<AcpMessage> {
    const id = this.send(method, params);
    return this.waitFor((message) => message.id === id && message.method === undefined, `answer to ${method} #${id}`, deadlineMs);
  }

  /** The texts of the `agent_message_chunk`s of `sessionId` read so far. */
  agentTexts(sessionId: string): string[] {
    return this.messages
      .filter((message) => message.method === 'session/update' && message.params?.sessionId === sessionId && message.params?.update?.sessionUpdate === 'agent_message_chunk')
      .map((message) => String(message.params.update.content?.text));
  }

  /** initialize then session/new; the new session's id. */
  async openSession(cwd: string): Promise<string> {
    const init = await this.request('initialize', { protocolVersion: 1, clientCapabilities: { fs: { readTextFile: true, writeTextFile: true }, terminal: true } });
    if (init.error) throw new Error(`initialize failed: ${JSON.stringify(init.error)}`);
    const created = await this.request('session/new', { cwd, mcpServers: [] });
    if (created.error) throw new Error(`session/new failed: ${JSON.stringify(created.error)}`);
    return String(created.result.sessionId);
  }

  async prompt(sessionId: string, text: string, deadlineMs?: number): Promise<AcpMessage> {
    return this.request('session/prompt', { sessionId, prompt: [{ type: 'text', text }] }, deadlineMs);
  }

  /** Closes stdin (the editor goes away) and waits for hookd acp to exit. */
  async close(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    this.child.stdin.end();
    return this.exited;
  }
}
