// Ballast for the P2-with-ballast bench: preloaded into the sidecar (`node --require bench/ballast.cjs dist/cli.js`),
// it allocates BENCH_BALLAST_MB (default 500) MB of buffers and writes every page, so the memory is resident and
// mapped the way a large hookd heap would be (a fork() copies the page tables of all of it). It only holds memory:
// it never writes to stdout (the RPC channel) and starts no timer.
'use strict';

const PAGE = 4096;
const CHUNK_MB = 50;
const totalMb = Number(process.env.BENCH_BALLAST_MB ?? 500);
const chunks = [];
for (let allocated = 0; allocated < totalMb; allocated += CHUNK_MB) {
  const chunk = Buffer.allocUnsafeSlow(Math.min(CHUNK_MB, totalMb - allocated) * 1024 * 1024);
  for (let offset = 0; offset < chunk.length; offset += PAGE) chunk[offset] = (offset / PAGE) & 0xff || 1;
  chunks.push(chunk);
}
globalThis.__hookdBenchBallast = chunks;
