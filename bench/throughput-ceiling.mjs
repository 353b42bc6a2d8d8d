// What the events/s goal at 64 in flight is measured against on this machine: the spawn throughput with no Node at
// all (bench/spawn-throughput.py: Python's own posix_spawn, and Python driving native/build/hookd-supervisor), the
// least a Node sidecar does per hook event (bench/minimal-relay.mjs) and hookd, in alternated phases of the same
// number of runs, so a busy minute lowers them all. A sidecar can start hooks no faster than its spawn path alone.
// Spawns the probes and the two sidecars; asserts nothing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Client, cpuMs, median, workspaceWith } from './client.mjs';
import { throughput } from './spawn-paths.mjs';

const probeScript = fileURLToPath(new URL('./spawn-throughput.py', import.meta.url));
const relayScript = fileURLToPath(new URL('./minimal-relay.mjs', import.meta.url));
const supervisorBinary = fileURLToPath(new URL('../native/build/hookd-supervisor', import.meta.url));

function probeRate(mode, runs, inFlight) {
  const run = spawnSync('python3', [probeScript, mode, String(runs), String(inFlight)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const answer = JSON.parse(run.stdout);
    return answer.perSecond;
  } catch {
    return undefined;
  }
}

/** Its rate, and the CPU its sidecar process itself spent per event (µs), when `cpu` collects it. */
async function sidecarRate(client, runs, inFlight, cpu) {
  const before = cpuMs(client.child.pid).self;
  const rate = await throughput(client, runs, inFlight);
  cpu?.push(((cpuMs(client.child.pid).self - before) * 1000) / rate.events);
  return rate.perSecond;
}

/**
 * Events (runs) per second at `inFlight`, medians over `phases` alternated phases of `runs` each, after one warm-up
 * phase per sidecar: { posixSpawn, supervisor, relay, hookd, relayCpuUs, hookdCpuUs (each sidecar's own CPU per event) },
 * or { unavailable } without python3 or the supervisor.
 */
export async function throughputCeiling(runs, inFlight, phases = 2) {
  if (spawnSync('python3', ['-c', 'import os; os.posix_spawn'], { stdio: 'ignore' }).status !== 0) return { unavailable: 'python3 with os.posix_spawn is not available' };
  if (!existsSync(supervisorBinary)) return { unavailable: `${supervisorBinary} is not built` };
  const workspace = workspaceWith({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] } });
  const relay = new Client({ program: relayScript });
  const hookd = new Client({ env: { ...process.env, HOOKD_SPAWN_PATH: 'supervisor' } });
  try {
    await hookd.ok('initialize', { protocolVersion: '0.1', workspace, home: tmpdir() });
    await relay.ok('initialize', {});
    await sidecarRate(relay, runs, inFlight);
    await sidecarRate(hookd, runs, inFlight);
    const rates = { posixSpawn: [], supervisor: [], relay: [], hookd: [] };
    const sidecarCpuUs = { relay: [], hookd: [] };
    for (let phase = 0; phase < phases; phase += 1) {
      rates.posixSpawn.push(probeRate('posix_spawn', runs, inFlight));
      rates.supervisor.push(probeRate('supervisor', runs, inFlight));
      rates.relay.push(await sidecarRate(relay, runs, inFlight, sidecarCpuUs.relay));
      rates.hookd.push(await sidecarRate(hookd, runs, inFlight, sidecarCpuUs.hookd));
    }
    const rate = (values) => (values.every((value) => Number.isFinite(value)) ? median(values) : undefined);
    return { posixSpawn: rate(rates.posixSpawn), supervisor: rate(rates.supervisor), relay: rate(rates.relay), hookd: rate(rates.hookd), relayCpuUs: median(sidecarCpuUs.relay), hookdCpuUs: median(sidecarCpuUs.hookd), runs, phases };
  } finally {
    relay.child.stdin.end();
    await hookd.close();
  }
}
