// `hookd hooks test <name>`: fire one configured hook once on its event with the dialect's synthetic payload (or
// --input / --tool / --tool-input laid over it), ignoring its matcher, with the real runner; print its run and the
// decision. Exit 0 ok (whatever it decided); 1 it failed or was not fired (invalid, not approved, untrusted); 2 usage.
import { testHook } from '../engine/test-hook.js';
import { hooksEngine } from './hooks-engine.js';
import { hookLine } from './hooks-list.js';
import { runInterruptible } from './interruptible.js';
import { liveProgress } from './live-progress.js';
import { UsageError, type CommonFlags } from './load-options.js';
import { stdinLines, TEST_EXCERPT_BYTES } from './run-detail.js';
import { printResult } from './test-event.js';
import { readTestInput, type TestInputFlags } from './test-input.js';

export async function runHooksTest(name: string, flags: CommonFlags & TestInputFlags & { json?: boolean }, print: (line: string) => void): Promise<number> {
  const live = liveProgress();
  const { engine, workspace, runner } = hooksEngine(flags, { runOutputExcerptBytes: TEST_EXCERPT_BYTES, ...(live ? { onProgress: live.onProgress } : {}) });
  const found = engine.findHook(name);
  const custom = flags.input !== undefined || flags.tool !== undefined || flags['tool-input'] !== undefined || flags.prompt !== undefined;
  const input = custom && found.kind === 'hook' ? await readTestInput(engine.dialect, found.hook.event, flags, workspace, { overSynthetic: true }) : undefined;
  const outcome = await runInterruptible(runner, (signal) => testHook(engine, workspace, { name, ...(input ? { params: input.params } : {}) }, { signal })).finally(() => live?.stop());
  if (outcome.kind === 'invalid-request') throw new UsageError(outcome.message.replace(/^name: /, ''));
  const failed = outcome.notRun !== undefined || outcome.result === undefined || outcome.result.runs.some((run) => run.failureClass !== null);
  if (flags.json) {
    print(JSON.stringify({ hook: outcome.hook, event: outcome.event, result: outcome.result, input: outcome.input, notRun: outcome.notRun, exitStatus: failed ? 1 : 0 }, null, 2));
    return failed ? 1 : 0;
  }
  print(hookLine(outcome.hook));
  if (outcome.notRun !== undefined) {
    print(`not fired: ${outcome.notRun}`);
    return 1;
  }
  for (const line of stdinLines(outcome.stdin ?? '')) print(line);
  if (outcome.result) printResult(outcome.event, outcome.result, print, 'ran');
  return failed ? 1 : 0;
}
