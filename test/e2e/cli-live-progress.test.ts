// `hookd test` on a real pseudo-terminal (test/helpers/pty-run.py): a hook running over a second gets a live line
// `⠋ <hookId> running 1.2 s` on stderr, redrawn in place and cleared when it ends; stdout never carries it, and
// piped stderr never shows it. Every process started is checked gone by PID.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { allGone, readPids } from '../helpers/pid-file.js';
import { isAlive, waitUntil } from '../helpers/processes.js';
import { HOOKD_BIN } from '../helpers/sidecar.js';
import { makeWorkspace, writeClaudeSettings } from '../helpers/workspace.js';

const PTY_RUN = fileURLToPath(new URL('../helpers/pty-run.py', import.meta.url));
const HOOK_ID = 'project:UserPromptSubmit[0].hooks[0]';
const CLEAR_LINE = '\r\x1b[2K';
const LIVE_LINE = /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] project:UserPromptSubmit\[0\]\.hooks\[0\] running \d+\.\d s/;
const LIVE_LINES = new RegExp(LIVE_LINE.source, 'g');
const DEADLINE_MS = 30_000;

type Started = { child: ChildProcess; output: () => string; stderr: () => string; exited: Promise<number | null> };
const started: ChildProcess[] = [];

afterEach(async () => {
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function start(command: string, args: string[]): Started {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let output = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, output: () => output, stderr: () => stderr, exited };
}

/** A workspace whose one UserPromptSubmit hook records its PID and waits until `release` exists (at most ~30 s). */
function waitingWorkspace() {
  const workspace = makeWorkspace('hookd-live-');
  const release = join(workspace, 'release');
  const pids = join(workspace, 'pids');
  const command = `echo $$ >> '${pids}'; i=0; while [ ! -e '${release}' ] && [ $i -lt 600 ]; do sleep 0.05; i=$((i+1)); done`;
  writeClaudeSettings(workspace, { hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command, timeout: 60 }] }] } });
  return { workspace, release, pids };
}

const testArgs = (workspace: string, ...more: string[]) => [HOOKD_BIN, 'test', 'UserPromptSubmit', '--workspace', workspace, '--home', workspace, ...more];
const pidOf = (stderr: string) => Number(/^pid (\d+)$/m.exec(stderr)?.[1]);

describe('hookd test: the live line on a terminal', () => {
  it('appears for a hook running over a second, names the hook, is redrawn in place and cleared before the report', async () => {
    const { workspace, release, pids } = waitingWorkspace();
    const run = start('python3', [PTY_RUN, '--', process.execPath, ...testArgs(workspace)]);
    // The hook waits for us: the line must show up while it runs (polled, never timed).
    expect(await waitUntil(() => LIVE_LINE.test(run.output()), DEADLINE_MS), `live line; terminal so far: ${JSON.stringify(run.output())}`).toBe(true);
    writeFileSync(release, '');
    expect(await run.exited).toBe(0);
    const terminal = run.output();
    const lines = [...terminal.matchAll(LIVE_LINES)];
    expect(lines.length).toBeGreaterThanOrEqual(1);
    // Each drawing starts by returning to column 0 and clearing the line, never by a newline.
    for (const line of lines) expect(terminal.slice(line.index - CLEAR_LINE.length, line.index)).toBe(CLEAR_LINE);
    const last = lines.at(-1)!;
    const afterLine = terminal.slice(last.index + last[0].length);
    // Cleared when the hook ended: the report starts on a clean line.
    expect(afterLine.startsWith(CLEAR_LINE)).toBe(true);
    expect(afterLine.slice(CLEAR_LINE.length)).toMatch(/^stdin \(each hook read these \d+ bytes\):\r?\n[\s\S]*^UserPromptSubmit: 1 hook\(s\) matched\r?$/m);
    expect(afterLine).not.toContain('running');
    expect(terminal).toContain(`${HOOK_ID}: ok, exit 0`);
    // Everything gone: the command (by its PID) and the hook.
    expect(isAlive(pidOf(run.stderr()))).toBe(false);
    expect(isAlive(run.child.pid!)).toBe(false);
    expect(readPids(pids)).toHaveLength(1);
    expect(allGone(readPids(pids))).toBe(true);
  });

  it('only stderr is the terminal: the line is drawn there, stdout (a file) stays plain text', async () => {
    const { workspace, release } = waitingWorkspace();
    const stdoutFile = join(workspace, 'stdout.txt');
    const run = start('python3', [PTY_RUN, '--stdout-file', stdoutFile, '--', process.execPath, ...testArgs(workspace)]);
    expect(await waitUntil(() => LIVE_LINE.test(run.output()), DEADLINE_MS)).toBe(true);
    writeFileSync(release, '');
    expect(await run.exited).toBe(0);
    expect(run.output().endsWith(CLEAR_LINE)).toBe(true);
    const stdout = readFileSync(stdoutFile, 'utf8');
    expect(stdout).toMatch(/^stdin \(each hook read these \d+ bytes\):\r?\n[\s\S]*^UserPromptSubmit: 1 hook\(s\) matched\n/m);
    expect(stdout).not.toMatch(/[\r\x1b⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]|running/);
    expect(isAlive(pidOf(run.stderr()))).toBe(false);
    expect(isAlive(run.child.pid!)).toBe(false);
  });
});

describe('hookd test: no live line off a terminal', () => {
  it('piped stderr and stdout carry no live line for a hook that runs over a second', async () => {
    const workspace = makeWorkspace('hookd-live-piped-');
    writeClaudeSettings(workspace, { hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'sleep 1.5', timeout: 60 }] }] } });
    const run = start(process.execPath, testArgs(workspace, '--json'));
    expect(await run.exited).toBe(0);
    const report = JSON.parse(run.output());
    // The hook did run past the line's one-second threshold, so a line would have been drawn on a terminal.
    expect(report.result.runs[0].durationMs).toBeGreaterThanOrEqual(1000);
    expect(run.stderr()).not.toMatch(/[\r\x1b⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]|running/);
    expect(run.output()).not.toMatch(/[\r\x1b⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/);
    expect(isAlive(run.child.pid!)).toBe(false);
  });
});
