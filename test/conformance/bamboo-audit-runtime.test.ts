// Issue 9 (Bamboo audit), two choices about script runtimes and processes, pinned with real processes:
// an explicit runner never falls back to another runtime (the seed's chains are the "Auto runtime order"), and the
// processes a hook leaves behind after a clean exit 0 are killed (checked by PID in /proc).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allGone, readPids } from '../helpers/pid-file.js';
import { Bench, trackedBenches, cmd, script } from './bamboo-bench.js';

const bench = trackedBenches();

/** A hook PATH that holds only the bench's bin dir (filled with `link` / `fake`). */
const withBin = () => bench({ path: 'bin-only' });
const runScript = async (b: Bench, name: string, text: string, more: Record<string, unknown> = {}) => {
  b.file(name, text);
  b.configure({ Stop: [{ hooks: [script(name, more)] }] });
  return b.dispatch('Stop');
};
/** Prints which shell ran it as additional_context. */
const WHICH_SHELL = `#!/bin/sh\nif [ -n "$BASH_VERSION" ]; then n=bash; else n=sh; fi\nprintf '{"additional_context":"%s"}' "$n"\n`;

describe('choice: "An explicit `runner: "bash"` quietly falls back to `sh`" — an explicit runner that is missing is runtime_missing', () => {
  it('runner "bash" with only sh on the PATH: runtime_missing naming what was tried (bash), the script does not run under sh', async () => {
    const b = withBin();
    b.link('sh', '/bin/sh');
    const result = await runScript(b, 'h.sh', WHICH_SHELL, { runner: 'bash' });
    expect(result.decision).toBe('none');
    expect(result.additionalContext).toBeUndefined();
    expect(result.runs[0]).toMatchObject({
      status: 'error',
      failureClass: 'runtime_missing',
      exitCode: null,
      message: `no runtime found for ${join(b.workspace, 'h.sh')}: tried bash; none is on PATH (non-blocking)`,
    });
  });

  it('"`.sh` | system sh/Bash-compatible runtime": the fallback chain stays for auto (no runner, or "auto"): sh runs it', async () => {
    for (const more of [{}, { runner: 'auto' }]) {
      const b = withBin();
      b.link('sh', '/bin/sh');
      expect((await runScript(b, 'h.sh', WHICH_SHELL, more)).additionalContext).toBe('sh');
    }
  });

  it('runner "bash" with bash on the PATH runs bash', async () => {
    const b = withBin();
    b.link('bash', '/bin/bash');
    b.link('sh', '/bin/sh');
    expect((await runScript(b, 'h.sh', WHICH_SHELL, { runner: 'bash' })).additionalContext).toBe('bash');
  });

  it('"`node` or `bun`": runner "node" never falls back to bun, runner "bun" never to node', async () => {
    const onlyBun = withBin();
    onlyBun.fake('bun');
    expect((await runScript(onlyBun, 'h.js', 'unused', { runner: 'node' })).runs[0]).toMatchObject({
      failureClass: 'runtime_missing',
      message: `no runtime found for ${join(onlyBun.workspace, 'h.js')}: tried node; none is on PATH (non-blocking)`,
    });
    const onlyNode = withBin();
    onlyNode.link('node', process.execPath);
    expect((await runScript(onlyNode, 'h.js', 'unused', { runner: 'bun' })).runs[0]).toMatchObject({
      failureClass: 'runtime_missing',
      message: `no runtime found for ${join(onlyNode.workspace, 'h.js')}: tried bun run; none is on PATH (non-blocking)`,
    });
  });

  it('runner "python" names the language: python3, then python (one runtime, two launcher names); neither: runtime_missing', async () => {
    const onlyPython3 = withBin();
    onlyPython3.fake('python3');
    expect((await runScript(onlyPython3, 'h.py', 'unused', { runner: 'python' })).additionalContext).toBe(`python3 ${join(onlyPython3.workspace, 'h.py')}`);
    const none = withBin();
    expect((await runScript(none, 'h.py', 'unused', { runner: 'python' })).runs[0]).toMatchObject({
      failureClass: 'runtime_missing',
      message: `no runtime found for ${join(none.workspace, 'h.py')}: tried python3, then python; none is on PATH (non-blocking)`,
    });
  });

  it('runner "powershell" names the language: pwsh, then Windows PowerShell', async () => {
    const onlyPwsh = withBin();
    onlyPwsh.fake('pwsh');
    expect((await runScript(onlyPwsh, 'h.ps1', 'unused', { runner: 'powershell' })).additionalContext).toBe(
      `pwsh -NoProfile -File ${join(onlyPwsh.workspace, 'h.ps1')}`,
    );
  });
});

describe('choice: "Background processes a hook leaves after a clean exit 0 are killed"', () => {
  it('a hook that starts `sleep 30 &` and exits 0: the run is ok and the sleep is gone (by PID) when the run returns', async () => {
    const b = bench();
    const pids = join(b.rec, 'pids');
    b.configure({ Stop: [{ hooks: [cmd(`sleep 30 & echo $! >> '${pids}'; exit 0`)] }] });
    const result = await b.dispatch('Stop');
    expect(result.runs[0]).toMatchObject({ status: 'ok', failureClass: null, exitCode: 0, signal: null, timedOut: false });
    const left = readPids(pids);
    expect(left).toHaveLength(1);
    expect(allGone(left)).toBe(true);
  });

  it('the same for a double-forked `(sleep 30 &)` (re-parented to init) and one started by a script handler', async () => {
    const b = bench();
    const pids = join(b.rec, 'pids');
    b.file('hooks/leave.sh', `#!/bin/sh\n(sleep 30 & echo $! >> '${pids}')\nprintf '{"additional_context":"left one"}'\n`);
    b.configure({ Stop: [{ hooks: [cmd(`(sleep 30 & echo $! >> '${pids}'); exit 0`), script('hooks/leave.sh')] }] });
    const result = await b.dispatch('Stop');
    expect(result.runs.map((run) => [run.handlerType, run.status, run.exitCode])).toEqual([
      ['command', 'ok', 0],
      ['script', 'ok', 0],
    ]);
    // The answer given before the exit still counts: killing what was left changes nothing in the verdict.
    expect(result.additionalContext).toBe('left one');
    const left = readPids(pids);
    expect(left).toHaveLength(2);
    expect(allGone(left)).toBe(true);
  });

  it('the same for a `setsid sleep 30 &` (its own session, out of the process group, still carrying the run tag)', async () => {
    const b = bench();
    const pids = join(b.rec, 'pids');
    b.configure({ Stop: [{ hooks: [cmd(`setsid sleep 30 & echo $! >> '${pids}'; exit 0`)] }] });
    const result = await b.dispatch('Stop');
    expect(result.runs[0]).toMatchObject({ status: 'ok', exitCode: 0 });
    expect(result.runs[0]?.escapedPids).toBeUndefined();
    const left = readPids(pids);
    expect(left).toHaveLength(1);
    expect(allGone(left)).toBe(true);
  });
});
