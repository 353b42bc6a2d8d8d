#!/usr/bin/env node
// Benchmarks of the built sidecar, measured in one run and printed as tables:
// 1. the two spawn paths side by side (bench/spawn-paths.mjs: sidecars with HOOKD_SPAWN_PATH=supervisor and =node,
//    the path each one really ran on, the posix_spawn floor, P1, P2 with and without 500 MB ballast, events/s at 64 in
//    flight (cold: a fresh sidecar, then warm: the same again, with its CPU per event by process, then steady: the same
//    after four phases more, then P1 and P2 again on that steady sidecar), no-match latency under that load, cancel →
//    tree dead), each figure with its ratio and the issue's goal; then where P2 goes: the supervisor alone, the
//    engine's dispatch warm and with cold caches (bench/cold-engine.mjs), a minimal Node relay next to hookd
//    (bench/relay-bound.mjs), and what events/s can reach here at all: the spawn path without Node
//    (bench/spawn-throughput.py), the relay and hookd in alternated phases (bench/throughput-ceiling.mjs);
// 2. a sidecar's start (spawn → initialize reply) next to a bare `node -e 0`; P3 the bamboo dialect (a bash hook, a
//    programmatic hook answered by this client, hot reload latency) and Node's own spawn from this client, on the
//    default path;
// 3. a session/prompt through `hookd acp` next to a direct one (bench/acp-overhead.mjs), and the no-match round trip
//    and throughput through the Python and Rust clients (their bench programs print one line);
// 4. the containment alternatives (bench/alternatives.py: PID namespace per run, cgroup v2 cgroup.kill).
// Env: BENCH_ROUNDS (300), BENCH_CANCEL_ROUNDS (20), BENCH_PHASE_SECONDS (8: each phase stops at its budget, so a
// loaded machine gives fewer samples instead of an endless run), BENCH_PATHS (supervisor,node), BENCH_ACP=0,
// BENCH_CLIENTS=0 and BENCH_ALTERNATIVES=0 skip the ACP row, the clients and section 4, BENCH_BUILD_CLIENTS=1 builds the Rust client's bench first. Asserts nothing.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Client, bin, median, p99, pause, scratchDir, timeEach } from './client.mjs';
import { compareSpawnPaths } from './spawn-paths.mjs';
import { relayBound } from './relay-bound.mjs';
import { throughputCeiling } from './throughput-ceiling.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const CANCEL_ROUNDS = Number(process.env.BENCH_CANCEL_ROUNDS ?? 20);
const PATHS = (process.env.BENCH_PATHS ?? 'supervisor,node').split(',').map((path) => path.trim()).filter(Boolean);
const IN_FLIGHT = 64;
const repo = fileURLToPath(new URL('..', import.meta.url));
const benchStart = performance.now();
const log = (line) => console.error(`[bench ${((performance.now() - benchStart) / 1000).toFixed(0)} s] ${line}`);
const watchdog = setTimeout(() => {
  console.error('bench: still running after 10 minutes — something hangs; giving up');
  process.exit(2);
}, Number(process.env.BENCH_TIMEOUT_MS ?? 600_000));
watchdog.unref();

const pad = (text, width) => String(text).padEnd(width);
const ms = (value) => (Number.isFinite(value) ? `${value >= 100 ? value.toFixed(0) : value.toFixed(3)} ms` : 'n/a');
const times = (value) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a');
const mb = (value) => `${value.toFixed(0)} MB`;

const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');
console.log(`hookd bench — node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(0)} GB, load average ${load()} at the start, ${ROUNDS} rounds (medians unless said)\n`);

// 1. The spawn paths side by side.
const comparison = await compareSpawnPaths({ paths: PATHS, rounds: ROUNDS, cancelRounds: CANCEL_ROUNDS, inFlight: IN_FLIGHT, throughputEvents: ROUNDS * 4, log });
const lanes = comparison.lanes;
console.log('Spawn paths (sidecar started with HOOKD_SPAWN_PATH=<column>; "active" is what its initialize reported):');
for (const lane of lanes) {
  const { active, requested, detail } = lane.spawnPath;
  const heavy = lane.heavySpawnPath.active === active ? '' : ` (the ballast sidecar: ${lane.heavySpawnPath.active})`;
  console.log(`  ${pad(lane.path, 11)} requested ${requested}, ACTIVE ${active}${heavy} — ${detail}`);
  if (active !== lane.path) console.log(`  !! the ${lane.path} column ran on the ${active} path: its figures are NOT the ${lane.path} path's`);
}
if (comparison.floorUnavailable) console.log(`  !! no floor: ${comparison.floorUnavailable}`);
console.log();
const CORES = cpus().length;
/** At 1500 events/s the cores give each event CORES × 1e6 / 1500 µs of CPU; what the other processes took in the warm
    phase leaves this much for the sidecar (it spent `sidecar`). */
function sidecarShareAtGoal(lane) {
  const { sidecar, supervisor, keepers, hookProcesses, bench } = lane.cpuPerEventUs;
  const left = (CORES * 1e6) / 1500 - supervisor - keepers - hookProcesses - bench;
  return `${left.toFixed(0)} µs (it spent ${sidecar.toFixed(0)})`;
}
const rows = [
  ['floor: posix_spawn `sh -c true` + wait (python)', (l) => ms(l.floor), '(one probe, sampled between rounds)'],
  ['ping round trip', (l) => ms(l.pingMs), ''],
  ['no-match PreToolUse round trip', (l) => ms(l.noMatchMs), ''],
  ['P1 = no-match / ping', (l) => times(l.p1), '≤ 1.20×'],
  ['one `true` hook round trip', (l) => ms(l.hookMs), ''],
  ['P2 = (hook − ping) / floor, fresh sidecar', (l) => `${times(l.p2)} (${ms(l.p2Ms)})`, '≤ 1.20×'],
  ['sidecar RSS after the latency rounds', (l) => mb(l.rssMb), ''],
  ['one `true` hook round trip, 500 MB ballast', (l) => ms(l.heavyHookMs), ''],
  ['P2 with ballast = (hook − ping) / floor', (l) => `${times(l.heavyP2)} (${ms(l.heavyP2Ms)})`, ''],
  ['P2 with ballast / P2 without', (l) => times(l.ballastRatio), '≤ 1.10×'],
  ['ballast sidecar RSS', (l) => mb(l.heavyRssMb), ''],
  [`events/s, one \`true\` hook, ${IN_FLIGHT} in flight (cold)`, (l) => `${l.eventsPerSecond.toFixed(0)} (${times(l.eventsPerSecond / 1500)} goal)`, '≥ 1500'],
  [`events/s, the same again (warm)`, (l) => `${l.warmEventsPerSecond.toFixed(0)} (${times(l.warmEventsPerSecond / 1500)} goal)`, '≥ 1500'],
  [`events/s, the same after more events (steady)`, (l) => `${l.steadyEventsPerSecond.toFixed(0)} (${times(l.steadyEventsPerSecond / 1500)} goal) after ${l.steadyAfterEvents}`, '≥ 1500'],
  ['P1 steady (the same sidecar after the load)', (l) => `${times(l.steadyP1)} after ${l.steadyLatencyAfterEvents}`, '≤ 1.20×'],
  ['P2 steady (the same sidecar after the load)', (l) => `${times(l.steadyP2)} (${ms(l.steadyP2Ms)}, floor ${ms(l.steadyFloor)}) after ${l.steadyLatencyAfterEvents}`, '≤ 1.20×'],
  ['CPU µs/event, warm: sidecar / supervisor / keepers', (l) => [l.cpuPerEventUs.sidecar, l.cpuPerEventUs.supervisor, l.cpuPerEventUs.keepers].map((us) => us.toFixed(0)).join(' / '), ''],
  ['CPU µs/event, warm: `sh -c true` / bench client', (l) => [l.cpuPerEventUs.hookProcesses, l.cpuPerEventUs.bench].map((us) => us.toFixed(0)).join(' / '), ''],
  [`CPU left for the sidecar at 1500/s on ${CORES} cores`, (l) => sidecarShareAtGoal(l), '(the rest as measured)'],
  [`no-match while ${IN_FLIGHT} hook events run`, (l) => ms(l.noMatchLoadedMs), ''],
  ['no-match loaded / idle', (l) => times(l.loadedRatio), '≤ 2.00×'],
  ['sidecar RSS after the load', (l) => mb(l.loadedRssMb), ''],
  ['P4 cancel → -32800 reply', (l) => ms(l.cancelReplyMs), ''],
  [`P4 cancel → whole tree dead (max of ${CANCEL_ROUNDS})`, (l) => `${ms(l.cancelDeadMs)} (${ms(l.cancelDeadMaxMs)})`, ''],
  ['P4 cancel → tree dead / floor', (l) => times(l.cancelDeadMs / l.floor), ''],
];
const header = lanes.map((lane) => pad(`${lane.path} (active: ${lane.spawnPath.active})`, 30)).join(' ');
console.log(`${pad('measure', 46)} ${header} goal`);
for (const [name, cell, goal] of rows) console.log(`${pad(name, 46)} ${lanes.map((lane) => pad(cell(lane), 30)).join(' ')} ${goal}`);
for (const lane of lanes) {
  console.log(`samples, ${lane.path}: ${lane.latencyRounds} latency rounds, ${lane.throughputEvents} + ${lane.warmThroughputEvents} events at ${IN_FLIGHT} in flight, ${lane.steadyRounds} steady latency rounds, ${lane.loadedRounds} loaded no-match rounds, ${lane.cancelRounds} cancels (each phase stops at its budget, BENCH_PHASE_SECONDS)`);
}
/** Runs a probe of bench/ (Python .py or Node .mjs) that prints one JSON line; its figures, or { unavailable } with why not. */
function probe(script, args = []) {
  const program = script.endsWith('.py') ? 'python3' : process.execPath;
  const run = spawnSync(program, [fileURLToPath(new URL(`./${script}`, import.meta.url)), ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    return JSON.parse(run.stdout);
  } catch {
    return { unavailable: `bench/${script} did not answer (${run.error?.message ?? `exit ${run.status}`})` };
  }
}
// What the machine charges for the process hops a hook event adds to a ping (docs/supervisor.md, "Cross-CPU wake-ups").
const wakeupFigures = probe('wakeup-probe.py');
console.log(
  wakeupFigures.unavailable !== undefined
    ? `pipe round trip between two processes: n/a (${wakeupFigures.unavailable})`
    : `pipe round trip between two processes (python, idle between): same CPU ${wakeupFigures.sameUs.toFixed(1)} µs, different CPUs ${wakeupFigures.otherUs.toFixed(1)} µs — a wake-up on another CPU costs ~${((wakeupFigures.otherUs - wakeupFigures.sameUs) / 2).toFixed(0)} µs here; a hook event's critical path has four process hops more than a ping's`,
);
// The spawn path alone (no Node): what of P2 the supervisor and its keeper take before the sidecar adds anything.
const aloneFigures = probe('supervisor-probe.py', [String(Math.max(200, ROUNDS))]);
console.log(
  aloneFigures.unavailable !== undefined
    ? `the supervisor alone: n/a (${aloneFigures.unavailable})`
    : `the supervisor alone (python drives native/build/hookd-supervisor, no Node; ${aloneFigures.rounds} rounds): SPAWN → RELEASED ${(aloneFigures.supervisorUs / 1000).toFixed(3)} ms, the floor in the same rounds ${(aloneFigures.floorUs / 1000).toFixed(3)} ms: ${times(aloneFigures.supervisorUs / aloneFigures.floorUs)} — the rest of P2 is the sidecar's`,
);
// Why hookd's own part is so much larger than its code's warm cost: the engine's dispatch, warm and with cold caches.
const coldFigures = probe('cold-engine.mjs');
console.log(
  coldFigures.unavailable !== undefined
    ? `engine.dispatch in-process: n/a (${coldFigures.unavailable})`
    : `engine.dispatch in-process (claude PreToolUse, one command hook, a runner that answers at once; ${coldFigures.rounds} rounds): warm ${(coldFigures.warmUs / 1000).toFixed(3)} ms, after a 16 MB cache flush ${(coldFigures.coldUs / 1000).toFixed(3)} ms (${times(coldFigures.coldUs / coldFigures.warmUs)}) — between two events the caches are cold, so the sidecar's cost per event is its code's footprint more than its instructions`,
);
// How far from the floor a Node sidecar can get here: the least one can do per hook event, next to hookd.
if (existsSync(fileURLToPath(new URL('../native/build/hookd-supervisor', import.meta.url)))) {
  log('P2 bound: a minimal Node relay next to hookd');
  const bound = await relayBound(ROUNDS);
  console.log(
    bound.unavailable !== undefined
      ? `P2 bound: n/a (${bound.unavailable})`
      : `P2 bound (${ROUNDS} interleaved rounds, floor ${ms(bound.floorMs)}): bench/minimal-relay.mjs — NDJSON, no engine, one SPAWN per request through the same supervisor — ${times(bound.relay.p2)} (ping ${ms(bound.relay.pingMs)}, hook ${ms(bound.relay.hookMs)}); hookd ${times(bound.hookd.p2)} (ping ${ms(bound.hookd.pingMs)}, hook ${ms(bound.hookd.hookMs)}): hookd's own per-event code adds ${times(bound.hookd.p2 - bound.relay.p2)} the floor`,
  );
}
// What events/s at 64 in flight can reach here at all: the spawn path with no Node, the least a Node sidecar does, hookd.
if (PATHS.includes('supervisor')) {
  log(`throughput ceiling: ${IN_FLIGHT} in flight without Node, through the relay and through hookd`);
  const ceiling = await throughputCeiling(ROUNDS * 4, IN_FLIGHT);
  const rate = (value) => (value === undefined ? 'n/a' : `${value.toFixed(0)}/s`);
  console.log(
    ceiling.unavailable !== undefined
      ? `throughput ceiling: n/a (${ceiling.unavailable})`
      : `throughput ceiling, ${IN_FLIGHT} in flight (${ceiling.phases} alternated phases of ${ceiling.runs} runs, medians): posix_spawn from Python ${rate(ceiling.posixSpawn)}, the supervisor alone (Python drives it, no Node) ${rate(ceiling.supervisor)}, bench/minimal-relay.mjs ${rate(ceiling.relay)}, hookd ${rate(ceiling.hookd)} (the sidecar's own CPU per event: relay ${ceiling.relayCpuUs.toFixed(0)} µs, hookd ${ceiling.hookdCpuUs.toFixed(0)} µs) — hookd ${times(ceiling.hookd / ceiling.supervisor)} its spawn path alone, the relay ${times(ceiling.relay / ceiling.supervisor)}; the goal of 1500/s is ${ceiling.supervisor !== undefined && ceiling.supervisor < 1500 ? 'above' : 'within'} what the spawn path alone reaches on this machine`,
  );
}
if (lanes.length === 2) {
  const [a, b] = lanes;
  console.log(`\n${a.path} / ${b.path}: P2 ${times(a.p2Ms / b.p2Ms)}, P2 with ballast ${times(a.heavyP2Ms / b.heavyP2Ms)}, events/s ${times(a.eventsPerSecond / b.eventsPerSecond)}, loaded no-match ${times(a.noMatchLoadedMs / b.noMatchLoadedMs)}, cancel → dead ${times(a.cancelDeadMs / b.cancelDeadMs)}`);
}

// 2. P3 (bamboo) and Node's own spawn, on the default spawn path.
const single = [];
function bareSpawn(file = 'sh', args = ['-c', 'true']) {
  return new Promise((resolve) => {
    const child = spawn(file, args, { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    child.stdin.on('error', () => {});
    child.stdin.end('{"hook_event_name":"PreToolUse"}');
    child.stdout.resume();
    child.stderr.resume();
    child.on('exit', resolve);
  });
}
{
  // A sidecar's start: what an agent waits for before its first event (dist/cli.js is one bundled file).
  log('sidecar start');
  const bareNode = await timeEach(10, () => bareSpawn(process.execPath, ['-e', '0']));
  const starts = await timeEach(10, async () => {
    const client = new Client();
    await client.ok('initialize', { protocolVersion: '0.1', dialect: 'claude', workspace: scratchDir() });
    await client.close();
  });
  single.push(['`node -e 0` spawn + exit (bench client)', median(bareNode), Math.max(...bareNode), 'p99 column: max']);
  single.push(['sidecar start: spawn → initialize reply → exit', median(starts), Math.max(...starts), `${times(median(starts) / median(bareNode))} node -e 0`]);
}
{
  log('P3 bamboo');
  const session = { id: 'bench' };
  const bash = { session, toolName: 'Bash', toolInput: { command: 'ls' } };
  const workspace = scratchDir('hookd-bench-bamboo-');
  const dataDir = join(workspace, 'data');
  mkdirSync(dataDir);
  const userFile = join(dataDir, 'hooks.json');
  const save = (lifecycleHooks) => {
    writeFileSync(`${userFile}.tmp`, JSON.stringify({ lifecycle_hooks: lifecycleHooks }));
    renameSync(`${userFile}.tmp`, userFile);
  };
  save({ PreToolUse: [{ matcher: '^Bash$', hooks: [{ type: 'command', command: 'true' }] }] });
  const client = new Client({ env: { ...process.env, BAMBOO_DATA_DIR: dataDir } });
  client.serverRequests['hooks/invoke'] = () => ({ output: {} });
  let reloads = 0;
  client.onNotification = (message) => message.method === 'hooks/diagnostics' && (reloads += 1);
  const init = await client.ok('initialize', { protocolVersion: '0.1', dialect: 'bamboo', workspace, home: workspace, capabilities: { programmaticHooks: true } });
  single.active = init.spawnPath?.active ?? 'unknown';
  for (let i = 0; i < 20; i += 1) await client.ok('hooks/PreToolUse', bash);
  const nodeSpawn = await timeEach(ROUNDS, () => bareSpawn());
  single.push(['Node child_process.spawn `sh -c true` (bench client)', median(nodeSpawn), p99(nodeSpawn), `client RSS ${mb(process.memoryUsage().rss / 1048576)}`]);
  const spawnOnly = await timeEach(ROUNDS, () => bareSpawn('bash', ['--norc', '-c', 'true']));
  const hook = await timeEach(ROUNDS, () => client.ok('hooks/PreToolUse', bash));
  single.push(['P3 Node spawn of bash --norc -c true (client)', median(spawnOnly), p99(spawnOnly), '1.00×']);
  single.push(['P3 bamboo PreToolUse, one bash `true` hook', median(hook), p99(hook), `${times(median(hook) / median(spawnOnly))} spawn`]);
  const write = { ...bash, toolName: 'Write', toolInput: { file_path: 'a', content: 'x' } };
  const noHook = await timeEach(ROUNDS, () => client.ok('hooks/PreToolUse', write));
  await client.ok('hooks/register', { event: 'PreToolUse', matcher: '^Write$' });
  const programmatic = await timeEach(ROUNDS, () => client.ok('hooks/PreToolUse', write));
  single.push(['P3 bamboo PreToolUse, no hook matches', median(noHook), p99(noHook), '1.00×']);
  single.push(['P3 bamboo PreToolUse, one programmatic hook', median(programmatic), p99(programmatic), `${times(median(programmatic) / median(noHook))} no hook`]);
  const reloadMs = [];
  for (let round = 0; round < 10; round += 1) {
    const before = reloads;
    const start = performance.now();
    save({ PreToolUse: [{ matcher: '^Bash$', hooks: [{ type: 'command', command: `true ${round}` }] }] });
    while (reloads === before) await pause(1);
    reloadMs.push(performance.now() - start);
  }
  single.push(['P3 atomic save → hooks/diagnostics (150 ms debounce)', median(reloadMs), Math.max(...reloadMs), 'p99 column: max']);
  await client.close();
}

// 3. The Python and Rust clients (default spawn path; no hook runs).
const clientBenches = [
  { name: 'python', marker: 'clients/python/bench/bench.py', command: 'python3', args: ['clients/python/bench/bench.py', bin] },
  {
    name: 'rust',
    marker: 'clients/rust/examples/bench.rs',
    // a first release build takes minutes on 2 cores: the bench runs it only once it is built (or when asked)
    built: 'clients/rust/target/release/examples/bench',
    build: 'cd clients/rust && cargo build --release --example bench',
    command: 'cargo',
    args: ['run', '--quiet', '--release', '--manifest-path', 'clients/rust/Cargo.toml', '--example', 'bench', '--', bin],
  },
];
for (const bench of process.env.BENCH_CLIENTS === '0' ? [] : clientBenches) {
  if (!existsSync(join(repo, bench.marker))) continue;
  if (bench.built && !existsSync(join(repo, bench.built)) && process.env.BENCH_BUILD_CLIENTS !== '1') {
    console.error(`the ${bench.name} client bench is not built — skipped (\`${bench.build}\` or BENCH_BUILD_CLIENTS=1 include it)`);
    continue;
  }
  log(`${bench.name} client`);
  const run = spawnSync(bench.command, bench.args, { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const line = (run.stdout ?? '').trim().split('\n').pop() ?? '';
  let figures;
  try {
    figures = JSON.parse(line);
  } catch {
    console.error(`the ${bench.name} client bench printed no figures (exit ${run.status})`);
    continue;
  }
  single.push([`${bench.name} client: no-match PreToolUse round trip`, figures.noMatchMedianMs, figures.noMatchP99Ms, '']);
  single.push([`${bench.name} client: no-match events/s, ${figures.inFlight} in flight`, figures.eventsPerSecond, null, '']);
}

// The ACP proxy: a proxied session/prompt against a direct one (bench/acp-overhead.mjs).
if (process.env.BENCH_ACP !== '0') {
  log('acp proxy');
  const { acpOverhead } = await import('./acp-overhead.mjs');
  const acp = await acpOverhead(Math.max(50, ROUNDS));
  single.push(['ACP session/prompt, direct to the scripted agent', acp.directMs, null, '1.00×']);
  single.push(['ACP session/prompt through `hookd acp` (no hooks)', acp.proxiedMs, null, `${times(acp.proxiedMs / acp.directMs)} direct, +${ms(acp.proxiedMs - acp.directMs)}`]);
}

console.log(`\nDialect and client rows (default spawn path; the bamboo sidecar reported active: ${single.active})`);
console.log(`${pad('measure', 56)} ${pad('median', 12)} ${pad('p99', 12)} ratio`);
for (const [name, value, tail, ratio] of single) {
  const format = (number) => (number === null || number === undefined ? '' : name.includes('/s') ? number.toFixed(0) : ms(number));
  console.log(`${pad(name, 56)} ${pad(format(value), 12)} ${pad(format(tail), 12)} ${ratio}`);
}

// 4. The containment alternatives.
if (process.env.BENCH_ALTERNATIVES !== '0') {
  log('alternatives');
  const run = spawnSync('python3', [fileURLToPath(new URL('./alternatives.py', import.meta.url)), String(Math.max(20, Math.floor(ROUNDS / 3)))], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  console.log(`\nContainment alternatives (bench/alternatives.py)\n${run.stdout ?? ''}`);
}
log('done');
console.log(`\nload average at the end: ${load()} (other jobs on these cores raise every figure; the ratios are sampled side by side)`);
