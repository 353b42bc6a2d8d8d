#!/usr/bin/env node
// Throughput of bonsai's diff evidence and redaction on big inputs, from the built modules (dist/): diff + redaction
// of one file (a few edits, many edits past the work bound, a creation, a single huge line), and redaction alone of
// a large text with and without secrets. Prints a table; asserts nothing. Run: npm run build && node bench/bonsai-evidence.mjs
import { performance } from 'node:perf_hooks';

const { renderDiffEvidence } = await import(new URL('../dist/dialects/bonsai/diff-evidence.js', import.meta.url).href);
const { redactText } = await import(new URL('../dist/dialects/bonsai/redact.js', import.meta.url).href);

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TOKEN = 'ghp_R7kQm2Xv9Lp4Tn8Wz1Yc6Bd3Fh5Gj0Ks2Ma9';
const lines = (count, make) => Array.from({ length: count }, (_, index) => `${make(index)}\n`).join('');
const source = (count) => lines(count, (index) => `    let value_${index} = compute(${index}, "some text for line ${index}");`);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(label, bytes, run) {
  await run(); // warm-up
  const times = [];
  let last;
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    last = await run();
    times.push(performance.now() - started);
  }
  const ms = median(times);
  const mib = bytes / (1024 * 1024);
  console.log(`${label.padEnd(52)} ${mib.toFixed(1).padStart(7)} MiB ${ms.toFixed(1).padStart(9)} ms ${(mib / (ms / 1000)).toFixed(1).padStart(8)} MiB/s  ${last ?? ''}`);
}

const summary = (evidence) => `${Buffer.byteLength(evidence.text)} B out, +${evidence.added} -${evidence.removed}${evidence.truncated ? ', truncated' : ''}${evidence.minimal ? '' : ', not minimal'}`;

console.log(`bonsai diff evidence + redaction (median of ${ROUNDS}; input = old + new content)`);
for (const count of [10_000, 100_000]) {
  const before = source(count);
  const fewEdits = before.replace('value_17 ', 'renamed_17 ').replace(`value_${count - 5} `, `secret = "${TOKEN}"; `);
  await measure(`modify ${count} lines, 2 edits`, before.length + fewEdits.length, async () => summary(await renderDiffEvidence({ path: 'src/big.rs', kind: 'modified', oldContent: before, newContent: fewEdits })));
  const manyEdits = lines(count, (index) => (index % 7 === 0 ? `    // changed ${index}` : `    let value_${index} = compute(${index}, "some text for line ${index}");`));
  await measure(`modify ${count} lines, every 7th line edited`, before.length + manyEdits.length, async () => summary(await renderDiffEvidence({ path: 'src/big.rs', kind: 'modified', oldContent: before, newContent: manyEdits })));
  await measure(`create ${count} lines`, before.length, async () => summary(await renderDiffEvidence({ path: 'src/new.rs', kind: 'created', oldContent: '', newContent: before })));
}
const huge = `${'x'.repeat(32 * 1024 * 1024)}\n`;
await measure('create one 32 MiB line', huge.length, async () => summary(await renderDiffEvidence({ path: 'blob.min.js', kind: 'created', oldContent: '', newContent: huge })));

console.log('\nredaction alone (secretlint recommended rules + bearer-token rule)');
const plain = source(40_000);
await measure('4 MiB-ish text, no secrets', plain.length, async () => `${(await redactText(plain)).length} chars out`);
const salted = plain.replace(/value_(\d*00) /g, `token_$1 = "${TOKEN}"; `);
await measure('same text, a GitHub token every 100 lines', salted.length, async () => `${((await redactText(salted)).match(/\[REDACTED:github\]/g) ?? []).length} masked`);
const excerpt = `${'build output line\n'.repeat(3000)}AWS_SECRET_ACCESS_KEY=kq8Yv2Lm9Xr4Tn6Wp1Zs7Bc3Df5Gh0Jk2Lm4Np6Q\n`;
await measure('a 54 KB output excerpt', excerpt.length, async () => `${(await redactText(excerpt)).includes('[REDACTED:aws]') ? 'masked' : 'NOT masked'}`);
