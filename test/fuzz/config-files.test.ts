// Property: random configuration files (claude settings and bamboo hooks.json from the real schema with
// mutations, broken JSON, random bytes, known hazards) never make initialize or hooks/reload answer -32603 or
// hang: they answer with diagnostics (or a documented error), an event afterwards is answered, and hookd keeps
// serving with nothing but protocol on stdout.
import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, it } from 'vitest';
import type { RpcMessage } from '../helpers/sidecar.js';
import { assertNoProblems, SidecarPool } from './harness/batch.js';
import { configFile, type FileContents } from './harness/configs.js';
import { fuzzParameters, fuzzTimeout } from './harness/fuzz-settings.js';
import { DOCUMENTED_ERROR_CODES, type FuzzSidecar } from './harness/fuzz-sidecar.js';
import { fuzzWorkspace, launchInitialized, removeWorkspace, resetConfigs, spawnIn, type FuzzDialect, type FuzzWorkspace } from './harness/fuzz-workspace.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const EVENT = '{"session":{"id":"fuzz-config"},"toolName":"Bash","toolInput":{"command":"ls"}}';

/** Writes the contents into the chosen files of the setup (by index among its config files), the rest as at start. */
function writeConfigs(setup: FuzzWorkspace, files: ReadonlyArray<readonly [number, FileContents]>): void {
  resetConfigs(setup);
  for (const [which, contents] of files) writeFileSync(setup.configFiles[which % setup.configFiles.length]!, contents.bytes);
}

/** A config answer is a result with diagnostics, or an error with a documented code; anything else is a problem. */
function judgeConfigAnswer(what: string, answer: RpcMessage | undefined): string[] {
  if (answer === undefined) return [`${what} got no answer (a hang)`];
  if (answer.error !== undefined) return DOCUMENTED_ERROR_CODES.includes(answer.error.code) ? [] : [`${what} answered an undocumented error: ${JSON.stringify(answer.error).slice(0, 500)}`];
  const diagnostics = (answer.result as { diagnostics?: unknown } | undefined)?.diagnostics;
  return Array.isArray(diagnostics) ? [] : [`${what} answered without a diagnostics list: ${JSON.stringify(answer.result).slice(0, 300)}`];
}

async function afterConfig(sidecar: FuzzSidecar, problems: string[]): Promise<string[]> {
  if (problems.length === 0 && !sidecar.dead) {
    const event = await sidecar.call('hooks/PreToolUse', EVENT);
    if (event === undefined) problems.push('a PreToolUse event after loading the files got no answer');
    else if (event.error !== undefined && !DOCUMENTED_ERROR_CODES.includes(event.error.code)) problems.push(`the event answered ${JSON.stringify(event.error).slice(0, 400)}`);
    if (!(await sidecar.pingAnswered())) problems.push('a ping after loading the files got no answer');
  }
  if (sidecar.dead) problems.push(`hookd died: ${sidecar.exitDescription}`);
  for (const bad of sidecar.badCodes.splice(0)) problems.push(`undocumented error code: ${JSON.stringify(bad).slice(0, 400)}`);
  for (const violation of sidecar.violations.splice(0)) problems.push(`non-protocol output: ${violation}`);
  if (problems.length > 0) problems.push(`hookd stderr (tail):\n${sidecar.stderrTail}`);
  return problems;
}

const describeFiles = (files: ReadonlyArray<readonly [number, FileContents]>) =>
  files.map(([which, contents]) => `file ${which}: ${JSON.stringify(contents.bytes.toString('utf8').slice(0, 300))} (${contents.bytes.length} bytes)`).join('\n  ');

const filesArbitrary = (dialect: FuzzDialect) => fc.array(fc.tuple(fc.nat(), configFile(dialect)), { minLength: 1, maxLength: 2 });

describe.each(['claude', 'bamboo'] as const)('random config files (%s)', (dialect) => {
  it(
    'hooks/reload answers with diagnostics, never -32603, never hangs',
    async () => {
      const setup = fuzzWorkspace(dialect);
      const pool = new SidecarPool(() => {
        resetConfigs(setup);
        return launchInitialized(setup, 'ndjson');
      });
      cleanups.push(() => removeWorkspace(setup), () => pool.close());
      await fc.assert(
        fc.asyncProperty(filesArbitrary(dialect), async (files) => {
          const sidecar = await pool.get();
          writeConfigs(setup, files);
          const problems = await afterConfig(sidecar, judgeConfigAnswer('hooks/reload', await sidecar.call('hooks/reload', '{}')));
          if (problems.length > 0) pool.retire();
          assertNoProblems(problems, `${dialect} reload of:\n  ${describeFiles(files)}`);
        }),
        fuzzParameters(40, 8_000),
      );
    },
    fuzzTimeout(8_000),
  );

  it(
    'initialize of a fresh sidecar answers with diagnostics or a documented error, never -32603, never hangs',
    async () => {
      await fc.assert(
        fc.asyncProperty(filesArbitrary(dialect), fc.constantFrom('ndjson' as const, 'content-length' as const), async (files, framing) => {
          const setup = fuzzWorkspace(dialect);
          const sidecar = spawnIn(setup, framing);
          try {
            writeConfigs(setup, files);
            const answer = await sidecar.call('initialize', JSON.stringify(setup.initializeParams));
            const problems = await afterConfig(sidecar, judgeConfigAnswer('initialize', answer));
            assertNoProblems(problems, `${dialect} initialize with:\n  ${describeFiles(files)}`);
          } finally {
            await sidecar.stop();
            removeWorkspace(setup);
          }
        }),
        fuzzParameters(6, 8_000),
      );
    },
    fuzzTimeout(8_000),
  );
});
