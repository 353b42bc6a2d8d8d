// hookd's exit on the supervisor path, over the built sidecar: once hookd has exited, the supervisor, its hook
// session and every pooled keeper (idle ones included) are already gone — checked at once, not polled, by a mark in
// hookd's environment that all of them inherit. (The pool keeps keepers alive between runs: without the supervisor
// exiting last, and hookd waiting for it, they outlived hookd by a few milliseconds.)
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { killProcessesWithEnv, processesWithEnv, SPAWN_PATHS_UNDER_TEST } from '../helpers/processes.js';
import { Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace, writeClaudeSettings } from '../helpers/workspace.js';

const MARK = 'HOOKD_EXIT_LAST_MARK';
const describeWithSupervisor = process.platform === 'linux' && SPAWN_PATHS_UNDER_TEST.includes('supervisor') ? describe : describe.skip;

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describeWithSupervisor('hookd exits after the supervisor and everything it started', () => {
  for (const end of ['shutdown and exit', 'stdin EOF'] as const) {
    it(`${end}: no supervisor process (supervisor, hook session, idle keepers) is left when hookd has exited`, async () => {
      const mark = randomUUID();
      const workspace = makeWorkspace('hookd-exit-last-');
      cleanups.push(() => {
        killProcessesWithEnv(MARK, mark);
        rmSync(workspace, { recursive: true, force: true });
      });
      writeClaudeSettings(workspace, { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] } });
      const sidecar = new Sidecar('ndjson', [], { ...process.env, HOOKD_SPAWN_PATH: 'supervisor', [MARK]: mark });
      cleanups.push(() => sidecar.child.kill('SIGKILL'));
      const initialized = (await sidecar.initialize(workspace)) as { spawnPath?: { active?: string } };
      expect(initialized.spawnPath?.active).toBe('supervisor');
      // 64 at once, then one: 64 pooled keepers, idle when hookd goes (their exit takes the supervisor a while).
      const event = (index: number) => ({ session: { id: `exit-last-${index}` }, toolName: 'Bash', toolInput: { command: 'ls' } });
      await Promise.all(Array.from({ length: 64 }, (_, index) => sidecar.request('hooks/PreToolUse', event(index))));
      await sidecar.request('hooks/PreToolUse', event(64));
      const hookd = sidecar.child.pid;
      const before = processesWithEnv(MARK, mark).filter((pid) => pid !== hookd);
      expect(before.length, 'the supervisor, the hook session and the pooled keepers').toBeGreaterThanOrEqual(3);

      if (end === 'stdin EOF') sidecar.child.stdin.end();
      else await sidecar.close();
      expect((await sidecar.exited).signal).toBeNull();
      expect(processesWithEnv(MARK, mark), 'left when hookd had exited').toEqual([]);
    });
  }
});
