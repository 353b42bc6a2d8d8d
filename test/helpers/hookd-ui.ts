// Spawns the BUILT `hookd ui` for tests: waits (with a deadline) for its one stdout line, parses the URL, port and
// token from it, keeps stderr, and stops it with a signal, checking by PID that it is gone. Owns only that process.
import { spawn, type ChildProcess } from 'node:child_process';
import { HOOKD_BIN } from './sidecar.js';
import { isAlive, waitUntil } from './processes.js';

export const UI_LINE = /^hookd ui: (http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]{64}))$/;

export type HookdUi = {
  readonly child: ChildProcess;
  readonly pid: number;
  readonly url: string;
  readonly port: number;
  readonly token: string;
  /** Everything written to stdout so far (the one line, and nothing else). */
  stdout(): string;
  stderr(): string;
  /** SIGTERM (or the given signal), then waits for the exit; the exit code, or null when killed by the signal. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

export async function startHookdUi(args: readonly string[], env: NodeJS.ProcessEnv = process.env, deadlineMs = 20_000): Promise<HookdUi> {
  const child = spawn(process.execPath, [HOOKD_BIN, 'ui', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  let exit: { code: number | null } | undefined;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve((exit = { code }).code)));
  const ready = await waitUntil(() => out.includes('\n') || exit !== undefined, deadlineMs);
  const match = UI_LINE.exec(out.split('\n')[0] ?? '');
  if (!ready || match === null || child.pid === undefined) {
    child.kill('SIGKILL');
    await exited;
    throw new Error(`hookd ui did not print its URL (exit ${exit?.code ?? 'none'}): stdout ${JSON.stringify(out)} stderr ${err}`);
  }
  const pid = child.pid;
  return {
    child,
    pid,
    url: match[1] as string,
    port: Number(match[2]),
    token: match[3] as string,
    stdout: () => out,
    stderr: () => err,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (exit === undefined) child.kill(signal);
      const code = await exited;
      await waitUntil(() => !isAlive(pid), 10_000);
      return code;
    },
  };
}
