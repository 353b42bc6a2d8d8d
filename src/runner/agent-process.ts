// The ACP agent `hookd acp` stands in front of: one long-lived child with piped stdin/stdout (its stderr is hookd's),
// in a process group of its own so that ending it ends what it started in that group. It owns the spawn and the
// stop (stdin closed, then SIGTERM to the group after a grace, then SIGKILL); it never reads or writes messages.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { signalPid } from './kill-tree.js';

/** After the agent's stdin closes, how long it may take to exit on its own before SIGTERM, then SIGKILL. */
export const AGENT_STOP_GRACE_MS = 1_000;

export type AgentExit = { readonly code: number | null; readonly signal: NodeJS.Signals | null };

export type AgentProcess = {
  readonly pid: number;
  readonly stdin: Writable;
  readonly stdout: Readable;
  /** Settles once the agent has exited (or could not start: `spawnError`). */
  readonly exited: Promise<AgentExit & { readonly spawnError?: string }>;
  /** Closes its stdin, then signals its group if it is still there after the grace (SIGTERM, then SIGKILL). */
  stop(graceMs?: number): Promise<void>;
};

export function startAgent(argv: readonly string[], options: { readonly cwd: string; readonly env?: NodeJS.ProcessEnv }): AgentProcess {
  const [file, ...args] = argv;
  if (file === undefined) throw new Error('no agent command');
  const child: ChildProcessByStdio<Writable, Readable, null> = spawn(file, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['pipe', 'pipe', 'inherit'],
    detached: true,
  });
  let done = false;
  const exited = new Promise<AgentExit & { readonly spawnError?: string }>((resolve) => {
    child.once('error', (error) => {
      if (child.pid !== undefined) return; // an error of a running child (a failed kill): its exit still comes
      done = true;
      resolve({ code: null, signal: null, spawnError: `${file}: ${error.message}` });
    });
    child.once('exit', (code, signal) => {
      done = true;
      resolve({ code, signal });
    });
  });
  // A write after the agent closed its stdin is the agent's death, reported by `exited`: not an error of hookd's.
  child.stdin.on('error', () => {});
  const stop = async (graceMs = AGENT_STOP_GRACE_MS): Promise<void> => {
    if (!done) child.stdin.end();
    const pid = child.pid;
    if (pid === undefined) return;
    const waitExit = (ms: number) => Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms).unref())]);
    if (!(await waitExit(graceMs))) signalPid(-pid, 'SIGTERM');
    if (!(await waitExit(graceMs))) signalPid(-pid, 'SIGKILL');
    await exited;
    // Whatever the agent left in its group goes with it.
    signalPid(-pid, 'SIGKILL');
  };
  return { pid: child.pid ?? -1, stdin: child.stdin, stdout: child.stdout, exited, stop };
}
