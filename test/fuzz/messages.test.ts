// Property: valid requests of every method (and client notifications, cancels, unknown methods) with mutated
// params and envelopes, sent in batches cut into random pieces, in both framings and both dialects: hookd never
// dies, answers every request that has an id exactly once, uses only documented error codes (never -32603),
// writes nothing on stdout but framed JSON-RPC, and answers a ping after every batch.
import fc from 'fast-check';
import { afterAll, describe, it } from 'vitest';
import { assertNoProblems, runBatch, SidecarPool } from './harness/batch.js';
import { fuzzParameters, fuzzTimeout } from './harness/fuzz-settings.js';
import { fuzzWorkspace, launchInitialized, removeWorkspace, type FuzzDialect } from './harness/fuzz-workspace.js';
import { baseParams, messageArbitrary, wireMessages } from './harness/requests.js';

const BUDGET_MS = 9_000;
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const MATRIX: ReadonlyArray<{ framing: 'ndjson' | 'content-length'; dialect: FuzzDialect; runs: number }> = [
  { framing: 'ndjson', dialect: 'claude', runs: 150 },
  { framing: 'content-length', dialect: 'claude', runs: 80 },
  { framing: 'ndjson', dialect: 'bamboo', runs: 100 },
  { framing: 'content-length', dialect: 'bamboo', runs: 80 },
];

describe.each(MATRIX)('mutated messages ($framing, $dialect)', ({ framing, dialect, runs }) => {
  it(
    'never crash, hang, leave a request unanswered, print a non-protocol byte or answer an undocumented code',
    async () => {
      const setup = fuzzWorkspace(dialect);
      const pool = new SidecarPool(() => launchInitialized(setup, framing));
      cleanups.push(() => removeWorkspace(setup), () => pool.close());
      const base = baseParams(setup.workspace);
      await fc.assert(
        fc.asyncProperty(fc.array(messageArbitrary(base), { minLength: 1, maxLength: 6 }), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 3 }), async (specs, cuts) => {
          const sidecar = await pool.get();
          const messages = wireMessages(sidecar, specs);
          const problems = await runBatch(sidecar, messages, { cuts });
          if (problems.length > 0 || specs.some((spec) => spec.method === 'shutdown')) pool.retire();
          assertNoProblems(problems, `${framing} ${dialect} batch:\n  ${messages.map((message) => message.label).join('\n  ')}`);
        }),
        fuzzParameters(runs, BUDGET_MS),
      );
    },
    fuzzTimeout(BUDGET_MS),
  );
});
