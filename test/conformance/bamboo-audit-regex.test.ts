// Issue 9, first deviation: Rust regex syntax that re2js lacks was misread or refused. Pins the seed sentence
// "matcher is a Rust regular expression over the tool name ..." for verbose mode, class set operations, Unicode
// classes and word boundaries through the real loader and engine, and the diagnostic for what cannot be run exactly.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bambooDialect } from '../../src/dialects/bamboo/index.js';
import { Bench, trackedBenches, cmd } from './bamboo-bench.js';

const SENTENCE = '"matcher is a Rust regular expression over the tool name and is supported only for PreToolUse and PostToolUse."';

const bench = trackedBenches();

/** Dispatches PreToolUse for each tool name; returns the names whose hook ran (it records the tool name). */
async function toolsThatMatch(b: Bench, tools: readonly string[]): Promise<string[]> {
  for (const toolName of tools) await b.dispatch('PreToolUse', { toolName, toolInput: {} });
  let text = '';
  try {
    text = readFileSync(join(b.rec, 'tools'), 'utf8');
  } catch {
    // nothing matched
  }
  return text.split('\n').filter((line) => line !== '');
}

const recordTool = cmd('python3 -c "import json,sys; print(json.load(sys.stdin)[\'tool_name\'])" >> "$REC/tools"');

describe(`${SENTENCE} — Rust syntax re2js lacks`, () => {
  it(`${SENTENCE} — (?x) verbose mode with comments and escaped spaces loads and matches as in Rust`, async () => {
    const b = bench();
    const load = b.configure({ PreToolUse: [{ matcher: '(?x) ^ (?: Bash | Multi\\ Edit ) $  # the shell, or an edit with a space', hooks: [recordTool] }] });
    expect(load.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(await toolsThatMatch(b, ['Bash', 'Multi Edit', 'MultiEdit', 'Bash # the shell'])).toEqual(['Bash', 'Multi Edit']);
  });

  it(`${SENTENCE} — class set operations (&&, --, ~~) and nested classes are computed exactly`, async () => {
    const b = bench();
    const load = b.configure({ PreToolUse: [{ matcher: '^[A-Z&&[^Q]][a-z--[aeiou]]+$', hooks: [recordTool] }] });
    expect(load.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(await toolsThatMatch(b, ['Rm', 'Qm', 'Ra', 'Rst'])).toEqual(['Rm', 'Rst']);
  });

  it(`${SENTENCE} — \\w, \\d and \\b are Unicode-aware as in Rust; \\< and \\> are word boundaries, not literals`, async () => {
    const b = bench();
    b.configure({
      PreToolUse: [
        { matcher: '^\\d\\w*$', hooks: [recordTool] },
        { matcher: '\\<Edit\\>', hooks: [recordTool] },
      ],
    });
    // `\d` takes the Arabic-Indic three and `\w` the accented letter; `\<Edit\>` matches "x Edit" but not "éEdit"
    // (é is a word character in Rust, so there is no word start before the E)
    expect(await toolsThatMatch(b, ['٣é', 'x Edit', 'éEdit', '3-'])).toEqual(['٣é', 'x Edit']);
  });

  it(`${SENTENCE} — what cannot be run with Rust's meaning is an error naming the construct at file, line and field`, () => {
    const b = bench();
    const file = b.hooksFile('project');
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, JSON.stringify({ lifecycle_hooks: { PreToolUse: [{ matcher: '^Bash$', hooks: [cmd('true')] }, { matcher: '(a|-)\\bx', hooks: [cmd('true')] }] } }, null, 2));
    const result = bambooDialect.load(b.loadContext);
    const error = result.diagnostics.find((d) => d.code === 'unsupported-matcher');
    expect(error).toMatchObject({ severity: 'error', file, field: 'lifecycle_hooks.PreToolUse[1].matcher', line: expect.any(Number) });
    expect(error?.message).toContain('the word boundary `\\b` here');
  });
});
