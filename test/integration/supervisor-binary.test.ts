// The native hook process supervisor (native/hookd-supervisor.c), driven directly over its frame channel with the
// codec hookd uses (docs/supervisor.md is the specification). Real processes, PID checks, deadlines polled.
import { spawnSync } from 'node:child_process';
import { chmodSync, closeSync, copyFileSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readlinkSync, realpathSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodeRaw, encodeSpawn, MAX_FRAME_BYTES, Reply, ReplyDecoder, Request } from '../../src/runner/supervisor/frames.js';
import { isAlive, readFixtureRecord, waitUntil } from '../helpers/processes.js';
import { scratchDir } from '../helpers/scratch.js';
import { REPO_ROOT, SupervisorDriver, supervisorBuilt, SUPERVISOR_BINARY } from '../fixtures/supervisor/driver.js';

const BASE_ENV = [`PATH=${process.env.PATH ?? '/usr/bin:/bin'}`];
/** Every pid a test recorded; SIGKILLed after each test whatever happened, so a failure never leaks a tree. */
const recordedPids = new Set<number>();

/** A scratch record file and the env entry the tree fixtures append their pids to ("pid <n>" lines). */
function recordFile(): { file: string; env: string[] } {
  const file = join(scratchDir('hookd-supervisor-rec-'), 'pids');
  return { file, env: [...BASE_ENV, `REC=${file}`] };
}

async function recordedAtLeast(file: string, count: number, deadlineMs = 10_000): Promise<number[]> {
  let pids: number[] = [];
  const ok = await waitUntil(async () => (pids = (await readFixtureRecord(file)).pids).length >= count, deadlineMs);
  for (const pid of pids) recordedPids.add(pid);
  if (!ok) throw new Error(`only ${pids.length} of ${count} processes recorded themselves in ${file}`);
  return pids;
}

function alive(pids: readonly number[]): number[] {
  return pids.filter((pid) => isAlive(pid));
}

function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const text = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim();
    if (text !== '') found.push(...text.split(' ').map(Number));
  }
  return found;
}

function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/** Fields of /proc/<pid>/stat after the command name: [0] state, [1] ppid, [2] pgid, [3] sid. */
function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

const isSupervisorProcess = (pid: number): boolean => isAlive(pid) && readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('hookd-supervis');

/** The hook session: the supervisor's child that leads a session of its own and forks the pooled keepers. */
function hookSessionOf(supervisorPid: number): number | undefined {
  return childrenOf(supervisorPid).find((child) => isSupervisorProcess(child) && Number(statFields(child)[3]) === child);
}

/** Every live keeper: the hook session's children, and lone keepers (the supervisor's other children of its kind). */
function keepersOf(supervisorPid: number): number[] {
  const session = hookSessionOf(supervisorPid);
  const pooled = session === undefined ? [] : childrenOf(session).filter(isSupervisorProcess);
  return [...pooled, ...childrenOf(supervisorPid).filter((child) => child !== session && isSupervisorProcess(child))];
}

function zombieChildren(pid: number): number[] {
  return childrenOf(pid).filter((child) => !isAlive(child));
}

function openFds(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

function rssKiB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? NaN);
}

const started: SupervisorDriver[] = [];
function startSupervisor(): SupervisorDriver {
  const driver = new SupervisorDriver();
  started.push(driver);
  return driver;
}

afterEach(async () => {
  for (const driver of started.splice(0)) await driver.stop();
  for (const pid of recordedPids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone, as it should be
    }
  }
  recordedPids.clear();
});

beforeAll(() => {
  if (!supervisorBuilt()) throw new Error(`${SUPERVISOR_BINARY} is missing: run npm run build (it needs a C compiler)`);
});

describe('hookd-supervisor: basics', () => {
  it('says READY with protocol version 2, its pid and its features', async () => {
    const supervisor = startSupervisor();
    const ready = await supervisor.ready();
    expect(ready.version).toBe(2);
    expect(ready.pid).toBe(supervisor.pid);
    expect(ready.features).toContain('subreaper=1');
  });

  it('echoes the hook stdin to its stdout, and stderr separately', async () => {
    const supervisor = startSupervisor();
    const result = await supervisor.run({ argv: ['sh', '-c', 'cat; echo oops >&2'], stdin: 'hello supervisor\n' });
    expect(result.pid).toBeGreaterThan(0);
    expect(result.stdout).toBe('hello supervisor\n');
    expect(result.stderr).toBe('oops\n');
    expect(result.stdoutTotal).toBe(17);
    expect(result.exited).toEqual({ code: 0, signal: 0, treeEmpty: true });
    expect(result.frames[0]!.type).toBe(Reply.Spawned);
    expect(result.frames.at(-1)!.type).toBe(Reply.Released);
  });

  it('a completed run is released unasked: RELEASED ends its frames, and a RELEASE after it is refused as unknown', async () => {
    const supervisor = startSupervisor();
    const runId = supervisor.spawn({ argv: ['sh', '-c', 'echo done'] });
    const released = await supervisor.waitForFrame(runId, Reply.Released);
    expect(released).toMatchObject({ stdoutBytes: 5, stderrBytes: 0 });
    const types = supervisor.framesOf(runId).map((frame) => frame.type);
    expect(types.at(-1)).toBe(Reply.Released);
    expect(types.filter((type) => type === Reply.Eof)).toHaveLength(2);
    supervisor.write(encodeRaw(Request.Release, runId));
    const error = await supervisor.waitForFrame(runId, Reply.Error);
    expect(error.message).toBe(`RELEASE of unknown run ${runId}`);
  });

  it('a stream that ends while the hook runs has its EOF sent just before EXITED, not when it closed', async () => {
    const supervisor = startSupervisor();
    const result = await supervisor.run({ argv: ['sh', '-c', 'exec 1>&-; sleep 0.2; echo late >&2'] });
    expect(result.stderr).toBe('late\n');
    const frames = result.frames;
    const exitedAt = frames.findIndex((frame) => frame.type === Reply.Exited);
    // Every EOF is either in the block right before EXITED or after it; stdout's (closed first) is in the block.
    let blockStart = exitedAt;
    while (blockStart > 0 && frames[blockStart - 1]!.type === Reply.Eof) blockStart -= 1;
    frames.forEach((frame, index) => {
      if (frame.type === Reply.Eof) expect(index >= blockStart).toBe(true);
    });
    const stdoutEof = frames.findIndex((frame) => frame.type === Reply.Eof && frame.stream === 1);
    expect(stdoutEof).toBeGreaterThanOrEqual(blockStart);
    expect(stdoutEof).toBeLessThan(exitedAt);
  });

  it('reports exit codes and signals', async () => {
    const supervisor = startSupervisor();
    expect((await supervisor.run({ argv: ['sh', '-c', 'exit 7'] })).exited).toEqual({ code: 7, signal: 0, treeEmpty: true });
    expect((await supervisor.run({ argv: ['sh', '-c', 'kill -TERM $$'] })).exited).toEqual({ code: -1, signal: 15, treeEmpty: true });
  });

  it('keeps the first maxOutputBytes of each stream and counts the rest', async () => {
    const supervisor = startSupervisor();
    const result = await supervisor.run({ argv: ['sh', '-c', 'head -c 100000 /dev/zero; head -c 50 /dev/zero >&2'], maxOutputBytes: 1000 });
    expect(result.stdoutBytes).toBe(1000);
    expect(result.stdoutTotal).toBe(100_000);
    expect(result.stderrBytes).toBe(50);
    expect(result.stderrTotal).toBe(50);
  });

  it('SIGNAL 9 kills a running hook and answers EXITED by SIGKILL', async () => {
    const supervisor = startSupervisor();
    const runId = supervisor.spawn({ argv: ['sh', '-c', 'sleep 30'] });
    const { pid } = await supervisor.waitForFrame(runId, Reply.Spawned);
    supervisor.signal(runId, 9);
    const result = await supervisor.finish(runId);
    expect(result.exited).toMatchObject({ code: -1, signal: 9 });
    expect(await waitUntil(() => !isAlive(pid), 1000)).toBe(true);
  });
});

describe('hookd-supervisor: spawning like execvp', () => {
  it('the hook gets exactly the environment it was given, no blocked or ignored signal, and only fds 0-2', async () => {
    const supervisor = startSupervisor();
    const env = await supervisor.run({ file: '/usr/bin/env', argv: ['env'], env: ['ONLY=this', 'AND=that'] });
    expect(env.stdout).toBe('ONLY=this\nAND=that\n');
    const status = await supervisor.run({ argv: ['sh', '-c', 'grep -E "^Sig(Blk|Ign)" /proc/self/status; ls /proc/self/fd'] });
    const [blocked, ignored] = status.stdout.split('\n').slice(0, 2).map((line) => BigInt(`0x${line.split(/\s+/)[1]}`));
    expect(blocked).toBe(0n);
    // glibc's posix_spawn leaves its two reserved real-time signals (32, 33) ignored in every child it starts (so does
    // Python's os.posix_spawn); glibc programs reinstall them at startup. Every other signal is at its default.
    expect(ignored! & ~((1n << 31n) | (1n << 32n))).toBe(0n);
    // ls itself opens one more descriptor for the directory it lists.
    const fds = status.stdout.split('\n').slice(2).filter((line) => line !== '').map(Number);
    expect(fds.filter((fd) => fd > 3)).toEqual([]);
    expect(fds.slice(0, 3)).toEqual([0, 1, 2]);
  });

  it("the hook leads its own process group (pgid = pid) in the hook session, which all hooks share and which is neither hookd's nor the supervisor's", async () => {
    const supervisor = startSupervisor();
    const ready = await supervisor.ready();
    const groups = async (): Promise<{ pid: number; pgid: number; sid: number }> => {
      const result = await supervisor.run({ argv: ['sh', '-c', 'cut -d" " -f5,6 /proc/$$/stat; echo $$'] });
      const [pgid, sid, pid] = result.stdout.trim().split(/\s+/).map(Number);
      expect(pid).toBe(result.pid);
      return { pid: pid!, pgid: pgid!, sid: sid! };
    };
    const [first, second] = await Promise.all([groups(), groups()]);
    for (const hook of [first!, second!]) expect(hook.pgid).toBe(hook.pid);
    expect(first!.sid).toBe(second!.sid);
    expect(first!.sid).toBe(hookSessionOf(ready.pid));
    expect(first!.sid).not.toBe(Number(statFields(ready.pid)[3])); // the supervisor's own session
    expect(first!.sid).not.toBe(Number(statFields(process.pid)[3])); // hookd's (here: the test's)
  });

  it('SPAWN_FAILED ENOENT for a missing file, ENOENT/ENOTDIR for a missing or non-directory cwd, EACCES for a non-executable file', async () => {
    const supervisor = startSupervisor();
    const dir = scratchDir('hookd-supervisor-spawn-');
    const plain = join(dir, 'not-executable');
    writeFileSync(plain, '#!/bin/sh\necho no\n', { mode: 0o644 });
    expect((await supervisor.run({ file: join(dir, 'missing'), argv: ['missing'] })).spawnFailed).toEqual({ errno: 2, code: 'ENOENT' });
    expect((await supervisor.run({ file: 'hookd-no-such-command', argv: ['x'] })).spawnFailed).toEqual({ errno: 2, code: 'ENOENT' });
    expect((await supervisor.run({ cwd: join(dir, 'no-such-dir') })).spawnFailed).toEqual({ errno: 2, code: 'ENOENT' });
    expect((await supervisor.run({ cwd: plain })).spawnFailed).toEqual({ errno: 20, code: 'ENOTDIR' });
    expect((await supervisor.run({ file: plain, argv: [plain] })).spawnFailed).toEqual({ errno: 13, code: 'EACCES' });
    expect((await supervisor.run({ file: 'not-executable', argv: ['x'], env: [`PATH=${dir}`] })).spawnFailed).toEqual({ errno: 13, code: 'EACCES' });
    const failed = await supervisor.run({ file: join(dir, 'missing'), argv: ['missing'] });
    expect(failed.frames.map((frame) => frame.type)).toEqual([Reply.SpawnFailed]);
    // nothing to release: the runId is free again at once
    supervisor.runs.delete(failed.runId);
    expect((await supervisor.run({ runId: failed.runId })).exited?.code).toBe(0);
  });

  it('ENOEXEC: a script without #! runs as /bin/sh file args…, as execvp does', async () => {
    const supervisor = startSupervisor();
    const script = join(scratchDir('hookd-supervisor-noexec-'), 'plain-script');
    writeFileSync(script, 'echo "from the script: $1"\n', { mode: 0o755 });
    const result = await supervisor.run({ file: script, argv: [script, 'arg1'] });
    expect(result.stdout).toBe('from the script: arg1\n');
    expect(result.exited?.code).toBe(0);
  });

  it("a name without / is found in the hook's own PATH (relative entries against its cwd), not the supervisor's", async () => {
    const supervisor = startSupervisor();
    const dir = scratchDir('hookd-supervisor-path-');
    mkdirSync(join(dir, 'bin'));
    writeFileSync(join(dir, 'bin', 'hookd-test-tool'), '#!/bin/sh\necho "found as $0"\n', { mode: 0o755 });
    const absolute = await supervisor.run({ file: 'hookd-test-tool', argv: ['hookd-test-tool'], env: [`PATH=/nonexistent:${dir}/bin`] });
    expect(absolute.stdout).toBe(`found as ${dir}/bin/hookd-test-tool\n`);
    const relative = await supervisor.run({ file: 'hookd-test-tool', argv: ['hookd-test-tool'], cwd: dir, env: ['PATH=bin'] });
    expect(relative.stdout).toBe('found as bin/hookd-test-tool\n');
    const outside = await supervisor.run({ file: 'hookd-test-tool', argv: ['hookd-test-tool'], env: BASE_ENV });
    expect(outside.spawnFailed?.code).toBe('ENOENT');
    const noPath = await supervisor.run({ file: 'sh', argv: ['sh', '-c', 'echo default path'], env: [] });
    expect(noPath.stdout).toBe('default path\n');
  });
});

describe('hookd-supervisor: output caps', () => {
  it('a 10 MB flood on both streams: the first maxOutputBytes of each cross, the totals count every byte', async () => {
    const supervisor = startSupervisor();
    const result = await supervisor.run({ argv: ['sh', '-c', 'head -c 10000000 /dev/zero & head -c 10000000 /dev/zero >&2; wait'], maxOutputBytes: 65_536 }, 60_000);
    expect(result.stdoutBytes).toBe(65_536);
    expect(result.stderrBytes).toBe(65_536);
    expect(result.stdoutTotal).toBe(10_000_000);
    expect(result.stderrTotal).toBe(10_000_000);
    const data = result.frames.filter((frame) => frame.type === Reply.Data);
    for (const frame of data) if (frame.type === Reply.Data) expect(frame.bytes.length).toBeLessThanOrEqual(64 * 1024);
    const released = result.frames.at(-1);
    expect(released).toMatchObject({ type: Reply.Released, stdoutBytes: 10_000_000, stderrBytes: 10_000_000 });
    expect(rssKiB(supervisor.pid)).toBeLessThan(32 * 1024);
  });

  it('maxOutputBytes 0 forwards nothing and still counts', async () => {
    const supervisor = startSupervisor();
    const result = await supervisor.run({ argv: ['sh', '-c', 'echo hidden; echo hidden >&2'], maxOutputBytes: 0 });
    expect(result.stdoutBytes + result.stderrBytes).toBe(0);
    expect([result.stdoutTotal, result.stderrTotal]).toEqual([7, 7]);
  });

  it('a large stdin payload is written as the hook reads it', async () => {
    const supervisor = startSupervisor();
    const stdin = 'x'.repeat(3_000_000);
    const result = await supervisor.run({ argv: ['sh', '-c', 'wc -c'], stdin }, 30_000);
    expect(result.stdout.trim()).toBe('3000000');
  });

  it('a hook that never reads its stdin still ends (EPIPE is ignored)', async () => {
    const supervisor = startSupervisor();
    const result = await supervisor.run({ argv: ['sh', '-c', 'exec 0<&-; echo closed'], stdin: 'y'.repeat(1_000_000) }, 30_000);
    expect(result.stdout).toBe('closed\n');
  });
});

/** sh snippets: each started process appends "pid <n>" to $REC (or to a literal path when its env is cleared). */
const SLEEPER = `sh -c 'echo "pid $$" >> "$REC"; exec sleep 300'`;
const TERM_IGNORING_SLEEPER = `sh -c 'trap "" TERM; echo "pid $$" >> "$REC"; exec sleep 300'`;

describe('hookd-supervisor: killing trees', () => {
  it('SIGNAL 15 reaches the group and descendants outside it; a TERM-ignoring tree survives it and dies on SIGNAL 9', async () => {
    const supervisor = startSupervisor();
    const { file, env } = recordFile();
    const termed = `${file}.termed`;
    const script = [
      // outside the group, not ignoring (started before the hook ignores TERM): proves that TERM reached the
      // descendants that left the group
      `setsid sh -c 'trap "echo termed >> ${termed}; exit 0" TERM; echo "pid $$" >> "$REC"; while :; do sleep 0.05; done' &`,
      `trap '' TERM`,
      `echo "pid $$" >> "$REC"`,
      `${TERM_IGNORING_SLEEPER} &`,
      `setsid ${TERM_IGNORING_SLEEPER} &`,
      `while :; do sleep 1; done`,
    ].join('\n');
    const runId = supervisor.spawn({ argv: ['sh', '-c', script], env });
    const pids = await recordedAtLeast(file, 4);
    supervisor.signal(runId, 15);
    expect(await waitUntil(() => existsSync(termed), 10_000), 'the setsid member got SIGTERM').toBe(true);
    expect(alive(pids).length, 'the TERM-ignoring processes are still alive').toBeGreaterThanOrEqual(3);
    expect(supervisor.find(runId, Reply.Exited)).toBeUndefined();
    supervisor.signal(runId, 9);
    const result = await supervisor.finish(runId);
    expect(result.exited).toMatchObject({ code: -1, signal: 9 });
    expect(alive(pids)).toEqual([]);
  });

  it('setsid + env -i: the escapee re-parents to the keeper (not init) and dies on SIGNAL 9', async () => {
    const supervisor = startSupervisor();
    const { file, env } = recordFile();
    const script = `setsid env -i sh -c 'echo "pid $$" >> ${file}; exec sleep 300' & echo "pid $$" >> "$REC"; exit 3`;
    const runId = supervisor.spawn({ argv: ['sh', '-c', script], env });
    const exited = await supervisor.waitForFrame(runId, Reply.Exited);
    expect(exited).toMatchObject({ code: 3, signal: 0, treeEmpty: false });
    const pids = await recordedAtLeast(file, 2);
    const escapee = pids.find((pid) => pid !== supervisor.find(runId, Reply.Spawned)!.pid)!;
    expect(isAlive(escapee)).toBe(true);
    const keepers = keepersOf(supervisor.pid);
    expect(keepers).toContain(parentOf(escapee));
    expect(readFileSync(`/proc/${escapee}/environ`, 'latin1')).not.toContain('REC=');
    supervisor.signal(runId, 9);
    await supervisor.waitForFrame(runId, Reply.Empty);
    expect(isAlive(escapee)).toBe(false);
    await supervisor.waitForFrame(runId, Reply.Released); // complete: released unasked
  });

  it('double fork: the grandchild outlives the hook; RELEASE kills it before answering RELEASED', async () => {
    const supervisor = startSupervisor();
    const { file, env } = recordFile();
    const runId = supervisor.spawn({ argv: ['sh', '-c', `(${SLEEPER} &) ; exit 0`], env });
    const exited = await supervisor.waitForFrame(runId, Reply.Exited);
    expect(exited.treeEmpty).toBe(false);
    const [grandchild] = await recordedAtLeast(file, 1);
    expect(isAlive(grandchild!)).toBe(true);
    await supervisor.release(runId);
    const types = supervisor.framesOf(runId).map((frame) => frame.type);
    expect(types.indexOf(Reply.Empty)).toBeGreaterThan(types.indexOf(Reply.Exited));
    expect(types.at(-1)).toBe(Reply.Released);
    expect(isAlive(grandchild!)).toBe(false);
  });

  it('fork fan-out of 200 (each in its own session) dies on SIGNAL 9, and nothing is left but the idle keeper', async () => {
    const supervisor = startSupervisor();
    const { file, env } = recordFile();
    const script = `i=0; while [ $i -lt 200 ]; do setsid sleep 300 & echo "pid $!" >> "$REC"; i=$((i+1)); done; echo "pid $$" >> "$REC"; wait`;
    const runId = supervisor.spawn({ argv: ['sh', '-c', script], env });
    const pids = await recordedAtLeast(file, 201, 30_000);
    supervisor.signal(runId, 9);
    await supervisor.finish(runId, 30_000);
    expect(alive(pids)).toEqual([]);
    const keepers = keepersOf(supervisor.pid);
    expect(keepers, 'the one keeper, back in the pool').toHaveLength(1);
    expect(childrenOf(keepers[0]!), 'with nothing under it').toEqual([]);
    expect(childrenOf(supervisor.pid), 'the supervisor has the hook session and nothing else').toEqual([hookSessionOf(supervisor.pid)]);
    expect(zombieChildren(supervisor.pid)).toEqual([]);
  });

  it('a keeper killed from outside: its run gets EXITED(-1, 9) and EMPTY, and the supervisor kills the orphaned tree', async () => {
    const supervisor = startSupervisor();
    const { file, env } = recordFile();
    const runId = supervisor.spawn({ argv: ['sh', '-c', `setsid ${SLEEPER} & ${SLEEPER} & echo "pid $$" >> "$REC"; wait`], env });
    const pids = await recordedAtLeast(file, 3);
    const [keeper] = keepersOf(supervisor.pid);
    process.kill(keeper!, 'SIGKILL');
    await supervisor.waitForFrame(runId, Reply.Empty);
    expect(supervisor.find(runId, Reply.Exited)).toMatchObject({ code: -1, signal: 9, treeEmpty: false });
    expect(alive(pids)).toEqual([]);
    await supervisor.waitForFrame(runId, Reply.Released); // complete: released unasked
    expect((await supervisor.run()).exited?.code).toBe(0);
  });
});

describe('hookd-supervisor: the hook session', () => {
  it('killed from outside: its keepers kill their trees and retire, their runs end, and the next run starts a new session', async () => {
    const supervisor = startSupervisor();
    const ready = await supervisor.ready();
    const { file, env } = recordFile();
    const runId = supervisor.spawn({ argv: ['sh', '-c', `setsid ${SLEEPER} & ${SLEEPER} & echo "pid $$" >> "$REC"; wait`], env });
    const pids = await recordedAtLeast(file, 3);
    const session = hookSessionOf(ready.pid)!;
    const [keeper] = keepersOf(ready.pid);
    recordedPids.add(keeper!);
    process.kill(session, 'SIGKILL');
    await supervisor.waitForFrame(runId, Reply.Released);
    expect(supervisor.find(runId, Reply.Exited)?.signal).toBe(9);
    expect(alive(pids)).toEqual([]);
    expect(await waitUntil(() => !isAlive(keeper!), 5_000), 'its keeper retires').toBe(true);
    const next = await supervisor.run({ argv: ['sh', '-c', 'echo again'] });
    expect(next.stdout).toBe('again\n');
    expect(hookSessionOf(ready.pid)).not.toBe(session);
    expect(zombieChildren(ready.pid)).toEqual([]);
  });
});

describe('hookd-supervisor: when hookd goes away', () => {
  async function startTrees(supervisor: SupervisorDriver): Promise<number[]> {
    const { file, env } = recordFile();
    supervisor.spawn({ argv: ['sh', '-c', `${SLEEPER} & echo "pid $$" >> "$REC"; wait`], env });
    supervisor.spawn({ argv: ['sh', '-c', `setsid env -i sh -c 'echo "pid $$" >> ${file}; exec sleep 300' & exit 0`], env });
    supervisor.spawn({ argv: ['sh', '-c', `trap '' TERM; ${TERM_IGNORING_SLEEPER} & (setsid ${TERM_IGNORING_SLEEPER} &); echo "pid $$" >> "$REC"; wait`], env });
    return recordedAtLeast(file, 6);
  }

  it('stdin EOF: every tree is dead within 1 s and the supervisor exits 0', async () => {
    const supervisor = startSupervisor();
    const pids = await startTrees(supervisor);
    supervisor.child.stdin.end();
    expect(await waitUntil(() => alive(pids).length === 0, 1_000), `survivors: ${alive(pids).join(' ')}`).toBe(true);
    expect(await supervisor.exit).toEqual({ code: 0, signal: null });
  });

  it('stdin a regular file (epoll refuses it, as it does /dev/null): its frames are read as poll() read them, EOF ends the supervisor', () => {
    const dir = scratchDir('hookd-supervisor-file-stdin-');
    const requests = join(dir, 'requests');
    writeFileSync(requests, encodeSpawn({ runId: 5, maxOutputBytes: 1024, cwd: dir, file: 'sh', argv: ['sh', '-c', 'echo from-file'], env: ['PATH=/usr/bin:/bin'], stdin: '' }));
    for (const stdinPath of [requests, '/dev/null']) {
      const stdin = openSync(stdinPath, 'r');
      try {
        // Without the always-ready fallback the supervisor would never read its stdin and wait here until the timeout.
        const result = spawnSync(SUPERVISOR_BINARY, [], { stdio: [stdin, 'pipe', 'pipe'], timeout: 10_000 });
        expect(result.error, String(result.error)).toBeUndefined();
        expect(result.status).toBe(0);
        const frames = new ReplyDecoder().push(result.stdout);
        expect(frames[0]!.type).toBe(Reply.Ready);
        const types = frames.filter((frame) => frame.runId === 5).map((frame) => frame.type);
        if (stdinPath === requests) expect([Reply.Spawned, Reply.SpawnFailed]).toContain(types[0]);
        else expect(types).toEqual([]);
      } finally {
        closeSync(stdin);
      }
    }
  });

  it('SIGTERM: every tree is dead within 1 s and the supervisor exits 0', async () => {
    const supervisor = startSupervisor();
    const pids = await startTrees(supervisor);
    supervisor.child.kill('SIGTERM');
    expect(await waitUntil(() => alive(pids).length === 0, 1_000), `survivors: ${alive(pids).join(' ')}`).toBe(true);
    expect(await supervisor.exit).toEqual({ code: 0, signal: null });
  });

  it("SIGKILL of the supervisor: every tree is dead within 1 s (the keepers' parent-death signal)", async () => {
    const supervisor = startSupervisor();
    const pids = await startTrees(supervisor);
    const keepers = [...keepersOf(supervisor.pid), hookSessionOf(supervisor.pid)!];
    for (const keeper of keepers) recordedPids.add(keeper);
    supervisor.child.kill('SIGKILL');
    expect(await waitUntil(() => alive(pids).length === 0, 1_000), `survivors: ${alive(pids).join(' ')}`).toBe(true);
    expect(await waitUntil(() => alive(keepers).length === 0, 1_000), 'the keepers exit too').toBe(true);
  });

  it("hookd's death by SIGKILL (the supervisor's parent-death signal): the supervisor kills every tree and exits", async () => {
    // A shell stands in for hookd: it is the supervisor's parent, and the pipes to the test stay open after it dies,
    // so only the parent-death signal can tell the supervisor.
    const supervisor = new SupervisorDriver('sh', ['-c', `"${SUPERVISOR_BINARY}"; exit $?`]);
    started.push(supervisor);
    const ready = await supervisor.ready();
    recordedPids.add(ready.pid);
    const pids = await startTrees(supervisor);
    process.kill(supervisor.pid, 'SIGKILL');
    const everything = [...pids, ready.pid];
    expect(await waitUntil(() => alive(everything).length === 0, 1_000), `survivors: ${alive(everything).join(' ')}`).toBe(true);
  });
});

describe('hookd-supervisor: the keeper pool', () => {
  /** The pid of the keeper that ran the hook: the hook prints its own parent. */
  async function keeperOf(supervisor: SupervisorDriver, options: Parameters<SupervisorDriver['run']>[0] = {}): Promise<number> {
    const result = await supervisor.run({ argv: ['sh', '-c', 'cut -d" " -f4 /proc/$$/stat'], ...options });
    expect(result.exited?.code, result.stderr).toBe(0);
    return Number(result.stdout.trim());
  }

  it('a keeper whose tree is empty serves the next run: consecutive runs have the same keeper, and the pool holds one', async () => {
    const supervisor = startSupervisor();
    const ready = await supervisor.ready();
    const first = await keeperOf(supervisor);
    expect(parentOf(first)).toBe(hookSessionOf(ready.pid));
    expect(await keeperOf(supervisor)).toBe(first);
    expect(await keeperOf(supervisor)).toBe(first);
    expect(keepersOf(ready.pid)).toEqual([first]);
  });

  it('a run whose tree outlives its hook keeps its keeper until the tree is dead; the next run gets another keeper meanwhile', async () => {
    const supervisor = startSupervisor();
    const { file, env } = recordFile();
    const runId = supervisor.spawn({ argv: ['sh', '-c', `(${SLEEPER} &) ; exit 0`], env });
    expect((await supervisor.waitForFrame(runId, Reply.Exited)).treeEmpty).toBe(false);
    const [grandchild] = await recordedAtLeast(file, 1);
    const busy = parentOf(grandchild!);
    const other = await keeperOf(supervisor);
    expect(other).not.toBe(busy);
    await supervisor.release(runId);
    expect(isAlive(grandchild!)).toBe(false);
    // both are idle now; either may take the next run, and nothing of the first tree is left under them
    expect([busy, other]).toContain(await keeperOf(supervisor));
    for (const keeper of [busy, other]) expect(childrenOf(keeper)).toEqual([]);
  });

  it('a signal pending at an idle keeper (a SIGNAL that arrived as its tree ended) does not reach its next run', async () => {
    const supervisor = startSupervisor();
    const keeper = await keeperOf(supervisor);
    process.kill(keeper, 'SIGUSR1'); // what SIGNAL 15 sends a keeper
    process.kill(keeper, 'SIGUSR2'); // what SIGNAL 9 sends a keeper
    const marker = join(scratchDir('hookd-supervisor-mark-'), 'go');
    const runId = supervisor.spawn({ argv: ['sh', '-c', 'while [ ! -e "$MARK" ]; do sleep 0.01; done; echo survived; cut -d" " -f4 /proc/$$/stat'], env: [...BASE_ENV, `MARK=${marker}`] });
    await supervisor.waitForFrame(runId, Reply.Spawned);
    writeFileSync(marker, '');
    const result = await supervisor.finish(runId);
    expect(result.exited).toMatchObject({ code: 0, signal: 0 });
    expect(result.stdout).toBe(`survived\n${keeper}\n`);
  });

  it('a keeper that gets SIGTERM while idle serves the run it is given, then retires: the run after goes to a new keeper', async () => {
    const supervisor = startSupervisor();
    const keeper = await keeperOf(supervisor);
    process.kill(keeper, 'SIGTERM');
    expect(await keeperOf(supervisor)).toBe(keeper);
    expect(await waitUntil(() => !isAlive(keeper), 5_000), 'the retired keeper exits').toBe(true);
    const next = await keeperOf(supervisor);
    expect(next).not.toBe(keeper);
  });

  it('a run too large for one message (an environment above 64 KiB) goes to a lone keeper the supervisor forks: it works, in a session of its own, and the keeper then exits', async () => {
    const supervisor = startSupervisor();
    const ready = await supervisor.ready();
    const pooled = await keeperOf(supervisor);
    const big = 'x'.repeat(100 * 1024);
    const script = 'printf %s "$BIG" | wc -c; cut -d" " -f4 /proc/$$/stat; cut -d" " -f4 /proc/$PPID/stat; cut -d" " -f6 /proc/$$/stat; echo $$';
    const result = await supervisor.run({ argv: ['sh', '-c', script], env: [...BASE_ENV, `BIG=${big}`] });
    const [length, keeper, keeperParent, sid, pid] = result.stdout.trim().split('\n').map(Number);
    expect(length).toBe(big.length);
    expect(keeper).not.toBe(pooled);
    expect(keeperParent).toBe(ready.pid);
    expect(sid).toBe(pid);
    expect(await waitUntil(() => !isAlive(keeper!), 5_000), 'the lone keeper retires').toBe(true);
    expect(keepersOf(ready.pid)).toEqual([pooled]);
  });

  it("a run's cwd is not the next run's: a run without cwd starts in the supervisor's directory, after a missing cwd too", async () => {
    const supervisor = startSupervisor();
    const ready = await supervisor.ready();
    const home = readlinkSync(`/proc/${ready.pid}/cwd`);
    const dir = realpathSync(scratchDir('hookd-supervisor-cwd-'));
    const pwd = async (cwd: string): Promise<string> => (await supervisor.run({ argv: ['sh', '-c', 'pwd -P'], cwd })).stdout.trim();
    expect(await pwd(dir)).toBe(dir);
    expect(await pwd('')).toBe(home);
    expect((await supervisor.run({ cwd: join(dir, 'missing') })).spawnFailed?.code).toBe('ENOENT');
    expect(await pwd('')).toBe(home);
    expect(keepersOf(ready.pid)).toHaveLength(1);
  });

  it('the pool keeps at most 64 idle keepers: after 70 runs at once, 64 stay and the rest exit', async () => {
    const supervisor = startSupervisor();
    const ready = await supervisor.ready();
    const marker = join(scratchDir('hookd-supervisor-mark-'), 'go');
    const runIds = Array.from({ length: 70 }, () =>
      supervisor.spawn({ argv: ['sh', '-c', 'while [ ! -e "$MARK" ]; do sleep 0.01; done'], env: [...BASE_ENV, `MARK=${marker}`] }),
    );
    for (const runId of runIds) await supervisor.waitForFrame(runId, Reply.Spawned, 30_000);
    expect(keepersOf(ready.pid)).toHaveLength(70);
    writeFileSync(marker, '');
    for (const runId of runIds) expect((await supervisor.finish(runId, 30_000)).exited?.code).toBe(0);
    expect(await waitUntil(() => keepersOf(ready.pid).length === 64, 5_000), `keepers: ${keepersOf(ready.pid).length}`).toBe(true);
    expect(zombieChildren(ready.pid)).toEqual([]);
    expect(zombieChildren(hookSessionOf(ready.pid)!)).toEqual([]);
  }, 60_000);

  it('idle keepers and the hook session exit with the supervisor: on stdin EOF before it exits, and within 1 s of its SIGKILL', async () => {
    for (const end of ['stdin EOF', 'SIGKILL'] as const) {
      const supervisor = startSupervisor();
      await Promise.all([supervisor.run({ argv: ['sh', '-c', 'sleep 0.05'] }), supervisor.run({ argv: ['sh', '-c', 'sleep 0.05'] })]);
      const keepers = keepersOf(supervisor.pid);
      expect(keepers, end).toHaveLength(2);
      keepers.push(hookSessionOf(supervisor.pid)!);
      for (const keeper of keepers) recordedPids.add(keeper);
      if (end === 'stdin EOF') {
        supervisor.child.stdin.end();
        expect(await supervisor.exit).toEqual({ code: 0, signal: null });
        // It exits last: once hookd sees it exit, none of them is left (not even for a moment after).
        expect(alive(keepers), 'alive when the supervisor had exited').toEqual([]);
      } else {
        supervisor.child.kill('SIGKILL');
        expect(await waitUntil(() => alive(keepers).length === 0, 1_000), `${end}: keepers left: ${alive(keepers).join(' ')}`).toBe(true);
      }
    }
  });
});

describe('hookd-supervisor: robust to what hookd sends', () => {
  const u32 = (value: number): Buffer => {
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32LE(value);
    return buffer;
  };

  it('a malformed frame of each kind is answered with ERROR, and the next SPAWN still works', async () => {
    const supervisor = startSupervisor();
    await supervisor.ready();
    const cases: Array<[string, Buffer, number]> = [
      ['unknown type', encodeRaw(77, 501), 501],
      ['SPAWN shorter than its head', encodeRaw(Request.Spawn, 502, Buffer.alloc(7)), 502],
      ['SPAWN with argc 0', encodeRaw(Request.Spawn, 503, Buffer.concat([u32(100), u32(0), u32(0), u32(0), Buffer.from('/\0sh\0')])), 503],
      ['SPAWN with a string missing its NUL', encodeRaw(Request.Spawn, 504, Buffer.concat([u32(100), u32(1), u32(0), u32(0), Buffer.from('/\0sh\0sh')])), 504],
      ['SPAWN with more strings than declared', encodeRaw(Request.Spawn, 505, Buffer.concat([u32(100), u32(1), u32(0), u32(0), Buffer.from('/\0sh\0sh\0extra\0')])), 505],
      ['SPAWN with stdinBytes beyond the frame', encodeRaw(Request.Spawn, 506, Buffer.concat([u32(100), u32(1), u32(0), u32(99), Buffer.from('/\0sh\0sh\0')])), 506],
      ['SPAWN with absurd counts', encodeRaw(Request.Spawn, 507, Buffer.concat([u32(100), u32(0xffffffff), u32(0xffffffff), u32(0), Buffer.from('/\0')])), 507],
      ['SIGNAL without payload', encodeRaw(Request.Signal, 508), 508],
      ['SIGNAL 3', encodeRaw(Request.Signal, 509, Buffer.from([3])), 509],
      ['SIGNAL of an unknown run', encodeRaw(Request.Signal, 510, Buffer.from([9])), 510],
      ['RELEASE of an unknown run', encodeRaw(Request.Release, 511), 511],
      ['RELEASE with a payload', encodeRaw(Request.Release, 512, Buffer.from([1, 2])), 512],
      ['length below 5', Buffer.concat([u32(2), Buffer.from([1, 2])]), 0],
    ];
    for (const [what, frame, runId] of cases) {
      const before = supervisor.frames.length;
      supervisor.write(frame);
      const error = await supervisor.waitFor(() => supervisor.frames.slice(before).find((reply) => reply.type === Reply.Error), 5_000, `ERROR for ${what}`);
      expect(error.runId, what).toBe(runId);
      const result = await supervisor.run({ argv: ['sh', '-c', 'echo still here'] });
      expect(result.stdout, `after ${what}`).toBe('still here\n');
    }
    expect(supervisor.child.exitCode).toBeNull();
  });

  it('a frame declared above 64 MiB: ERROR, its bytes are skipped, and the channel carries on', async () => {
    const supervisor = startSupervisor();
    await supervisor.ready();
    const declared = MAX_FRAME_BYTES + 1;
    supervisor.write(encodeRaw(Request.Spawn, 9, Buffer.alloc(0), declared));
    // the declared bytes follow (type and runId were already sent): garbage that would parse as frames if read
    const junk = Buffer.alloc(1024 * 1024, 0x01);
    for (let sent = 5; sent < declared; sent += junk.length) supervisor.write(junk.subarray(0, Math.min(junk.length, declared - sent)));
    const error = await supervisor.waitFor(() => supervisor.frames.find((reply) => reply.type === Reply.Error), 10_000, 'ERROR');
    expect(error.message).toMatch(/64 MiB/);
    const result = await supervisor.run({ argv: ['sh', '-c', 'echo after the skip'] }, 30_000);
    expect(result.stdout).toBe('after the skip\n');
    expect(supervisor.frames.filter((reply) => reply.type === Reply.Error)).toHaveLength(1);
  });

  it('a SPAWN split across many writes, and several frames in one write, are read alike', async () => {
    const supervisor = startSupervisor();
    await supervisor.ready();
    const frame = encodeSpawn({ runId: 42, maxOutputBytes: 100, cwd: '/', file: 'sh', argv: ['sh', '-c', 'echo split'], env: BASE_ENV, stdin: '' });
    for (const byte of frame) supervisor.write(Buffer.from([byte]));
    expect((await supervisor.finish(42)).stdout).toBe('split\n');
    const many = [43, 44, 45].map((runId) => encodeSpawn({ runId, maxOutputBytes: 100, cwd: '/', file: 'sh', argv: ['sh', '-c', `echo ${runId}`], env: BASE_ENV, stdin: '' }));
    supervisor.write(Buffer.concat(many));
    for (const runId of [43, 44, 45]) expect((await supervisor.finish(runId)).stdout).toBe(`${runId}\n`);
  });

  it('a SPAWN reusing the runId of an active run is refused with ERROR; the active run is untouched', async () => {
    const supervisor = startSupervisor();
    // The run stays active (a completed run is released unasked) until the test creates the marker file.
    const marker = join(scratchDir('hookd-supervisor-mark-'), 'go');
    const hook = 'read line; while [ ! -e "$MARK" ]; do sleep 0.01; done; echo "$line"';
    const runId = supervisor.spawn({ argv: ['sh', '-c', hook], env: [...BASE_ENV, `MARK=${marker}`], stdin: 'first\n' });
    await supervisor.waitForFrame(runId, Reply.Spawned);
    supervisor.spawn({ runId, argv: ['sh', '-c', 'echo second'] });
    const error = await supervisor.waitForFrame(runId, Reply.Error);
    expect(error.message).toMatch(/still active/);
    writeFileSync(marker, '');
    expect((await supervisor.finish(runId)).stdout).toBe('first\n');
  });

  it('10,000 spawns in a row: no fd growth, no zombies, bounded RSS (the supervisor and its pooled keepers)', async () => {
    const supervisor = startSupervisor();
    const ready = await supervisor.ready();
    const lanes = 8;
    const perLane = 1_250;
    // warm up (allocations that are made once), then measure
    for (let i = 0; i < 50; i++) await supervisor.run({ stdin: 'warm up' });
    const fdsBefore = openFds(ready.pid);
    const keepersBefore = keepersOf(ready.pid).length;
    const rssBefore = rssKiB(ready.pid);
    let nextRunId = 100_000;
    let failures = 0;
    await Promise.all(
      Array.from({ length: lanes }, async () => {
        for (let i = 0; i < perLane; i++) {
          const result = await supervisor.run({ runId: nextRunId++, stdin: '{"event":"x"}', argv: ['sh', '-c', 'true'] }, 30_000);
          if (result.exited?.code !== 0) failures++;
          supervisor.runs.delete(result.runId);
        }
      }),
    );
    expect(failures).toBe(0);
    // What is left is the pool: at most one keeper per lane, each idle (no child) with its stderr, socket and home
    // directory open and nothing else; the supervisor holds one socket per keeper more than after the warm-up.
    const keepers = keepersOf(ready.pid);
    expect(keepers.length).toBeGreaterThanOrEqual(1);
    expect(keepers.length).toBeLessThanOrEqual(lanes);
    expect(zombieChildren(ready.pid)).toEqual([]);
    expect(zombieChildren(hookSessionOf(ready.pid)!)).toEqual([]);
    for (const keeper of keepers) {
      expect(childrenOf(keeper), `keeper ${keeper} is idle`).toEqual([]);
      expect(openFds(keeper), `keeper ${keeper}'s fds`).toBe(3);
      expect(rssKiB(keeper), `keeper ${keeper}'s RSS (KiB)`).toBeLessThan(rssBefore + 2048);
    }
    expect(openFds(ready.pid), 'the supervisor: one socket per keeper added to the pool').toBe(fdsBefore + keepers.length - keepersBefore);
    const rssAfter = rssKiB(ready.pid);
    console.log(`10,000 spawns: ${keepers.length} keepers (RSS ${keepers.map(rssKiB).join(' ')} KiB); supervisor fds ${fdsBefore} → ${openFds(ready.pid)}, RSS ${rssBefore} → ${rssAfter} KiB`);
    expect(rssAfter).toBeLessThan(rssBefore + 2048);
  }, 180_000);
});

describe('scripts/build-native.mjs', () => {
  function copyBuildTree(): string {
    const root = scratchDir('hookd-build-native-');
    mkdirSync(join(root, 'scripts'));
    mkdirSync(join(root, 'native'));
    copyFileSync(join(REPO_ROOT, 'scripts', 'build-native.mjs'), join(root, 'scripts', 'build-native.mjs'));
    copyFileSync(join(REPO_ROOT, 'native', 'hookd-supervisor.c'), join(root, 'native', 'hookd-supervisor.c'));
    return root;
  }
  const build = (root: string, cc: string | undefined) =>
    spawnSync(process.execPath, [join(root, 'scripts', 'build-native.mjs')], { encoding: 'utf8', env: { ...process.env, ...(cc === undefined ? {} : { CC: cc }) } });

  it('CC=/nonexistent: one warning line, exit 0, no binary (hookd then uses its Node path)', () => {
    const root = copyBuildTree();
    const result = build(root, '/nonexistent');
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/^hookd: warning: the hook process supervisor was not built \(cannot run the C compiler "\/nonexistent": ENOENT\)/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(join(root, 'native', 'build', 'hookd-supervisor'))).toBe(false);
  });

  it("a failing compile: the warning, the compiler's output, exit 0, no binary", () => {
    const root = copyBuildTree();
    writeFileSync(join(root, 'native', 'hookd-supervisor.c'), 'this is not C\n');
    const result = build(root, undefined);
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/hookd: warning: the hook process supervisor was not built \("cc" failed with exit code 1\)/);
    expect(result.stderr).toMatch(/error/);
    expect(readdirSync(join(root, 'native', 'build'))).toEqual([]);
  });

  it('builds with cc (-Wall -Wextra clean), then skips while the binary is newer than the source', () => {
    const root = copyBuildTree();
    const first = build(root, undefined);
    expect(first.status).toBe(0);
    expect(first.stderr).toBe('');
    const binary = join(root, 'native', 'build', 'hookd-supervisor');
    expect(existsSync(binary)).toBe(true);
    chmodSync(binary, 0o755);
    const second = build(root, '/nonexistent'); // would warn if it tried to compile
    expect(second.status).toBe(0);
    expect(second.stderr).toBe('');
    // A changed build script (its flags or link mode) makes the binary stale too.
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'scripts', 'build-native.mjs'), later, later);
    const third = build(root, '/nonexistent');
    expect(third.status).toBe(0);
    expect(third.stderr).toMatch(/cannot run the C compiler "\/nonexistent"/);
  });
});
