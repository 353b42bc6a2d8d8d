// Dozens of hooks in one dispatch all listen to the dispatch's abort signal: that is normal, and Node must not print
// a "MaxListenersExceededWarning: Possible EventTarget memory leak" to hookd's stderr for it.
import { afterEach, expect, it } from 'vitest';
import { trackedWampBenches } from '../conformance/wamp-bench.js';

const bench = trackedWampBenches();
const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);
afterEach(() => {
  process.off('warning', onWarning);
});

it('a dispatch of 24 real hook processes adds no MaxListenersExceededWarning', async () => {
  process.on('warning', onWarning);
  const b = bench();
  b.configure({ hooks: { PreToolUse: [{ hooks: Array.from({ length: 24 }, (_, index) => ({ type: 'command', command: `echo ${index} >/dev/null` })) }] } });
  const result = await b.dispatch('PreToolUse', { toolName: 'shell', toolInput: { command: 'ls' }, toolUseId: 'c1' });
  expect(result.runs).toHaveLength(24);
  expect(result.runs.every((run) => run.status === 'ok')).toBe(true);
  // Warnings are emitted on the next tick: wait for one before looking.
  await new Promise((resolve) => setImmediate(resolve));
  expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning').map((warning) => warning.message)).toEqual([]);
});
