// Property: whatever a hook prints (schema-shaped output with hostile fields, deep or huge JSON, broken JSON,
// random bytes), however it exits, and whatever a programmatic hook's client answers, the event is answered with
// a normal result (failed runs are run outcomes, never a JSON-RPC error) and hookd keeps serving.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, it } from 'vitest';
import { assertNoProblems, SidecarPool } from './harness/batch.js';
import { fuzzParameters, fuzzTimeout } from './harness/fuzz-settings.js';
import type { FuzzSidecar } from './harness/fuzz-sidecar.js';
import { fuzzWorkspace, launchInitialized, removeWorkspace, type FuzzDialect } from './harness/fuzz-workspace.js';
import { hostileValue, jsonText, nested, objectOf, oddString, RawJson } from './harness/json-text.js';

const BUDGET_MS = 10_000;
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const EVENTS = ['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop', 'PermissionRequest', 'SessionStart'] as const;
type HookedEvent = (typeof EVENTS)[number];

const PARAMS: Record<HookedEvent, string> = {
  PreToolUse: '{"session":{"id":"out"},"toolName":"Bash","toolInput":{"command":"ls"}}',
  PostToolUse: '{"session":{"id":"out"},"toolName":"Bash","toolInput":{"command":"ls"},"toolResponse":{"stdout":"x"}}',
  PermissionRequest: '{"session":{"id":"out"},"toolName":"Bash","toolInput":{"command":"ls"}}',
  UserPromptSubmit: '{"session":{"id":"out"},"prompt":"hi"}',
  Stop: '{"session":{"id":"out"}}',
  SessionStart: '{"session":{"id":"out"}}',
};

const field = (valid: fc.Arbitrary<unknown>) => fc.option(fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: hostileValue }), { nil: undefined, freq: 2 });

/** Hook output shaped like both dialects' output schemas for `event`, each field valid or hostile. */
const shapedOutput = (event: HookedEvent) => fc
  .record({
    continue: field(fc.boolean()),
    stopReason: field(oddString),
    systemMessage: field(fc.string()),
    suppressOutput: field(fc.boolean()),
    decision: field(fc.constantFrom('approve', 'block', 'allow', 'ask', 'deny')),
    reason: field(fc.string()),
    additional_context: field(fc.string()),
    hookSpecificOutput: field(
      fc.record({
        hookEventName: fc.oneof({ weight: 4, arbitrary: fc.constant(event) }, { weight: 1, arbitrary: fc.constantFrom(...EVENTS) }, { weight: 1, arbitrary: hostileValue }),
        additionalContext: field(fc.oneof(fc.string(), fc.constant('c'.repeat(20_000)))),
        permissionDecision: field(fc.constantFrom('allow', 'deny', 'ask', 'defer')),
        permissionDecisionReason: field(fc.string()),
        updatedInput: field(fc.oneof(fc.constant(objectOf([['deep', nested(10_000, 'array')]])), fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }), fc.constant(nested(250, 'object')))),
        decision: field(fc.record({ behavior: fc.constantFrom('allow', 'deny'), updatedInput: field(fc.object()), updatedPermissions: field(fc.array(fc.jsonValue())), message: field(fc.string()), interrupt: field(fc.boolean()) })),
        updatedToolOutput: field(fc.jsonValue({ maxDepth: 3 })),
        updatedMCPToolOutput: field(fc.jsonValue({ maxDepth: 2 })),
        sessionTitle: field(fc.string()),
        initialUserMessage: field(fc.string()),
        watchPaths: field(fc.array(oddString.map(String))),
      }),
    ),
  })
  .map((output) => jsonText(objectOf(Object.entries(output).filter(([, value]) => value !== undefined))));

/** Values that a decisive output carries into the result (rewritten input or tool output). */
const carried = fc.oneof(fc.jsonValue({ maxDepth: 3 }), hostileValue, fc.constant(objectOf([['deep', nested(10_000, 'array')]])), fc.constant(objectOf([['deep', nested(10_000, 'object')]])));

/** Complete outputs that each event acts on (a decision, a rewrite), carrying hostile values into the result. */
const decisiveOutput = (dialect: FuzzDialect, event: HookedEvent) =>
  carried.map((value) => {
    if (dialect === 'bamboo') return jsonText({ decision: event === 'PreToolUse' ? 'ask' : 'block', reason: 'r', additional_context: 'c', extra: value });
    const specific: Record<HookedEvent, unknown> = {
      PreToolUse: { hookEventName: event, permissionDecision: 'allow', permissionDecisionReason: 'ok', updatedInput: value },
      PermissionRequest: { hookEventName: event, decision: { behavior: 'allow', updatedInput: value, updatedPermissions: [value] } },
      PostToolUse: { hookEventName: event, additionalContext: 'c', updatedToolOutput: value },
      UserPromptSubmit: { hookEventName: event, additionalContext: 'c', sessionTitle: value },
      SessionStart: { hookEventName: event, additionalContext: 'c', watchPaths: value },
      Stop: { hookEventName: event, additionalContext: value },
    };
    return jsonText({ hookSpecificOutput: specific[event] });
  });

/** What a hook prints on stdout for `event`. */
const hookStdout = (dialect: FuzzDialect, event: HookedEvent): fc.Arbitrary<Buffer> => fc
  .oneof(
    { weight: 6, arbitrary: shapedOutput(event) },
    { weight: 4, arbitrary: decisiveOutput(dialect, event) },
    { weight: 1, arbitrary: fc.tuple(shapedOutput(event), fc.double({ min: 0, max: 1, noNaN: true })).map(([text, cut]) => text.slice(0, Math.floor(text.length * cut))) },
    { weight: 1, arbitrary: shapedOutput(event).map((text) => `${text}\n${text}`) },
    { weight: 1, arbitrary: fc.constantFrom(`{"x":${nested(30_000, 'array').text}}`, `{"a":${nested(10_000, 'object').text}}`, `{"reason":"${'r'.repeat(70_000)}"}`, '\ufeff{}', '{}garbage', 'plain text', '', 'null', '[1,2]', '{"decision":"block"') },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  )
  .map((text) => Buffer.from(text, 'utf8'))
  .chain((stdout) => fc.oneof({ weight: 5, arbitrary: fc.constant(stdout) }, { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)) }));

/** A programmatic hook's answer to hooks/invoke (the client's result) for `event`, valid or not. */
const clientResult = (dialect: FuzzDialect, event: HookedEvent) => fc.oneof(
  { weight: 4, arbitrary: fc.record({ output: field(fc.oneof(shapedOutput(event).map((text) => new RawJson(text)), decisiveOutput(dialect, event).map((text) => new RawJson(text)), fc.jsonValue({ maxDepth: 3 }))), exitCode: field(fc.constantFrom(0, 1, 2)), stderr: field(fc.string()) }).map((result) => jsonText(objectOf(Object.entries(result).filter(([, value]) => value !== undefined)))) },
  { weight: 1, arbitrary: hostileValue.map((value) => jsonText(value)) },
);

type Run = { event: HookedEvent; stdout: Buffer; stderr: string; exitCode: number; client: string; clientError: boolean };

const runArbitrary = (dialect: FuzzDialect): fc.Arbitrary<Run> => fc.constantFrom(...EVENTS).chain((event) =>
  fc.record({
    event: fc.constant(event),
    stdout: hookStdout(dialect, event),
    stderr: fc.oneof(fc.constant(''), fc.string({ maxLength: 50 })),
    exitCode: fc.constantFrom(0, 0, 0, 1, 2, 3, 127),
    client: clientResult(dialect, event),
    clientError: fc.boolean(),
  }),
);

function setupFor(dialect: FuzzDialect) {
  const setup = fuzzWorkspace(dialect);
  const out = join(setup.root, 'out');
  const err = join(setup.root, 'err');
  const code = join(setup.root, 'code');
  const command = `cat > /dev/null; cat '${out}'; cat '${err}' >&2; exit "$(cat '${code}')"`;
  const hooks = Object.fromEntries(EVENTS.map((event) => [event, [{ ...(event.endsWith('ToolUse') || event === 'PermissionRequest' ? { matcher: dialect === 'claude' ? 'Bash' : '^Bash$' } : {}), hooks: [{ type: 'command', command }] }]]));
  writeFileSync(setup.configFile, JSON.stringify(dialect === 'claude' ? { hooks } : { lifecycle_hooks: hooks }));
  return { setup, out, err, code };
}

async function launchWithClientHook(setup: ReturnType<typeof setupFor>['setup']): Promise<FuzzSidecar> {
  const sidecar = await launchInitialized(setup, 'ndjson');
  for (const event of EVENTS) await sidecar.call('hooks/register', JSON.stringify({ event, name: `client-${event}`, timeoutMs: 5000 }));
  return sidecar;
}

describe.each(['claude', 'bamboo'] as const)('hook output (%s)', (dialect) => {
  it(
    'whatever hooks print and clients answer, the event is answered with a result',
    async () => {
      const { setup, out, err, code } = setupFor(dialect);
      const pool = new SidecarPool(() => launchWithClientHook(setup));
      cleanups.push(() => removeWorkspace(setup), () => pool.close());
      await fc.assert(
        fc.asyncProperty(fc.array(runArbitrary(dialect), { minLength: 1, maxLength: 3 }), async (runs) => {
          const sidecar = await pool.get();
          const problems: string[] = [];
          for (const run of runs) {
            if (dialect === 'bamboo' && run.event === 'PermissionRequest') continue;
            writeFileSync(out, run.stdout);
            writeFileSync(err, run.stderr);
            writeFileSync(code, String(run.exitCode));
            sidecar.answerClient = (message) =>
              run.clientError
                ? `{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"error":{"code":-32000,"message":"client failed"}}`
                : `{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"result":${run.client}}`;
            const answer = await sidecar.call(`hooks/${run.event}`, PARAMS[run.event]);
            if (answer === undefined) problems.push(`${run.event} got no answer (${sidecar.exitDescription})`);
            else if (answer.error !== undefined) problems.push(`${run.event} answered an error instead of a result: ${JSON.stringify(answer.error).slice(0, 500)}`);
            if (problems.length > 0) break;
          }
          if (problems.length === 0 && !(await sidecar.pingAnswered())) problems.push('a ping after the events got no answer');
          for (const bad of sidecar.badCodes.splice(0)) problems.push(`undocumented error code: ${JSON.stringify(bad).slice(0, 400)}`);
          for (const violation of sidecar.violations.splice(0)) problems.push(`non-protocol output: ${violation}`);
          if (problems.length > 0) {
            problems.push(`hookd stderr (tail):\n${sidecar.stderrTail}`);
            pool.retire();
          }
          assertNoProblems(problems, `${dialect} hook output`);
        }),
        fuzzParameters(60, BUDGET_MS),
      );
    },
    fuzzTimeout(BUDGET_MS),
  );
});
