// The spawn path comparison of issue 16, side by side in one run: for each path (sidecar started with
// HOOKD_SPAWN_PATH=supervisor and =node) the spawn floor, P1, P2 with and without 500 MB of ballast, events/s with one
// `true` hook at 64 in flight, P1 and P2 again once the sidecar is steady (after those phases), no-match latency under
// load, and cancel → tree dead. The first latency rounds of all
// lanes are interleaved with each other and with samples of the floor probe, so machine load (other jobs on the same
// 2 cores) hits every figure of a ratio alike. Returns figures; bench/run.mjs prints them. Asserts nothing.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BUDGET_MS, Client, ballast, childPids, cpuMs, isAlive, median, pause, scratchDir, timeEach, timeOnce, workspaceWith } from './client.mjs';
import { FloorProbe } from './floor.mjs';

const session = { id: 'bench' };
/** Matches the one `true` hook. */
const hookEvent = { session, toolName: 'Bash', toolInput: { command: 'ls' } };
/** Matches nothing in the same configuration. */
const noMatchEvent = { session, toolName: 'Write', toolInput: { file_path: 'a', content: 'x' } };
const trueHookSettings = { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] } };

async function startClient(path, workspace, nodeArgs = []) {
  const client = new Client({ env: { ...process.env, HOOKD_SPAWN_PATH: path }, nodeArgs });
  const result = await client.ok('initialize', { protocolVersion: '0.1', workspace, home: tmpdir() });
  client.spawnPath = result.spawnPath ?? { active: 'unknown', requested: path, detail: 'initialize returned no spawnPath' };
  return client;
}

/** `total` hook events (or as many as the phase budget allows), `inFlight` at a time; { perSecond, events }. */
export async function throughput(client, total, inFlight) {
  let sent = 0;
  let completed = 0;
  const start = performance.now();
  const deadline = start + BUDGET_MS;
  const worker = async () => {
    while (sent < total && performance.now() < deadline) {
      sent += 1;
      await client.ok('hooks/PreToolUse', hookEvent);
      completed += 1;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return { perSecond: completed / ((performance.now() - start) / 1000), events: completed };
}

/** No-match round trips measured one after the other while `inFlight` hook events run all the time. The hook events
 * still in flight at the end are left to the sidecar's shutdown (awaited through `workers`): draining 64 of them
 * would take longer than the measurement on the slow path. */
async function noMatchUnderLoad(client, rounds, inFlight) {
  let running = true;
  let completed = 0;
  const worker = async () => {
    while (running) {
      const reply = await client.call('hooks/PreToolUse', hookEvent);
      if (reply.error && running) throw new Error(`hooks/PreToolUse under load: ${JSON.stringify(reply.error)}`);
      completed += 1;
    }
  };
  const workers = Promise.all(Array.from({ length: inFlight }, worker));
  while (completed < 4) await pause(1);
  const samples = await timeEach(rounds, () => client.ok('hooks/PreToolUse', noMatchEvent), BUDGET_MS, 3);
  running = false;
  return { samples, workers };
}

/** Interleaved rounds (floor, ping, no-match, hook) on a sidecar that has served thousands of events. */
async function steadyLatency(client, floor, rounds) {
  const figures = { steadyFloor: [], steadyPing: [], steadyNoMatch: [], steadyHook: [] };
  const end = performance.now() + 2 * BUDGET_MS;
  for (let round = 0; round < rounds && (round < 20 || performance.now() < end); round += 1) {
    if (floor) figures.steadyFloor.push(...(await floor.sample(1)));
    figures.steadyPing.push(await timeOnce(() => client.ok('ping', {})));
    figures.steadyNoMatch.push(await timeOnce(() => client.ok('hooks/PreToolUse', noMatchEvent)));
    figures.steadyHook.push(await timeOnce(() => client.ok('hooks/PreToolUse', hookEvent)));
  }
  return figures;
}

/** CPU ms of each live process under the supervisor — the hook session, its pooled keepers, lone keepers — by pid:
    its own, and what it reaped (a keeper reaps its hooks: that is the hooks' own CPU); empty on the Node path. (A
    pooled keeper that retired took its time with it: the hook session does not collect its children's.) */
function keeperCpuMs(supervisorPid) {
  const keepers = new Map();
  if (supervisorPid === undefined) return keepers;
  const children = childPids(supervisorPid);
  for (const child of [...children]) {
    try {
      children.push(...childPids(child));
    } catch {
      // exited meanwhile
    }
  }
  for (const pid of children) {
    try {
      keepers.set(pid, cpuMs(pid));
    } catch {
      // exited between the listing and the read: the supervisor's reaped time has it
    }
  }
  return keepers;
}

/** What the keepers spent between two readings, `part` of it (`self` or `children`): a keeper that exited meanwhile
    is in the supervisor's reaped time with its whole life, so its earlier part is taken off here. */
function keepersDeltaMs(before, after, part) {
  let delta = 0;
  for (const [pid, cpu] of after) delta += cpu[part] - (before.get(pid)?.[part] ?? 0);
  for (const [pid, cpu] of before) if (!after.has(pid)) delta -= cpu[part];
  return delta;
}

/** Cancel of an event whose hook tree has grandchildren and a setsid escapee → the -32800 reply, → every PID dead. */
async function cancelToTreeDead(path, rounds) {
  const workspace = scratchDir('hookd-bench-cancel-');
  const pidDir = join(workspace, 'pids');
  mkdirSync(pidDir);
  mkdirSync(join(workspace, '.claude'));
  const command = `f=${pidDir}/$$; echo $$ >> $f; sleep 60 & echo $! >> $f; (setsid sh -c 'echo $$ >> '$f'; exec sleep 60' &); sleep 60 & echo $! >> $f; wait`;
  writeFileSync(join(workspace, '.claude', 'settings.json'), JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command }] }] } }));
  const client = await startClient(path, workspace);
  const replyMs = [];
  const deadMs = [];
  const budgetEnd = performance.now() + BUDGET_MS;
  try {
    for (let round = 0; round < rounds && (round < 3 || performance.now() < budgetEnd); round += 1) {
      const id = client.nextId++;
      const reply = client.call('hooks/PreToolUse', hookEvent, id);
      let pids = [];
      while (pids.length < 4) {
        await pause(2);
        pids = readdirSync(pidDir).flatMap((file) => readFileSync(join(pidDir, file), 'utf8').split('\n').filter(Boolean).map(Number));
      }
      for (const file of readdirSync(pidDir)) writeFileSync(join(pidDir, file), '');
      const start = performance.now();
      client.notify('$/cancelRequest', { id });
      const response = await reply;
      if (response.error?.code !== -32800) throw new Error(`expected -32800, got ${JSON.stringify(response)}`);
      replyMs.push(performance.now() - start);
      const deadline = start + 10_000;
      while (pids.some(isAlive)) {
        if (performance.now() > deadline) throw new Error(`${path} path: cancelled tree still alive after 10 s: ${pids.filter(isAlive).join(' ')}`);
        await pause(1);
      }
      deadMs.push(performance.now() - start);
    }
  } finally {
    await client.close();
  }
  return { replyMs, deadMs };
}

/**
 * @param {{ paths: string[], rounds: number, cancelRounds: number, inFlight: number, throughputEvents: number, log?: (line: string) => void }} options
 */
export async function compareSpawnPaths({ paths, rounds, cancelRounds, inFlight, throughputEvents, log = () => {} }) {
  const floor = FloorProbe.start();
  const workspace = workspaceWith(trueHookSettings);
  const lanes = [];
  const started = await Promise.all(paths.map((path) => Promise.all([startClient(path, workspace), startClient(path, workspace, ['--require', ballast])])));
  for (const [index, [plain, heavy]] of started.entries()) {
    lanes.push({ path: paths[index], plain, heavy, ping: [], noMatch: [], hook: [], heavyPing: [], heavyHook: [] });
  }
  const floorMs = [];
  try {
    log(`latency rounds (${rounds}, interleaved: floor, then per path ping / no-match / hook / ballast ping / ballast hook)`);
    for (const lane of lanes) {
      for (let i = 0; i < 20; i += 1) {
        await lane.plain.ok('ping', {});
        await lane.plain.ok('hooks/PreToolUse', hookEvent);
        await lane.heavy.ok('hooks/PreToolUse', hookEvent);
      }
    }
    // the latency rounds get four phase budgets: they carry every ratio of the table
    const roundsEnd = performance.now() + 4 * BUDGET_MS;
    for (let round = 0; round < rounds && (round < 20 || performance.now() < roundsEnd); round += 1) {
      if (floor) floorMs.push(...(await floor.sample(1)));
      for (const lane of lanes) {
        lane.ping.push(await timeOnce(() => lane.plain.ok('ping', {})));
        lane.noMatch.push(await timeOnce(() => lane.plain.ok('hooks/PreToolUse', noMatchEvent)));
        lane.hook.push(await timeOnce(() => lane.plain.ok('hooks/PreToolUse', hookEvent)));
        lane.heavyPing.push(await timeOnce(() => lane.heavy.ok('ping', {})));
        lane.heavyHook.push(await timeOnce(() => lane.heavy.ok('hooks/PreToolUse', hookEvent)));
      }
    }
    for (const lane of lanes) {
      lane.rssMb = lane.plain.rssMb();
      lane.heavyRssMb = lane.heavy.rssMb();
      await lane.heavy.close();
    }
    for (const lane of lanes) {
      log(`${lane.path}: ${throughputEvents} events at ${inFlight} in flight, then ${rounds} no-match events under that load, then ${cancelRounds} cancels`);
      const rate = await throughput(lane.plain, throughputEvents, inFlight);
      lane.eventsPerSecond = rate.perSecond;
      lane.throughputEvents = rate.events;
      // The same again: the first phase pays V8's warm-up of the hot path (a fresh sidecar's first ~1,000 hook events
      // cost it 2–3× the CPU of later ones); a sidecar lives for a session, so the warm figure is its steady state.
      // Where the warm phase's CPU goes, per event: the sidecar, its supervisor (the supervisor path), the keepers
      // (their own time plus what the supervisor reaped), the hook processes (what the keepers reaped; on the Node
      // path the sidecar's reaped children), the bench.
      const sidecarPid = lane.plain.child.pid;
      const supervisorPid = childPids(sidecarPid).find((pid) => readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('hookd-supervis'));
      const before = { sidecar: cpuMs(sidecarPid), supervisor: supervisorPid ? cpuMs(supervisorPid) : undefined, keepers: keeperCpuMs(supervisorPid), bench: process.cpuUsage() };
      const warm = await throughput(lane.plain, throughputEvents, inFlight);
      lane.warmEventsPerSecond = warm.perSecond;
      lane.warmThroughputEvents = warm.events;
      const sidecarAfter = cpuMs(sidecarPid);
      const supervisorAfter = supervisorPid ? cpuMs(supervisorPid) : undefined;
      const keepersAfter = keeperCpuMs(supervisorPid);
      const benchUsage = process.cpuUsage(before.bench);
      const perEventUs = (ms) => (ms * 1000) / warm.events;
      lane.cpuPerEventUs = {
        sidecar: perEventUs(sidecarAfter.self - before.sidecar.self),
        supervisor: supervisorAfter ? perEventUs(supervisorAfter.self - before.supervisor.self) : 0,
        // The hook processes themselves (`sh -c true`): what the keepers reaped; on the Node path the sidecar's.
        hookProcesses: perEventUs(supervisorAfter ? keepersDeltaMs(before.keepers, keepersAfter, 'children') : sidecarAfter.children - before.sidecar.children),
        // The keepers' own time, and what the supervisor reaped (keepers that retired, with all they reaped).
        keepers: supervisorAfter ? perEventUs(supervisorAfter.children - before.supervisor.children + keepersDeltaMs(before.keepers, keepersAfter, 'self')) : 0,
        bench: perEventUs((benchUsage.user + benchUsage.system) / 1000),
      };
      // Steady state: once the sidecar has served thousands of events V8 has optimised its whole hot path (here the
      // rate still rose until ~6,000). Four more phases' worth of events unmeasured, then the same phase again. A real
      // session may never serve that many: the cold and warm rows are what its first events see.
      const settle = await throughput(lane.plain, throughputEvents * 4, inFlight);
      const steady = await throughput(lane.plain, throughputEvents, inFlight);
      lane.steadyEventsPerSecond = steady.perSecond;
      lane.steadyAfterEvents = rate.events + warm.events + settle.events;
      // P1 and P2 again on the same sidecar, now steady: the latency rounds above ran on a sidecar that had served
      // only a few dozen events (its first ~3,000 hook events each cost more while V8 optimises them).
      lane.steadyLatencyAfterEvents = lane.steadyAfterEvents + steady.events + 3 * lane.ping.length;
      Object.assign(lane, await steadyLatency(lane.plain, floor, rounds));
      const loaded = await noMatchUnderLoad(lane.plain, rounds, inFlight);
      lane.noMatchLoaded = loaded.samples;
      lane.loadedRssMb = lane.plain.rssMb();
      await lane.plain.close();
      await loaded.workers;
      Object.assign(lane, await cancelToTreeDead(lane.path, cancelRounds));
    }
  } finally {
    floor?.close();
    for (const lane of lanes) {
      await lane.plain.close();
      await lane.heavy.close();
    }
  }
  return { floorMs, floorUnavailable: floor ? undefined : FloorProbe.unavailable, lanes: lanes.map((lane) => figuresOf(lane, floorMs)) };
}

function figuresOf(lane, floorMs) {
  const floor = floorMs.length > 0 ? median(floorMs) : NaN;
  const p2 = median(lane.hook) - median(lane.ping);
  const heavyP2 = median(lane.heavyHook) - median(lane.heavyPing);
  const steadyFloor = lane.steadyFloor.length > 0 ? median(lane.steadyFloor) : NaN;
  const steadyP2Ms = median(lane.steadyHook) - median(lane.steadyPing);
  return {
    path: lane.path,
    spawnPath: lane.plain.spawnPath,
    heavySpawnPath: lane.heavy.spawnPath,
    floor,
    pingMs: median(lane.ping),
    noMatchMs: median(lane.noMatch),
    hookMs: median(lane.hook),
    p1: median(lane.noMatch) / median(lane.ping),
    p2Ms: p2,
    p2: p2 / floor,
    heavyHookMs: median(lane.heavyHook),
    heavyP2Ms: heavyP2,
    heavyP2: heavyP2 / floor,
    ballastRatio: heavyP2 / p2,
    eventsPerSecond: lane.eventsPerSecond,
    throughputEvents: lane.throughputEvents,
    warmEventsPerSecond: lane.warmEventsPerSecond,
    steadyEventsPerSecond: lane.steadyEventsPerSecond,
    steadyAfterEvents: lane.steadyAfterEvents,
    steadyLatencyAfterEvents: lane.steadyLatencyAfterEvents,
    steadyRounds: lane.steadyPing.length,
    steadyFloor,
    steadyP1: median(lane.steadyNoMatch) / median(lane.steadyPing),
    steadyP2Ms,
    steadyP2: steadyP2Ms / steadyFloor,
    cpuPerEventUs: lane.cpuPerEventUs,
    warmThroughputEvents: lane.warmThroughputEvents,
    latencyRounds: lane.ping.length,
    loadedRounds: lane.noMatchLoaded.length,
    cancelRounds: lane.deadMs.length,
    noMatchLoadedMs: median(lane.noMatchLoaded),
    loadedRatio: median(lane.noMatchLoaded) / median(lane.noMatch),
    cancelReplyMs: median(lane.replyMs),
    cancelDeadMs: median(lane.deadMs),
    cancelDeadMaxMs: Math.max(...lane.deadMs),
    rssMb: lane.rssMb,
    heavyRssMb: lane.heavyRssMb,
    loadedRssMb: lane.loadedRssMb,
  };
}
