// `hookd test <Event>`: a dry run of one event against the loaded configuration with the real runner (which
// hooks match, each run with its stdin, output and how hookd read it, the merged decision), or with --handler, of
// one handler as written in the dialect's config. Params: test-input.ts. A signal while hooks run kills them (interruptible.ts).
import { dryRunHandler } from '../engine/dry-run.js';
import type { EventName, EventResult } from '../protocol/index.js';
import { formatDiagnostic } from './check.js';
import { explainLines } from './explain-lines.js';
import { liveProgress } from './live-progress.js';
import { runInterruptible } from './interruptible.js';
import { readInputFile } from './read-input-file.js';
import { UsageError, engineFromFlags, type CommonFlags } from './load-options.js';
import { runDetailLines, stdinLines, TEST_EXCERPT_BYTES, testExitStatus } from './run-detail.js';
import { eventArgument, readTestInput, type TestInputFlags } from './test-input.js';

type TestFlags = CommonFlags & TestInputFlags & { json?: boolean; handler?: string; 'handler-file'?: string; explain?: boolean };

function parseJson(label: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(`${label}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function printResult(event: EventName, result: EventResult, print: (line: string) => void, verb = 'matched'): void {
  print(`${event}: ${result.runs.length} hook(s) ${verb}`);
  for (const run of result.runs) {
    const ended = run.exitCode !== null ? `exit ${run.exitCode}` : run.signal ? `signal ${run.signal}` : 'did not run';
    print(
      `  ${run.hookId}: ${run.status}${run.failureClass ? ` (${run.failureClass})` : ''}, ${ended}, ${run.durationMs.toFixed(1)} ms, decision ${run.decision}` +
        (run.message ? ` — ${run.message}` : ''),
    );
    for (const line of runDetailLines(run)) print(line);
  }
  print(`decision: ${result.decision}${result.reason ? ` — ${result.reason}` : ''}`);
  if (!result.continue) print(`continue: false${result.stopReason ? ` — ${result.stopReason}` : ''}`);
  if (result.additionalContext) print(`additionalContext: ${result.additionalContext}`);
  if (result.updatedInput) print(`updatedInput: ${JSON.stringify(result.updatedInput)}`);
  if (result.systemMessage) print(`systemMessage: ${result.systemMessage}`);
  if (result.feedback) print(`feedback: ${result.feedback}`);
  for (const note of result.notes) print(`note: ${note}`);
}

/** --handler: validate and run one handler; exit 1 when it is invalid or its run failed. */
async function runHandler(given: EventName | undefined, flags: TestFlags, print: (line: string) => void): Promise<number> {
  const handlerFile = flags['handler-file'];
  const handler =
    flags.handler !== undefined || handlerFile === undefined
      ? parseJson('--handler', flags.handler ?? '')
      : parseJson(`--handler-file ${handlerFile}`, await readInputFile('--handler-file', handlerFile));
  const live = liveProgress(); // a terminal's stderr: `⠋ <hookId> running 2.4 s` for hooks over a second
  const { engine, loadContext, runner, workspace } = engineFromFlags(flags, { runOutputExcerptBytes: TEST_EXCERPT_BYTES, ...(live ? { onProgress: live.onProgress } : {}) });
  // Params laid over the dialect's synthetic payload, as hooks/dryRun does (a dialect without a dry run refuses below).
  const custom = flags.input !== undefined || flags.tool !== undefined || flags['tool-input'] !== undefined || flags.prompt !== undefined;
  const input = custom || given === undefined ? await readTestInput(engine.dialect, given, flags, workspace, { overSynthetic: true }) : undefined;
  const event = input?.event ?? given!;
  const outcome = await runInterruptible(runner, (signal) =>
    dryRunHandler(engine, loadContext, { event, handler, ...(input ? { params: input.params } : {}) }, { signal }),
  ).finally(() => live?.stop());
  if (outcome.kind === 'invalid-request') throw new UsageError(outcome.message);
  const failed = outcome.result === undefined || outcome.result.runs.some((run) => run.failureClass !== null);
  if (flags.json) {
    print(JSON.stringify({ diagnostics: outcome.diagnostics, result: outcome.result, input: outcome.input }, null, 2));
    return failed ? 1 : 0;
  }
  for (const diagnostic of outcome.diagnostics) print(formatDiagnostic(diagnostic));
  for (const line of stdinLines(outcome.stdin ?? '')) print(line);
  if (outcome.result) printResult(event, outcome.result, print, 'ran');
  else print('the handler is invalid: it did not run');
  return failed ? 1 : 0;
}

/** Exit status: 0 ok; 1 configuration errors or a failed hook; 2 usage errors (thrown as UsageError). */
export async function runTestEvent(name: string | undefined, flags: TestFlags, print: (line: string) => void): Promise<number> {
  const given = eventArgument(name, flags.input !== undefined);
  if (flags.explain && (flags.handler !== undefined || flags['handler-file'] !== undefined)) throw new UsageError('--explain explains the configured hooks; it does not go with --handler or --handler-file');
  if (flags.handler !== undefined || flags['handler-file'] !== undefined) return runHandler(given, flags, print);
  const live = liveProgress();
  const { engine, workspace, runner } = engineFromFlags(flags, { runOutputExcerptBytes: TEST_EXCERPT_BYTES, ...(live ? { onProgress: live.onProgress } : {}) });
  const { event, params, kind } = await readTestInput(engine.dialect, given, flags, workspace);
  // --explain: every configured hook and why it fires or not, decided before (and without) running anything.
  const explanation = flags.explain ? engine.explain(event, params) : undefined;
  if (explanation && !flags.json) for (const line of explainLines(explanation)) print(line);
  // Ctrl-C or SIGTERM kills every hook tree and exits 130/143 before anything is printed.
  const { result, skippedByCondition, stdin } = await runInterruptible(runner, (signal) => engine.dispatch(event, params, { signal })).finally(() => live?.stop());
  const skipped = (skippedByCondition ?? []).map((hook) => ({ hookId: hook.id, condition: hook.condition }));
  const status = testExitStatus(engine.diagnostics(), result);
  if (flags.json) {
    print(JSON.stringify({ diagnostics: engine.diagnostics(), result, ...(skipped.length > 0 ? { skipped } : {}), event, inputKind: kind, params, stdin, exitStatus: status, ...(explanation ? { explain: explanation } : {}) }, null, 2));
    return status;
  }
  for (const diagnostic of engine.diagnostics()) print(`config ${formatDiagnostic(diagnostic)}`);
  if (kind === 'envelope') print(`input: ${flags.input ?? ''} is a ${engine.dialect.name} stdin envelope, read as ${event} params`);
  for (const line of stdinLines(stdin)) print(line);
  printResult(event, result, print);
  for (const hook of skipped) print(`  ${hook.hookId}: not started — its condition ${hook.condition ?? ''} does not match`);
  return status;
}
