// Property: random codex hooks.json and config.toml files (shaped like Codex's schema with hostile values, broken
// JSON, random bytes, known hazards) never make the codex loader throw, never give a hook hookd cannot run safely,
// and never make a codex sidecar answer hooks/reload or an event with -32603 or hang. Matchers from the files are
// tested against odd tool names and always answer a boolean.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { CommandHandler, LoadContext } from '../../src/engine/dialect.js';
import { loadCodexHooks } from '../../src/dialects/codex/load.js';
import { compileCodexMatcher } from '../../src/dialects/codex/matcher.js';
import { CODEX_EVENTS } from '../../src/dialects/codex/events.js';
import { assertNoProblems, SidecarPool } from './harness/batch.js';
import { FileContents } from './harness/configs.js';
import { fuzzParameters, fuzzTimeout } from './harness/fuzz-settings.js';
import { DOCUMENTED_ERROR_CODES, FuzzSidecar } from './harness/fuzz-sidecar.js';
import { hostileValue, jsonText, nested, oddNumber, oddString, RawJson } from './harness/json-text.js';

const roots: string[] = [];
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
});

const SAFE_COMMANDS = ['true', 'cat > /dev/null', "printf '{}'", 'exit 2', "printf '{\"decision\":\"block\",\"reason\":\"r\"}'"];
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 2 });
const matcher = fc.oneof(
  fc.constantFrom('Bash', '^Bash$', '*', '', 'Edit|Write', 'a||b', 'mcp__.*', '(?i)bash', '[[:alpha:]]+', '\\A\\z', 'a{,3}', '(?P<n>x)', '(?=x)', '\\1', '(', '[', '.*', '(a+)+$', '\\p{Greek}+', '(?x) B a s h # c'),
  oddString,
  hostileValue,
);
const handler = fc.record({
  type: fc.oneof({ weight: 6, arbitrary: fc.constant('command') }, { weight: 1, arbitrary: fc.constantFrom('prompt', 'agent', 'mcp_tool', 'Command', 'http', '') }, { weight: 1, arbitrary: hostileValue }),
  command: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...SAFE_COMMANDS) }, { weight: 1, arbitrary: hostileValue }),
  commandWindows: maybe(fc.oneof(fc.constant('echo win'), hostileValue)),
  timeout: maybe(fc.oneof(oddNumber, fc.constant(null), hostileValue)),
  statusMessage: maybe(oddString),
  async: maybe(fc.oneof(fc.boolean(), hostileValue)),
  additionalContextLimit: maybe(oddNumber),
});
const groups = fc.array(fc.record({ matcher: maybe(matcher), hooks: fc.oneof({ weight: 8, arbitrary: fc.array(handler, { maxLength: 3 }) }, { weight: 1, arbitrary: hostileValue }) }), { maxLength: 3 });
const events = fc
  .array(fc.tuple(fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...CODEX_EVENTS) }, { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'pretooluse', 'BeforeTool') }, { weight: 1, arbitrary: oddString.map(String) }), fc.oneof({ weight: 8, arbitrary: groups }, { weight: 1, arbitrary: hostileValue })), { maxLength: 5 })
  .map((entries) => Object.fromEntries(entries));
const hooksObject = fc.record({ description: maybe(oddString), hooks: fc.oneof({ weight: 8, arbitrary: events }, { weight: 1, arbitrary: hostileValue }), extra: maybe(hostileValue) });

const many = (count: number) => `{"hooks":{"PreToolUse":[${Array.from({ length: count }, () => '{"matcher":"(","hooks":[{"type":"command","command":"true"}]}').join(',')}]}}`;
const hazards = fc
  .constantFrom(
    () => `{"hooks":${nested(10_000, 'object').text}}`,
    () => `{"hooks":{"PreToolUse":${nested(10_000, 'array').text}}}`,
    () => many(20_000),
    () => `{"hooks":{"Stop":[{"hooks":[${Array.from({ length: 20_000 }, () => '{"type":"command","command":"true","timeout":-1}').join(',')}]}]}}`,
    () => `\ufeff{"hooks":{}}`,
    () => `{"hooks":{"PreToolUse":[{"matcher":"${'a'.repeat(1_000_000)}","hooks":[{"type":"command","command":"true"}]}]}}`,
    () => `{"hooks":{"PreToolUse":[{"matcher":"${'(a|'.repeat(2_000)}","hooks":[]}]}}`,
    () => `{"hooks":{"PreToolUse":[{"matcher":"${'\\\\w'.repeat(1_000)}","hooks":[{"type":"command","command":"true"}]}]}}`,
    () => `{"__proto__":{"hooks":{"PreToolUse":[]}},"hooks":{"constructor":[],"toString":[{"hooks":[]}]}}`,
    () => '{"hooks":{},}',
    () => '',
    () => 'null',
    () => '[]',
  )
  .map((make) => Buffer.from(make(), 'utf8'));
const hooksFile: fc.Arbitrary<FileContents> = fc
  .oneof(
    { weight: 8, arbitrary: hooksObject.map((value) => Buffer.from(jsonText(value), 'utf8')) },
    { weight: 1, arbitrary: fc.tuple(hooksObject.map(jsonText), fc.double({ min: 0, max: 1, noNaN: true })).map(([text, cut]) => Buffer.from(text.slice(0, Math.floor(text.length * cut)), 'utf8')) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 400 }).map((bytes) => Buffer.from(bytes)) },
    { weight: 1, arbitrary: hazards },
  )
  .map((bytes) => new FileContents(bytes));

/** config.toml: the shape codex-trust reads (features, projects, hooks.state), odd values, broken TOML, bytes. */
const tomlString = (value: unknown) => JSON.stringify(typeof value === 'string' ? value : value instanceof RawJson ? value.text : String(value));
const configToml: fc.Arbitrary<FileContents> = fc
  .oneof(
    {
      weight: 6,
      arbitrary: fc
        .record({ hooks: fc.oneof(fc.constantFrom('true', 'false', '"no"', '1'), fc.constant(undefined)), project: oddString, trust: fc.constantFrom('"trusted"', '"untrusted"', '3'), key: oddString, hash: oddString })
        .map(({ hooks, project, trust, key, hash }) => `${hooks !== undefined ? `[features]\nhooks = ${hooks}\n` : ''}[projects.${tomlString(project)}]\ntrust_level = ${trust}\n[hooks.state.${tomlString(key)}]\nenabled = true\ntrusted_hash = ${tomlString(hash)}\n`),
    },
    { weight: 1, arbitrary: fc.constantFrom('[features\nhooks = ', 'hooks = [[[', '[hooks]\nPreToolUse = 3', `a = ${'['.repeat(5_000)}`, '\u0000', '') },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('latin1')) },
  )
  .map((text) => new FileContents(Buffer.from(text, 'utf8')));

const TOOL_NAMES: readonly (string | undefined)[] = ['Bash', 'apply_patch', 'spawn_agent', 'Edit', '', '__proto__', 'constructor', 'toString', 'a'.repeat(100_000), '\ud800', undefined];

function setup() {
  const root = mkdtempSync(join(tmpdir(), 'hookd-fuzz-codex-'));
  roots.push(root);
  const home = join(root, 'home');
  const workspace = join(root, 'workspace');
  mkdirSync(join(home, '.codex'), { recursive: true });
  mkdirSync(join(workspace, '.codex'), { recursive: true });
  return { root, home, workspace, userFile: join(home, '.codex', 'hooks.json'), projectFile: join(workspace, '.codex', 'hooks.json'), configFile: join(home, '.codex', 'config.toml') };
}

describe('random codex config files', () => {
  it(
    'the loader never throws; every hook runs /bin/bash -c with a timeout hookd can wait; every diagnostic names its file; matchers answer booleans',
    () => {
      const s = setup();
      const context: LoadContext = { workspace: s.workspace, home: s.home, env: {}, bypassHookTrust: true };
      fc.assert(
        fc.property(hooksFile, hooksFile, configToml, (user, project, config) => {
          writeFileSync(s.userFile, user.bytes);
          writeFileSync(s.projectFile, project.bytes);
          writeFileSync(s.configFile, config.bytes);
          const result = loadCodexHooks(context);
          const ids = new Set<string>();
          for (const hook of result.hooks) {
            const command = hook.handler as CommandHandler;
            expect(command.type).toBe('command');
            expect(command.shell).toBe('/bin/bash');
            expect(typeof command.command).toBe('string');
            expect(command.command.trim()).not.toBe('');
            expect(command.timeoutMs).toBeGreaterThanOrEqual(1_000);
            expect(command.timeoutMs).toBeLessThanOrEqual(2_147_483_647);
            expect(ids.has(hook.id), hook.id).toBe(false);
            ids.add(hook.id);
            expect(hook.review?.key).toBeTypeOf('string');
            for (const name of TOOL_NAMES) expect(typeof hook.matches(name)).toBe('boolean');
          }
          for (const entry of result.diagnostics) {
            expect(['error', 'warning', 'info']).toContain(entry.severity);
            expect(entry.message.length).toBeGreaterThan(0);
            expect(entry.file, entry.message).toBeTypeOf('string');
          }
          expect(result.diagnostics.length).toBeLessThanOrEqual(3 * 51 + 10);
        }),
        fuzzParameters(60, 15_000),
      );
    },
    fuzzTimeout(15_000),
  );

  it(
    'compileCodexMatcher never throws on any string and its predicate answers a boolean for any name',
    () => {
      fc.assert(
        fc.property(fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 30 }), fc.stringMatching(/^[A-Za-z0-9_|.*^$()[\]{}+?\\-]{0,40}$/)), fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom(...TOOL_NAMES)), (pattern, name) => {
          const compiled = compileCodexMatcher(pattern);
          if (compiled.ok) expect(typeof compiled.matches(name)).toBe('boolean');
          else expect(compiled.error.length).toBeGreaterThan(0);
        }),
        fuzzParameters(400, 8_000),
      );
    },
    fuzzTimeout(8_000),
  );
});

describe('random codex config files through a codex sidecar', () => {
  const EVENT = '{"session":{"id":"fuzz-codex"},"toolName":"Bash","toolInput":{"command":"ls"},"toolUseId":"call-1"}';
  it(
    'hooks/reload answers with diagnostics, never -32603, never hangs; a PreToolUse afterwards is answered',
    async () => {
      const s = setup();
      const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: join(s.root, 'tmp') };
      delete env['CODEX_HOME'];
      mkdirSync(env['TMPDIR']!, { recursive: true });
      const params = { protocolVersion: '0.1', clientInfo: { name: 'hookd-fuzz' }, dialect: 'codex', workspace: s.workspace, home: s.home, capabilities: {}, options: { watch: false, dangerouslyBypassHookTrust: true, trustStorePath: join(s.root, 'trust.json') } };
      const reset = () => {
        writeFileSync(s.userFile, JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'cat > /dev/null' }] }] } }));
        rmSync(s.projectFile, { force: true });
        rmSync(s.configFile, { force: true });
      };
      const pool = new SidecarPool(async () => {
        reset();
        const sidecar = new FuzzSidecar({ framing: 'ndjson', cwd: s.root, env });
        const answer = await sidecar.call('initialize', JSON.stringify(params));
        if (answer?.result === undefined) {
          await sidecar.stop();
          throw new Error(`initialize failed: ${JSON.stringify(answer)}; stderr: ${sidecar.stderrTail}`);
        }
        return sidecar;
      });
      cleanups.push(() => pool.close());
      await fc.assert(
        fc.asyncProperty(hooksFile, hooksFile, configToml, async (user, project, config) => {
          const sidecar = await pool.get();
          writeFileSync(s.userFile, user.bytes);
          writeFileSync(s.projectFile, project.bytes);
          writeFileSync(s.configFile, config.bytes);
          const problems: string[] = [];
          const reload = await sidecar.call('hooks/reload', '{}');
          if (reload === undefined) problems.push('hooks/reload got no answer (a hang)');
          else if (reload.error !== undefined && !DOCUMENTED_ERROR_CODES.includes(reload.error.code)) problems.push(`hooks/reload answered ${JSON.stringify(reload.error).slice(0, 400)}`);
          if (problems.length === 0 && !sidecar.dead) {
            const event = await sidecar.call('hooks/PreToolUse', EVENT);
            if (event === undefined) problems.push('a PreToolUse after the reload got no answer');
            else if (event.error !== undefined && !DOCUMENTED_ERROR_CODES.includes(event.error.code)) problems.push(`the event answered ${JSON.stringify(event.error).slice(0, 400)}`);
          }
          if (sidecar.dead) problems.push(`hookd died: ${sidecar.exitDescription}`);
          for (const bad of sidecar.badCodes.splice(0)) problems.push(`undocumented error code: ${JSON.stringify(bad).slice(0, 400)}`);
          for (const violation of sidecar.violations.splice(0)) problems.push(`non-protocol output: ${violation}`);
          if (problems.length > 0) {
            problems.push(`hookd stderr (tail):\n${sidecar.stderrTail}`);
            pool.retire();
          }
          assertNoProblems(problems, `codex reload of user ${fc.stringify(user)}, project ${fc.stringify(project)}, config.toml ${fc.stringify(config)}`);
        }),
        fuzzParameters(30, 10_000),
      );
    },
    fuzzTimeout(10_000),
  );
});
