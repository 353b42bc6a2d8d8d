// Properties of the gemini dialect's configuration reading: random settings files (mutations of a real one, broken
// JSONC, random text, hazards) in the user and project places, and random trustedFolders.json / trusted_hooks.json,
// never make the loader throw: every problem is a diagnostic naming its file, every hook loaded is runnable as a
// command. Differential: the matcher agrees with Gemini's own `new RegExp(m).test(t)` (literal equality when invalid),
// and the settings variable expansion with Gemini's resolveEnvVarsInString (its regex, run by JavaScript).
import { mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CommandHandler } from '../../src/engine/dialect.js';
import { loadGeminiHooks } from '../../src/dialects/gemini/load.js';
import { compileGeminiMatcher } from '../../src/dialects/gemini/matcher.js';
import { expandSettingsVariables } from '../../src/dialects/gemini/settings-env.js';
import { scratchDir } from '../helpers/scratch.js';
import { fuzzParameters, fuzzTimeout } from './harness/fuzz-settings.js';

const REAL = {
  security: { folderTrust: { enabled: true } },
  hooksConfig: { enabled: true, disabled: ['noisy'] },
  hooks: {
    BeforeTool: [{ matcher: 'write_file|replace', sequential: true, hooks: [{ name: 'security-check', type: 'command', command: '$GEMINI_PROJECT_DIR/.gemini/hooks/security.sh', timeout: 5000, env: { A: '1' } }] }],
    AfterTool: [{ hooks: [{ type: 'command', command: 'echo after', description: 'log' }] }],
    SessionStart: [{ matcher: 'startup', hooks: [{ type: 'command', command: 'echo start' }] }],
  },
};

/** JSON-ish values that reach every branch of the reader: wrong types where objects, arrays, strings and numbers go. */
const hazard = fc.oneof(
  fc.constantFrom<unknown>(null, true, 0, -1, 1e400, 2 ** 31, '', '*', '(', '$', '${X:-y}', '__proto__', [], {}, [[]], { hooks: null }, { type: 'runtime', name: 'x' }, { type: 'command' }),
  fc.string({ maxLength: 12 }),
  fc.integer(),
);

/** The real file with one value somewhere replaced by a hazard. */
const mutated = fc.tuple(fc.nat(), hazard).map(([at, value]) => {
  const copy = JSON.parse(JSON.stringify(REAL)) as Record<string, unknown>;
  const slots: Array<[Record<string, unknown> | unknown[], string | number]> = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach((child, index) => (slots.push([node, index]), walk(child)));
    else if (node !== null && typeof node === 'object') for (const key of Object.keys(node)) slots.push([node as Record<string, unknown>, key]), walk((node as Record<string, unknown>)[key]);
  };
  walk(copy);
  const [parent, key] = slots[at % slots.length]!;
  (parent as Record<string | number, unknown>)[key] = value;
  return JSON.stringify(copy, null, 2);
});

const text = fc.oneof(
  mutated,
  mutated.chain((file) => fc.nat({ max: Math.max(0, file.length - 1) }).map((cut) => file.slice(0, cut))),
  mutated.map((file) => `// comment\n${file.replace('{', '{ /* c */')}`),
  fc.constantFrom('', '   ', '\uFEFF{}', '[]', 'null', '{"hooks": {"BeforeTool": [,]}}', `${'['.repeat(500)}${']'.repeat(500)}`, '{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"x"}]}]},}'),
  fc.string({ maxLength: 200 }),
);

describe('gemini configuration files (fuzz)', () => {
  it(
    'random settings, trustedFolders.json and trusted_hooks.json: the loader never throws, each error names its file, each hook is a bash command with a timeout ≥ 1 ms',
    () => {
      const root = realpathSync(scratchDir('hookd-gemini-fuzz-'));
      const home = join(root, 'home');
      const workspace = join(root, 'ws');
      const files = [join(home, '.gemini', 'settings.json'), join(workspace, '.gemini', 'settings.json'), join(home, '.gemini', 'trustedFolders.json'), join(home, '.gemini', 'trusted_hooks.json')];
      fc.assert(
        fc.property(fc.array(fc.option(text, { nil: undefined }), { minLength: 4, maxLength: 4 }), fc.boolean(), (contents, trusted) => {
          rmSync(home, { recursive: true, force: true });
          rmSync(workspace, { recursive: true, force: true });
          mkdirSync(join(home, '.gemini'), { recursive: true });
          mkdirSync(join(workspace, '.gemini'), { recursive: true });
          contents.forEach((content, index) => content !== undefined && writeFileSync(files[index]!, content));
          const result = loadGeminiHooks({ workspace, home, env: { GEMINI_CLI_SYSTEM_SETTINGS_PATH: join(root, 'none.json'), ...(trusted ? { GEMINI_CLI_TRUST_WORKSPACE: 'true' } : {}) } });
          for (const problem of result.diagnostics) {
            if (problem.severity === 'error') expect(problem.file, problem.message).toBeDefined();
            if (problem.line !== undefined) expect(problem.line).toBeGreaterThanOrEqual(1);
          }
          for (const hook of [...result.hooks, ...(result.notLoaded ?? [])]) {
            const handler = hook.handler as CommandHandler;
            expect(handler.type).toBe('command');
            expect(handler.shell).toBe('bash');
            expect(typeof handler.command === 'string' && handler.command !== '').toBe(true);
            expect(Number.isInteger(handler.timeoutMs) && handler.timeoutMs >= 1).toBe(true);
            expect(() => hook.matches('run_shell_command')).not.toThrow();
          }
        }),
        fuzzParameters(300, 8_000),
      );
    },
    fuzzTimeout(8_000),
  );

  it(
    'the matcher on BeforeTool answers what Gemini\'s matchesToolName answers: new RegExp(matcher).test(tool), or equality when it does not compile',
    () => {
      const piece = fc.constantFrom('a', 'b', '_', '.', '*', '+', '?', '|', '^', '$', '(', ')', '[', ']', '\\', '-', '{', '}', '1', ',', '(?=', '(?!', '\\d', '\\w', 'é');
      const pattern = fc.array(piece, { minLength: 1, maxLength: 8 }).map((parts) => parts.join(''));
      const target = fc.array(fc.constantFrom('a', 'b', '_', '1', '-', '.', 'é', '{', '}'), { minLength: 1, maxLength: 6 }).map((parts) => parts.join(''));
      fc.assert(
        fc.property(pattern, target, (matcher, tool) => {
          const gemini = (() => {
            const trimmed = matcher.trim();
            if (trimmed === '' || trimmed === '*') return true;
            try {
              return new RegExp(trimmed).test(tool);
            } catch {
              return trimmed === tool;
            }
          })();
          const compiled = compileGeminiMatcher('PreToolUse', matcher);
          expect(compiled.ok && compiled.matches(tool)).toBe(gemini);
        }),
        fuzzParameters(2000, 8_000),
      );
    },
    fuzzTimeout(8_000),
  );

  it(
    'settings variable expansion equals Gemini\'s resolveEnvVarsInString (its own regex and replacer, run by JavaScript)',
    () => {
      const GEMINI = /\$(?:(\w+)|{([^}]+?)(?::-([^}]*))?})/g;
      const gemini = (value: string, env: Record<string, string>) =>
        value.replace(GEMINI, (match: string, a?: string, b?: string, fallback?: string) => {
          const name = a || b || '';
          if (!name) return match;
          if (typeof env[name] === 'string') return env[name];
          if (fallback !== undefined) return fallback;
          return match;
        });
      const value = fc.array(fc.constantFrom('$', '{', '}', ':-', ':', '-', 'A', 'B', '_', '1', ' ', 'x', '$A', '${A}', '${B:-d}'), { maxLength: 12 }).map((parts) => parts.join(''));
      const env = fc.dictionary(fc.constantFrom('A', 'B', 'A1', '_', 'x', ':', 'A:'), fc.string({ maxLength: 3 }));
      fc.assert(
        fc.property(value, env, (input, variables) => {
          const clean = Object.fromEntries(Object.entries(variables));
          expect(expandSettingsVariables(input, clean)).toBe(gemini(input, clean));
        }),
        fuzzParameters(2000, 8_000),
      );
    },
    fuzzTimeout(8_000),
  );
});
