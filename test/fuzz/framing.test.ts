// Property: random bytes, truncated messages, non-object JSON and lying headers in both framings never crash
// hookd, never make it print a non-protocol byte or an undocumented error code, and never wedge the connection:
// after the garbage, of the pings that follow (enough to cover any small declared length), the last is answered.
import fc from 'fast-check';
import { afterAll, describe, it } from 'vitest';
import { assertNoProblems, SidecarPool, writeInPieces } from './harness/batch.js';
import { fuzzParameters, fuzzTimeout } from './harness/fuzz-settings.js';
import type { FuzzSidecar } from './harness/fuzz-sidecar.js';
import { fuzzWorkspace, launchInitialized, removeWorkspace } from './harness/fuzz-workspace.js';

/** Declared lengths in the garbage stay under this, so the pings after it always outlast a lie. */
const MAX_DECLARED = 2048;
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const VALID = '{"jsonrpc":"2.0","id":"garbage","method":"hooks/list"}';
const bytes = (text: string) => Buffer.from(text, 'utf8');

/** Garbage common to both framings: random bytes, prefixes of a valid message, JSON that is not a request. */
const commonGarbage: fc.Arbitrary<Buffer> = fc.oneof(
  fc.uint8Array({ minLength: 1, maxLength: 300 }).map((array) => Buffer.from(array)),
  fc.nat({ max: VALID.length - 1 }).map((cut) => bytes(VALID.slice(0, cut))),
  fc.constantFrom('null', '7', '"text"', '[]', '[{"jsonrpc":"2.0","id":1,"method":"ping"}]', '{}', '{"jsonrpc":"2.0"}', '\ufeff{"jsonrpc":"2.0","id":"bom","method":"ping"}').map(bytes),
  fc.uint8Array({ minLength: 1, maxLength: 40 }).map((array) => Buffer.concat([bytes(VALID.slice(0, 20)), Buffer.from(array), bytes(VALID.slice(20))])),
  fc.constantFrom(Buffer.from([0xff, 0xfe, 0x00]), Buffer.from([0xc3]), Buffer.from([0xed, 0xa0, 0x80])),
);

const ndjsonGarbage: fc.Arbitrary<Buffer> = fc.oneof(
  commonGarbage.map((garbage) => Buffer.concat([garbage, bytes('\n')])),
  commonGarbage,
  fc.constantFrom('\n\n\n', '\r\n', '\r', ' \t \n', `${VALID}\r\n`, `Content-Length: ${VALID.length}\r\n\r\n${VALID}\n`).map(bytes),
);

/** Header lies: no colon, negative, fractional, hex or missing lengths, duplicates, LF-only, too short or too long. */
const headerLie: fc.Arbitrary<Buffer> = fc.oneof(
  fc.constantFrom(
    `Content-Length ${VALID.length}\r\n\r\n${VALID}`,
    `Content-Length: -5\r\n\r\n${VALID}`,
    `Content-Length: 1.5\r\n\r\n${VALID}`,
    `Content-Length: 0x10\r\n\r\n${VALID}`,
    `Content-Length: \r\n\r\n${VALID}`,
    `Content-Type: application/json\r\n\r\n${VALID}`,
    `Content-Length: ${VALID.length}\r\nContent-Length: 3\r\n\r\n${VALID}`,
    `Content-Length: ${VALID.length}\n\n${VALID}`,
    `Content-Length: ${VALID.length}\r\nX-Junk\r\n\r\n${VALID}`,
    `content-length: ${VALID.length}\r\n\r\n${VALID}`,
    `Content-Length: 0\r\n\r\n`,
    `\r\n\r\n`,
    `${VALID}\n`,
  ),
  fc.integer({ min: 1, max: MAX_DECLARED }).map((length) => `Content-Length: ${length}\r\n\r\n${VALID}`),
  fc.integer({ min: 0, max: VALID.length - 1 }).map((length) => `Content-Length: ${length}\r\n\r\n${VALID}`),
  fc.string({ maxLength: 30 }).map((value) => `Content-Length: ${value}\r\n\r\n${VALID}`),
).map((garbage) => (Buffer.isBuffer(garbage) ? garbage : bytes(garbage)));

const contentLengthGarbage: fc.Arbitrary<Buffer> = fc.oneof(
  headerLie,
  commonGarbage,
  commonGarbage.map((body) => Buffer.concat([bytes(`Content-Length: ${body.length}\r\n\r\n`), body])),
  fc
    .tuple(commonGarbage, fc.integer({ min: 1, max: MAX_DECLARED }))
    .map(([body, declared]) => Buffer.concat([bytes(`Content-Length: ${Math.max(declared, body.length)}\r\n\r\n`), body])),
);

/** Sends the garbage, then `pings` pings at once; problems unless the last ping is answered. */
async function garbageThenPings(sidecar: FuzzSidecar, garbage: readonly Buffer[], cuts: readonly number[], pings: number): Promise<string[]> {
  const badCodesBefore = sidecar.badCodes.length;
  const violationsBefore = sidecar.violations.length;
  writeInPieces(sidecar, Buffer.concat(garbage), cuts);
  const ids = Array.from({ length: pings }, () => sidecar.freshId());
  sidecar.write(Buffer.concat(ids.map((id) => sidecar.frame(`{"jsonrpc":"2.0","id":${id},"method":"ping"}`))));
  const problems: string[] = [];
  const last = String(ids[ids.length - 1]);
  if (!(await sidecar.waitForAnswer(last))) {
    problems.push(sidecar.dead ? `hookd died: ${sidecar.exitDescription}` : `the last of ${pings} pings after the garbage got no answer: the connection is wedged`);
  }
  for (const id of ids) if (sidecar.answersTo(String(id)).length > 1) problems.push(`ping ${id} was answered ${sidecar.answersTo(String(id)).length} times`);
  for (const bad of sidecar.badCodes.slice(badCodesBefore)) problems.push(`undocumented error code: ${JSON.stringify(bad).slice(0, 400)}`);
  for (const violation of sidecar.violations.slice(violationsBefore)) problems.push(`non-protocol output: ${violation}`);
  if (problems.length > 0) problems.push(`hookd stderr (tail):\n${sidecar.stderrTail}`);
  return problems;
}

const CASES = [
  { framing: 'ndjson' as const, garbage: ndjsonGarbage, pings: 2, runs: 60, budgetMs: 6_000 },
  // A ping frame is over 50 bytes: this many outlast the longest declared length in the garbage. The budget
  // outlasts one answer deadline, so a wedged connection is reported with its garbage (not as an interrupt).
  { framing: 'content-length' as const, garbage: contentLengthGarbage, pings: Math.ceil(MAX_DECLARED / 50) + 3, runs: 60, budgetMs: 20_000 },
];

describe.each(CASES)('garbage on the wire ($framing)', ({ framing, garbage, pings, runs, budgetMs }) => {
  it(
    'never crashes hookd, never prints a non-protocol byte, never wedges the connection',
    async () => {
      const setup = fuzzWorkspace('claude');
      const pool = new SidecarPool(() => launchInitialized(setup, framing));
      cleanups.push(() => removeWorkspace(setup), () => pool.close());
      await fc.assert(
        fc.asyncProperty(fc.array(garbage, { minLength: 1, maxLength: 3 }), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 3 }), async (pieces, cuts) => {
          const sidecar = await pool.get();
          const problems = await garbageThenPings(sidecar, pieces, cuts, pings);
          if (problems.length > 0) pool.retire();
          assertNoProblems(problems, `${framing} garbage: ${pieces.map((piece) => JSON.stringify(piece.toString('latin1')).slice(0, 200)).join(' + ')}`);
        }),
        fuzzParameters(runs, budgetMs),
      );
    },
    fuzzTimeout(budgetMs),
  );
});
