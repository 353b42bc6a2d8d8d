// Reads /proc (Linux) to find a run's live processes: members of its process group and carriers of its tag.
// It only reads; it never signals and never throws for a process that vanished mid-scan. A zombie is dead.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { runTagEntry } from './run-tag.js';

export type ProcStat = {
  readonly pid: number;
  readonly state: string;
  readonly ppid: number;
  readonly pgid: number;
  /** Field 22: when the process started, in clock ticks after boot. */
  readonly startTime: number;
};

/** A live process found by a scan, with its group so callers can tell group members from escapees. */
export type RunProcess = { readonly pid: number; readonly pgid: number };

let procFsPresent: boolean | undefined;

export function hasProcFs(): boolean {
  procFsPresent ??= existsSync('/proc/self/stat');
  return procFsPresent;
}

/** Parses /proc/<pid>/stat; undefined when the process is gone (or unreadable). */
export function readProcStat(pid: number): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may itself contain spaces and ')'.
  const close = text.lastIndexOf(')');
  if (close < 0) return undefined;
  const fields = text.slice(close + 2).split(' ');
  const state = fields[0];
  const ppid = Number(fields[1]);
  const pgid = Number(fields[2]);
  const startTime = Number(fields[19]);
  if (state === undefined || !Number.isInteger(ppid) || !Number.isInteger(pgid)) return undefined;
  return { pid, state, ppid, pgid, startTime: Number.isFinite(startTime) ? startTime : 0 };
}

/** Z (zombie) and X (dead) are not alive: they run no code and hold no pipes. */
export function isDeadState(state: string): boolean {
  return state === 'Z' || state === 'X' || state === 'x';
}

export function listPids(): number[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const pids: number[] = [];
  for (const name of names) {
    const code = name.charCodeAt(0);
    if (code < 48 || code > 57) continue;
    const pid = Number(name);
    if (Number.isInteger(pid) && pid > 0) pids.push(pid);
  }
  return pids;
}

/** True when the environment block (NUL-separated entries) holds exactly `entry`. */
export function environHasEntry(environ: Buffer, entry: Buffer): boolean {
  let from = 0;
  for (;;) {
    const at = environ.indexOf(entry, from);
    if (at < 0) return false;
    const startsEntry = at === 0 || environ[at - 1] === 0;
    const end = at + entry.length;
    const endsEntry = end === environ.length || environ[end] === 0;
    if (startsEntry && endsEntry) return true;
    from = at + 1;
  }
}

export type RunTarget = { readonly pgid: number; readonly tag: string; readonly notBefore?: number };

/**
 * Live (non-zombie) processes in process group `pgid` or whose environment carries the run tag.
 * hookd's own process is never included. `notBefore` (a start time in clock ticks) skips reading the
 * environment of processes older than the run: a tag is only inherited, so they cannot carry it.
 */
export function findRunProcesses(target: RunTarget): RunProcess[] {
  return findProcessesOfRuns([target]);
}

/** findRunProcesses for several runs in one pass over /proc: the processes that belong to any of them. */
export function findProcessesOfRuns(targets: readonly RunTarget[]): RunProcess[] {
  if (targets.length === 0) return [];
  const groups = new Set(targets.map((target) => target.pgid));
  const entries = targets.map((target) => ({ entry: Buffer.from(runTagEntry(target.tag)), notBefore: target.notBefore ?? 0 }));
  const youngest = Math.min(...entries.map((entry) => entry.notBefore));
  const found: RunProcess[] = [];
  for (const pid of listPids()) {
    if (pid === process.pid) continue;
    const stat = readProcStat(pid);
    if (stat === undefined || isDeadState(stat.state)) continue;
    if (groups.has(stat.pgid)) {
      found.push({ pid, pgid: stat.pgid });
      continue;
    }
    if (stat.startTime < youngest) continue;
    let environ: Buffer;
    try {
      environ = readFileSync(`/proc/${pid}/environ`);
    } catch {
      continue; // gone, or another user's process (EACCES): not ours to find by tag
    }
    if (entries.some(({ entry, notBefore }) => stat.startTime >= notBefore && environHasEntry(environ, entry))) found.push({ pid, pgid: stat.pgid });
  }
  return found;
}

/** Every live (non-zombie) process's stat, hookd's own excluded: one pass over /proc for descendant walks. */
export function readProcessTable(): ProcStat[] {
  const table: ProcStat[] = [];
  for (const pid of listPids()) {
    if (pid === process.pid) continue;
    const stat = readProcStat(pid);
    if (stat !== undefined && !isDeadState(stat.state)) table.push(stat);
  }
  return table;
}

/** True when the process's environment carries the run tag; false when it does not or cannot be read. */
export function carriesRunTag(pid: number, tag: string): boolean {
  try {
    return environHasEntry(readFileSync(`/proc/${pid}/environ`), Buffer.from(runTagEntry(tag)));
  } catch {
    return false;
  }
}
