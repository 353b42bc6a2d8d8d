// P2 for hookd next to P2 for bench/minimal-relay.mjs (the least a Node sidecar can do per hook event, through the
// same supervisor), in the same interleaved rounds with the floor: how far from the floor a Node sidecar can get on
// this machine, and how much of hookd's P2 is its own per-event code. Spawns the two sidecars and the floor probe;
// asserts nothing.
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { Client, median, timeOnce, workspaceWith } from './client.mjs';
import { FloorProbe } from './floor.mjs';

const relayScript = fileURLToPath(new URL('./minimal-relay.mjs', import.meta.url));
const session = { id: 'bench' };
const hookEvent = { session, toolName: 'Bash', toolInput: { command: 'ls' } };

/** { floorMs, relay: { pingMs, hookMs, p2 }, hookd: { pingMs, hookMs, p2 } }, or { unavailable } without a floor probe. */
export async function relayBound(rounds, warmup = 2000) {
  const floor = FloorProbe.start();
  if (floor === undefined) return { unavailable: FloorProbe.unavailable };
  const workspace = workspaceWith({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] } });
  const relay = new Client({ program: relayScript });
  const hookd = new Client({ env: { ...process.env, HOOKD_SPAWN_PATH: 'supervisor' } });
  try {
    await hookd.ok('initialize', { protocolVersion: '0.1', workspace, home: tmpdir() });
    for (let i = 0; i < warmup; i += 1) {
      await relay.ok('hooks/PreToolUse', hookEvent);
      await relay.ok('ping', {});
      await hookd.ok('hooks/PreToolUse', hookEvent);
      await hookd.ok('ping', {});
    }
    const samples = { floor: [], relayPing: [], relayHook: [], hookdPing: [], hookdHook: [] };
    for (let round = 0; round < rounds; round += 1) {
      samples.floor.push(...(await floor.sample(1)));
      samples.relayPing.push(await timeOnce(() => relay.ok('ping', {})));
      samples.relayHook.push(await timeOnce(() => relay.ok('hooks/PreToolUse', hookEvent)));
      samples.hookdPing.push(await timeOnce(() => hookd.ok('ping', {})));
      samples.hookdHook.push(await timeOnce(() => hookd.ok('hooks/PreToolUse', hookEvent)));
    }
    const floorMs = median(samples.floor);
    const lane = (ping, hook) => ({ pingMs: median(ping), hookMs: median(hook), p2: (median(hook) - median(ping)) / floorMs });
    return { floorMs, relay: lane(samples.relayPing, samples.relayHook), hookd: lane(samples.hookdPing, samples.hookdHook) };
  } finally {
    relay.child.stdin.end();
    await hookd.close();
    floor.close();
  }
}
