// The spawn floor, as bench/run.mjs reads it: one long-lived bench/floor-probe.py (a bare os.posix_spawn of
// `sh -c true` + wait with piped stdio and a stdin payload, timed inside Python) asked for a few samples at a time, so
// the floor is sampled between the sidecar rounds it is compared with (the same minute, the same machine load).
// Spawns only the probe; asserts nothing.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const probeScript = fileURLToPath(new URL('./floor-probe.py', import.meta.url));

export class FloorProbe {
  /** A probe, or undefined (with the reason in `FloorProbe.unavailable`) when python3 cannot run it. */
  static start(args = []) {
    const check = spawnSync('python3', ['-c', 'import os; os.posix_spawn'], { stdio: 'ignore' });
    if (check.status !== 0) {
      FloorProbe.unavailable = 'python3 with os.posix_spawn is not available';
      return undefined;
    }
    return new FloorProbe(args);
  }

  constructor(args) {
    this.child = spawn('python3', [probeScript, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
    this.child.stdout.setEncoding('utf8');
    this.waiting = [];
    let buffer = '';
    this.child.stdout.on('data', (chunk) => {
      buffer += chunk;
      for (let newline; (newline = buffer.indexOf('\n')) >= 0; ) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        this.waiting.shift()?.(JSON.parse(line));
      }
    });
    this.child.on('exit', () => {
      for (const resolve of this.waiting.splice(0)) resolve([]);
    });
  }

  /** `count` spawn durations in ms, measured inside the probe. */
  sample(count = 1) {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.child.stdin.write(`${count}\n`);
    });
  }

  close() {
    this.child.stdin.end();
  }
}
