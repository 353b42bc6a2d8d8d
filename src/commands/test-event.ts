// `hookd test <Event>`: a dry run of one event against the loaded configuration with the real runner:
// which hooks match, each run, and the merged decision. Reads params (camelCase) from --input or synthesizes them.
import { readFileSync } from 'node:fs';
import { EVENT_NAMES, EventParamsSchemas, isEventName, type EventParams } from '../protocol/index.js';
import { describeIssues } from '../protocol/issue-text.js';
import { formatDiagnostic } from './check.js';
import { UsageError, engineFromFlags, type CommonFlags } from './load-options.js';
import { syntheticParams } from './synthetic-payload.js';

function readParams(event: (typeof EVENT_NAMES)[number], inputPath: string | undefined, workspace: string): EventParams {
  if (inputPath === undefined) return syntheticParams(event, workspace);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(inputPath === '-' ? 0 : inputPath, 'utf8'));
  } catch (error) {
    throw new UsageError(`--input ${inputPath}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = EventParamsSchemas[event].safeParse(raw);
  if (!parsed.success)
    throw new UsageError(
      `--input ${inputPath}: ${describeIssues(parsed.error.issues)}`,
    );
  return parsed.data as EventParams;
}

export async function runTestEvent(
  event: string | undefined,
  flags: CommonFlags & { input?: string; json?: boolean },
  print: (line: string) => void,
): Promise<number> {
  if (!event || !isEventName(event)) throw new UsageError(`hookd test needs an event name, one of: ${EVENT_NAMES.join(', ')}`);
  const { engine, workspace } = engineFromFlags(flags);
  const params = readParams(event, flags.input, workspace);
  const { result } = await engine.dispatch(event, params);
  if (flags.json) {
    print(JSON.stringify({ diagnostics: engine.diagnostics(), result }, null, 2));
    return 0;
  }
  for (const diagnostic of engine.diagnostics()) print(`config ${formatDiagnostic(diagnostic)}`);
  print(`${event}: ${result.runs.length} hook(s) matched`);
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
  return 0;
}
