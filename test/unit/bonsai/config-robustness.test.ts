// Nothing a user's config file holds may throw out of the bonsai parser: arbitrary text, arbitrary TOML-shaped
// tables, and every line locator input. Property tests (fast-check) with bounded sizes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkHookTable } from '../../../src/dialects/bonsai/hook-table.js';
import { parseConfigText } from '../../../src/dialects/bonsai/parse-config.js';
import { hookTableLines, keyLine } from '../../../src/dialects/bonsai/toml-lines.js';

const fragment = fc.constantFrom('[[hooks]]\n', '[hooks.action]\n', 'name = "a"\n', 'event = "PreBash"\n', '"""\n', "'''\n", '# c\n', 'x = "\\""\n', 'action = { type = "shell", command = "true" }\n', '[other]\n', '\n', '= =\n');

describe('bonsai config robustness', () => {
  it('parseConfigText never throws and every table line is inside the text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 400 }), fc.array(fragment, { maxLength: 40 }).map((parts) => parts.join(''))), (text) => {
        const parsed = parseConfigText(text);
        const lines = text.split('\n').length;
        if (parsed.ok) for (const table of parsed.tables) if (table.line !== undefined) expect(table.line).toBeLessThanOrEqual(lines);
        for (const table of hookTableLines(text).tables) expect(keyLine(table, 'name')).toBeLessThanOrEqual(lines);
      }),
      { numRuns: 300 },
    );
  });

  it('checkHookTable never throws, and a table it accepts has every field', () => {
    const value = fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }));
    const table = fc.record(
      {
        name: fc.oneof(fc.constantFrom('ok', 'a-b_c', 'Bad', ''), value),
        event: fc.oneof(fc.constantFrom('PreBash', 'PostFileWrite', 'Nope'), value),
        matcher: fc.oneof(fc.record({ tool: fc.oneof(fc.string({ maxLength: 10 }), value), path: fc.string({ maxLength: 10 }) }, { requiredKeys: [] }), value),
        action: fc.oneof(
          fc.record({ type: fc.constantFrom('shell', 'http', 'llm_prompt', 'x'), command: value, url: fc.oneof(fc.constantFrom('http://h/', 'ftp://h', 'nope'), value), prompt: value, headers: value }, { requiredKeys: ['type'] }),
          value,
        ),
        timeout_secs: value,
        blocking: value,
        on_failure: fc.oneof(fc.constantFrom('warn', 'block'), value),
        enabled: value,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(table, value), (raw) => {
        const checked = checkHookTable(raw);
        if (checked.fields !== undefined) {
          expect(checked.problems.every((problem) => problem.severity === 'warning')).toBe(true);
          expect(checked.fields.timeoutSecs).toBeGreaterThanOrEqual(1);
        } else expect(checked.problems.some((problem) => problem.severity === 'error')).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
