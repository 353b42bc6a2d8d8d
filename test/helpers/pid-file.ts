// PID files written by e2e hook commands (`echo $$ >> file`): read them and check every PID is dead.
import { readFileSync } from 'node:fs';
import { isAlive } from './processes.js';

/** The PIDs listed one per line in `file`; [] when the file does not exist. */
export function readPids(file: string): number[] {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^\d+$/.test(line))
    .map(Number);
}

export function allGone(pids: readonly number[]): boolean {
  return pids.every((pid) => !isAlive(pid));
}
