// Property: request ids of every JSON kind, in both framings, are answered exactly once with the id exactly as
// sent: strings as written, numbers with their exact value (also the ones a double cannot hold, such as
// 9007199254740993 or 1e400) or else refused -32600 with a null id, `null` (allowed by JSON-RPC 2.0) answered
// with a null id, and ids of other types refused -32600 with a null id. hookd keeps serving.
import fc from 'fast-check';
import { afterAll, describe, it } from 'vitest';
import { assertNoProblems, SidecarPool } from './harness/batch.js';
import { fuzzParameters, fuzzTimeout } from './harness/fuzz-settings.js';
import type { FuzzSidecar } from './harness/fuzz-sidecar.js';
import { fuzzWorkspace, launchInitialized, removeWorkspace } from './harness/fuzz-workspace.js';

const BUDGET_MS = 5_000;
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type IdKind = 'number' | 'string' | 'null' | 'invalid';
type IdSpec = { readonly kind: IdKind; readonly text: string };

const idArbitrary: fc.Arbitrary<IdSpec> = fc.oneof(
  fc.integer({ min: 1_000_000, max: 2 ** 31 - 1 }).map((value): IdSpec => ({ kind: 'number', text: String(value) })),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map((value): IdSpec => ({ kind: 'number', text: value.toString() })),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((value): IdSpec => ({ kind: 'number', text: JSON.stringify(value) })),
  fc
    .constantFrom('9007199254740993', '-9007199254740993', '1e400', '-1e400', '1.5', '-0', '0.1', '1E+2', '123456789012345678901234567890', '1.000000000000000000001')
    .map((text): IdSpec => ({ kind: 'number', text })),
  fc.string({ maxLength: 30 }).map((value): IdSpec => ({ kind: 'string', text: JSON.stringify(`x${value}`) })),
  fc.constantFrom('"\\u00e9"', '"\\ud800"', '""', '"1"', '"null"').map((text): IdSpec => ({ kind: 'string', text })),
  fc.constant<IdSpec>({ kind: 'null', text: 'null' }),
  fc.constantFrom('true', 'false', '{}', '[]', '{"a":1}', '[1]').map((text): IdSpec => ({ kind: 'invalid', text })),
);

/** A decimal number's exact value as `<sign><digits>e<exponent>` (no leading or trailing zeros), to compare ids. */
export function canonicalDecimal(text: string): string | undefined {
  const match = /^(-)?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (match === null) return undefined;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  let digits = `${whole}${fraction}`.replace(/^0+/, '');
  let power = BigInt(exponent) - BigInt(fraction.length);
  if (digits === '') return '0';
  while (digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    power += 1n;
  }
  return `${sign}${digits}e${power}`;
}

/** The answer keys (raw id text) that count as echoing `spec` exactly. */
function echoes(spec: IdSpec, answeredId: string): boolean {
  if (spec.kind === 'string') return answeredId === JSON.stringify(JSON.parse(spec.text));
  if (spec.kind === 'number') return canonicalDecimal(answeredId) !== undefined && canonicalDecimal(answeredId) === canonicalDecimal(spec.text);
  return answeredId === 'null';
}

/** Sends a ping with this id, then a sentinel ping; judges every response that arrived before the sentinel's. */
async function checkId(sidecar: FuzzSidecar, spec: IdSpec): Promise<string[]> {
  const from = sidecar.arrivals.length;
  sidecar.write(sidecar.frame(`{"jsonrpc":"2.0","id":${spec.text},"method":"ping"}`));
  const sentinel = sidecar.freshId();
  sidecar.write(sidecar.frame(`{"jsonrpc":"2.0","id":${sentinel},"method":"ping"}`));
  if (!(await sidecar.waitForAnswer(String(sentinel)))) return [`the ping after id ${spec.text} got no answer (${sidecar.exitDescription})`, sidecar.stderrTail];
  const answers = sidecar.arrivals.slice(from).filter((arrival) => arrival.id !== String(sentinel));
  const describe = () => JSON.stringify(answers.map((arrival) => arrival.message)).slice(0, 600);
  if (answers.length !== 1) return [`id ${spec.text} got ${answers.length} answers: ${describe()}`];
  const [{ id, message }] = answers as [(typeof answers)[number]];
  const refused = id === 'null' && message.error?.code === -32600;
  switch (spec.kind) {
    case 'string':
      return echoes(spec, id) && message.error === undefined ? [] : [`string id ${spec.text} was not echoed with a result: ${describe()}`];
    case 'number':
      return (echoes(spec, id) && message.error === undefined) || refused ? [] : [`numeric id ${spec.text} was answered with id ${id} (neither echoed exactly nor refused -32600): ${describe()}`];
    case 'null':
      return id === 'null' && message.error === undefined ? [] : [`id null (allowed by JSON-RPC 2.0) was not answered with a result: ${describe()}`];
    case 'invalid':
      return refused ? [] : [`id ${spec.text} (not a string, number or null) was not refused -32600 with id null: ${describe()}`];
  }
}

describe.each(['ndjson', 'content-length'] as const)('request ids (%s)', (framing) => {
  it(
    'every id is echoed exactly (or refused -32600), answered once, and hookd keeps serving',
    async () => {
      const setup = fuzzWorkspace('claude');
      const pool = new SidecarPool(() => launchInitialized(setup, framing));
      cleanups.push(() => removeWorkspace(setup), () => pool.close());
      await fc.assert(
        fc.asyncProperty(fc.array(idArbitrary, { minLength: 1, maxLength: 4 }), async (specs) => {
          const sidecar = await pool.get();
          const problems: string[] = [];
          for (const spec of specs) problems.push(...(await checkId(sidecar, spec)));
          for (const bad of sidecar.badCodes.splice(0)) problems.push(`undocumented error code: ${JSON.stringify(bad).slice(0, 400)}`);
          for (const violation of sidecar.violations.splice(0)) problems.push(`non-protocol output: ${violation}`);
          if (problems.length > 0) pool.retire();
          assertNoProblems(problems, `${framing} ids ${specs.map((spec) => spec.text).join(', ')}`);
        }),
        fuzzParameters(40, BUDGET_MS),
      );
    },
    fuzzTimeout(BUDGET_MS),
  );
});
