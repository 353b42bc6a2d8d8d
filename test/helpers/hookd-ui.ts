// Spawns the built `hookd ui` for a test and reads its one stdout line (the page URL with the per-launch token);
// stops it by its PID and reports whether it is gone. Never sleeps-and-hopes: every wait has a deadline.
import { spawn, type ChildProcess } from 'node:child_process';
import { HOOKD_BIN } from './sidecar.js';
import { isAlive, waitUntil } from './processes.js';

export type RunningUi = {
  readonly child: ChildProcess;
  readonly pid: number;
  /** `http://127.0.0.1:<port>/?token=<token>` as printed. */
  readonly url: string;
  readonly origin: string;
  readonly token: string;
  stderr(): string;
  /** SIGTERM, then SIGKILL after a deadline; resolves true once the process is gone. */
  stop(): Promise<boolean>;
};

const URL_LINE = /^hookd ui: (http:\/\/127\.0\.0\.1:(\d+))\/\?token=([0-9a-f]{64})$/;

export async function startHookdUi(args: string[], env: NodeJS.ProcessEnv = process.env, deadlineMs = 30_000): Promise<RunningUi> {
  const child = spawn(process.execPath, [HOOKD_BIN, 'ui', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stop = async (): Promise<boolean> => {
    if (child.pid === undefined) return true;
    const pid = child.pid;
    if (!isAlive(pid)) return true;
    child.kill('SIGTERM');
    if (await waitUntil(() => !isAlive(pid), 10_000, 25)) return true;
    child.kill('SIGKILL');
    return waitUntil(() => !isAlive(pid), 5_000, 25);
  };
  const printed = await waitUntil(() => stdout.includes('\n') || child.exitCode !== null, deadlineMs, 25);
  const line = stdout.split('\n')[0] ?? '';
  const match = URL_LINE.exec(line);
  if (!printed || match === null || child.pid === undefined) {
    await stop();
    throw new Error(`hookd ui printed no URL line (stdout ${JSON.stringify(stdout)}, exit ${child.exitCode}); stderr:\n${stderr.slice(-2000)}`);
  }
  return { child, pid: child.pid, url: line.slice('hookd ui: '.length), origin: match[1]!, token: match[3]!, stderr: () => stderr, stop };
}
