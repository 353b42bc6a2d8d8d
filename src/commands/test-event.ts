// `hookd test <Event>`: a dry run of one event against the loaded configuration with the real runner (which
// hooks match, each run, the merged decision), or with --handler, of one handler as written in the dialect's
// config. Reads params (camelCase) from --input or synthesizes them. A signal while hooks run kills them (interruptible.ts).
import { dryRunHandler } from '../engine/dry-run.js';
import type { Engine } from '../engine/engine.js';
import { EVENT_NAMES, EventParamsSchemas, isEventName, type EventName, type EventParams, type EventResult } from '../protocol/index.js';
import { describeIssues } from '../protocol/issue-text.js';
import { formatDiagnostic } from './check.js';
import { liveProgress } from './live-progress.js';
import { runInterruptible } from './interruptible.js';
import { readInputFile } from './read-input-file.js';
import { UsageError, engineFromFlags, type CommonFlags } from './load-options.js';
import { syntheticParams } from './synthetic-payload.js';
import { explainLines } from './explain-lines.js';

type TestFlags = CommonFlags & { input?: string; json?: boolean; handler?: string; 'handler-file'?: string; explain?: boolean };

function parseJson(label: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(`${label}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function readInput(inputPath: string): Promise<unknown> {
  return parseJson(`--input ${inputPath}`, await readInputFile('--input', inputPath));
}

async function readParams(engine: Engine, event: EventName, inputPath: string | undefined, workspace: string): Promise<EventParams> {
  if (inputPath === undefined) return engine.dialect.syntheticParams?.(event, workspace) ?? syntheticParams(event, workspace);
  const parsed = EventParamsSchemas[event].safeParse(await readInput(inputPath));
  if (!parsed.success) throw new UsageError(`--input ${inputPath}: ${describeIssues(parsed.error.issues)}`);
  return parsed.data as EventParams;
}

function printResult(event: EventName, result: EventResult, print: (line: string) => void, verb = 'matched'): void {
  print(`${event}: ${result.runs.length} hook(s) ${verb}`);
  for (const run of result.runs) {
    const ended = run.exitCode !== null ? `exit ${run.exitCode}` : run.signal ? `signal ${run.signal}` : 'did not run';
    print(
      `  ${run.hookId}: ${run.status}${run.failureClass ? ` (${run.failureClass})` : ''}, ${ended}, ${run.durationMs.toFixed(1)} ms, decision ${run.decision}` +
        (run.message ? ` — ${run.message}` : ''),
    );
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
async function runHandler(event: EventName, flags: TestFlags, print: (line: string) => void): Promise<number> {
  const handlerFile = flags['handler-file'];
  const handler =
    flags.handler !== undefined || handlerFile === undefined
      ? parseJson('--handler', flags.handler ?? '')
      : parseJson(`--handler-file ${handlerFile}`, await readInputFile('--handler-file', handlerFile));
  const live = liveProgress();
  const { engine, loadContext, runner } = engineFromFlags(flags, live ? { onProgress: live.onProgress } : {});
  const params = flags.input !== undefined ? ((await readInput(flags.input)) as Partial<EventParams>) : undefined;
  const outcome = await runInterruptible(runner, (signal) => dryRunHandler(engine, loadContext, { event, handler, ...(params ? { params } : {}) }, { signal })).finally(() => live?.stop());
  if (outcome.kind === 'invalid-request') throw new UsageError(outcome.message);
  const failed = outcome.result === undefined || outcome.result.runs.some((run) => run.failureClass !== null);
  if (flags.json) {
    print(JSON.stringify({ diagnostics: outcome.diagnostics, result: outcome.result, input: outcome.input }, null, 2));
    return failed ? 1 : 0;
  }
  for (const diagnostic of outcome.diagnostics) print(formatDiagnostic(diagnostic));
  if (outcome.result) printResult(event, outcome.result, print, 'ran');
  else print('the handler is invalid: it did not run');
  return failed ? 1 : 0;
}

export async function runTestEvent(event: string | undefined, flags: TestFlags, print: (line: string) => void): Promise<number> {
  if (!event || !isEventName(event)) throw new UsageError(`hookd test needs an event name, one of: ${EVENT_NAMES.join(', ')}`);
  if (flags.explain && (flags.handler !== undefined || flags['handler-file'] !== undefined)) throw new UsageError('--explain explains the configured hooks; it does not go with --handler or --handler-file');
  if (flags.handler !== undefined || flags['handler-file'] !== undefined) return runHandler(event, flags, print);
  const live = liveProgress(); // a terminal's stderr: `⠋ <hookId> running 2.4 s` for hooks over a second
  const { engine, workspace, runner } = engineFromFlags(flags, live ? { onProgress: live.onProgress } : {});
  if (!engine.dialect.events.includes(event)) throw new UsageError(`the ${engine.dialect.name} dialect has no ${event} event (known: ${engine.dialect.events.join(', ')})`);
  const params = await readParams(engine, event, flags.input, workspace);
  // --explain: every configured hook and why it fires or not, decided before (and without) running anything.
  const explanation = flags.explain ? engine.explain(event, params) : undefined;
  if (explanation && !flags.json) for (const line of explainLines(explanation)) print(line);
  // Ctrl-C or SIGTERM kills every hook tree and exits 130/143 before anything is printed.
  const { result, skippedByCondition } = await runInterruptible(runner, (signal) => engine.dispatch(event, params, { signal })).finally(() => live?.stop());
  const skipped = (skippedByCondition ?? []).map((hook) => ({ hookId: hook.id, condition: hook.condition }));
  if (flags.json) {
    print(JSON.stringify({ diagnostics: engine.diagnostics(), result, ...(skipped.length > 0 ? { skipped } : {}), ...(explanation ? { explain: explanation } : {}) }, null, 2));
    return 0;
  }
  for (const diagnostic of engine.diagnostics()) print(`config ${formatDiagnostic(diagnostic)}`);
  printResult(event, result, print);
  for (const hook of skipped) print(`  ${hook.hookId}: not started — its condition ${hook.condition ?? ''} does not match`);
  return 0;
}
