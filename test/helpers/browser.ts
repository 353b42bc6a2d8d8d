// Browser harness for tests: launches the machine's chromium through playwright-core (no bundled browser download),
// records the PID of chromium and of every process it started, and closes it so that none of them is left alive.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { isAlive, waitUntil } from './processes.js';

/** The chromium binary (CHROMIUM_PATH, else `command -v chromium`), or undefined when the machine has none. */
export function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    const found = execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' }).trim();
    return found === '' ? undefined : found;
  } catch {
    return undefined;
  }
}

/** The parent PID of `pid` from /proc/<pid>/stat, or undefined once it is gone. */
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** Every live descendant of `root` (children, grandchildren …), by walking /proc's parent links. */
export function descendantsOf(root: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const parent = parentOf(Number(name));
    if (parent !== undefined) parents.set(Number(name), parent);
  }
  const found: number[] = [];
  const frontier = [root];
  while (frontier.length > 0) {
    const current = frontier.pop()!;
    for (const [pid, parent] of parents) {
      if (parent === current && isAlive(pid)) {
        found.push(pid);
        frontier.push(pid);
      }
    }
  }
  return found;
}

export type LaunchedBrowser = {
  readonly browser: Browser;
  /** The main chromium process. */
  readonly pid: number;
  /** Every PID seen in chromium's tree so far (main + zygotes, renderers, GPU …); grows with `recordTree()`. */
  readonly pids: Set<number>;
  /** Adds the processes chromium runs now (call it after pages opened, so renderers are included). */
  recordTree(): void;
  /** Closes the browser and waits (with a deadline) until every recorded PID is gone; `aliveAfterClose` lists what
   * browser.close() left behind (then SIGKILLed, so a failing test leaks nothing), `stillAlive` what even that left. */
  close(): Promise<{ aliveAfterClose: number[]; stillAlive: number[] }>;
};

/** Launches headless chromium (`--no-sandbox` when root, since chromium refuses its sandbox as uid 0). */
export async function launchChromium(executablePath: string): Promise<LaunchedBrowser> {
  const args = process.getuid?.() === 0 ? ['--no-sandbox'] : [];
  // launchServer (not launch) exposes chromium's ChildProcess, hence its PID; the test connects to it over its endpoint.
  const server = await chromium.launchServer({ executablePath, headless: true, args: [...args, '--disable-gpu', '--disable-dev-shm-usage'] });
  const pid = server.process().pid;
  if (pid === undefined) {
    await server.close();
    throw new Error('chromium started without a PID');
  }
  const browser = await chromium.connect(server.wsEndpoint());
  const pids = new Set<number>([pid]);
  const recordTree = (): void => {
    for (const child of descendantsOf(pid)) pids.add(child);
  };
  recordTree();
  return {
    browser,
    pid,
    pids,
    recordTree,
    async close() {
      recordTree();
      await browser.close().catch(() => undefined);
      await server.close().catch(() => undefined);
      const gone = (): boolean => [...pids].every((each) => !isAlive(each));
      const aliveAfterClose: number[] = [];
      if (!(await waitUntil(gone, 10_000, 25))) {
        aliveAfterClose.push(...[...pids].filter((each) => isAlive(each)));
        for (const each of pids) {
          try {
            process.kill(each, 'SIGKILL');
          } catch {
            // already gone
          }
        }
        await waitUntil(gone, 5_000, 25);
      }
      return { aliveAfterClose, stillAlive: [...pids].filter((each) => isAlive(each)) };
    },
  };
}
