import { applyPatch } from 'diff';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_DIFF_BYTES, MAX_DIFF_LINES, renderDiffEvidence, type DiffKind } from '../../../../src/dialects/bonsai/diff-evidence.js';
import { GITHUB_TOKEN, SLACK_TOKEN, leaks, rsaPrivateKey } from './secrets.js';

const render = (kind: DiffKind, oldContent: string, newContent: string, path = 'src/main.rs', workBudget?: number) =>
  renderDiffEvidence({ path, kind, oldContent, newContent, ...(workBudget === undefined ? {} : { workBudget }) });
const kindOf = (oldContent: string, newContent: string): DiffKind => (oldContent === '' ? 'created' : newContent === '' ? 'deleted' : 'modified');
const lines = (count: number, make: (index: number) => string = (index) => `line ${index}`) => Array.from({ length: count }, (_, index) => `${make(index)}\n`).join('');

describe('bonsai diff evidence (jsdiff)', () => {
  it('renders a modification under the seed header as a unified diff', async () => {
    const evidence = await render('modified', 'old\n', 'new\n');
    expect(evidence.text).toBe('diff --bonsai modified src/main.rs\n--- a/src/main.rs\n+++ b/src/main.rs\n@@ -1,1 +1,1 @@\n-old\n+new\n');
    expect(evidence).toMatchObject({ added: 1, removed: 1, truncated: false, minimal: true });
  });

  it('renders a creation from /dev/null and a deletion against /dev/null', async () => {
    expect((await render('created', '', 'a\nb\n', 'new.txt')).text).toBe('diff --bonsai created new.txt\n--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1,2 @@\n+a\n+b\n');
    expect((await render('deleted', 'a\nb', '', 'gone.txt')).text).toBe(
      'diff --bonsai deleted gone.txt\n--- a/gone.txt\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-a\n-b\n\\ No newline at end of file\n',
    );
    expect((await render('created', '', '', 'empty.txt')).text).toBe('diff --bonsai created empty.txt\n--- /dev/null\n+++ b/empty.txt\n');
  });

  it('shows three lines of context around each change, in separate hunks when far apart', async () => {
    const before = lines(30);
    const after = before.replace('line 2\n', 'line two\n').replace('line 25\n', 'line twenty-five\n');
    const { text } = await render('modified', before, after);
    expect(text.match(/^@@ .* @@$/gm)).toEqual(['@@ -1,6 +1,6 @@', '@@ -23,7 +23,7 @@']);
    expect(text).toContain(' line 1\n-line 2\n+line two\n line 3\n');
  });

  it('is a patch that turns the old content into the new one (any content, with or without a final newline)', async () => {
    const content = fc.array(fc.constantFrom('a', 'b', 'c', '', 'a b', '\r'), { maxLength: 12 }).chain((pieces) =>
      fc.boolean().map((finalNewline) => (pieces.length === 0 ? '' : pieces.join('\n') + (finalNewline ? '\n' : ''))),
    );
    await fc.assert(
      fc.asyncProperty(content, content, async (oldContent, newContent) => {
        const { text, truncated } = await render(kindOf(oldContent, newContent), oldContent, newContent);
        expect(truncated).toBe(false);
        expect(applyPatch(oldContent, text)).toBe(newContent);
      }),
      { numRuns: 300 },
    );
  });

  it('past the work bound it is still a patch that turns the old content into the new one', async () => {
    const content = fc.array(fc.constantFrom('a', 'b', 'c', '', 'a b'), { maxLength: 12 }).chain((pieces) =>
      fc.boolean().map((finalNewline) => (pieces.length === 0 ? '' : pieces.join('\n') + (finalNewline ? '\n' : ''))),
    );
    await fc.assert(
      fc.asyncProperty(content, content, async (oldContent, newContent) => {
        const { text } = await render(kindOf(oldContent, newContent), oldContent, newContent, 'f', 1);
        const patch = text.split('\n').filter((line) => !line.startsWith('[diff not minimal')).join('\n');
        expect(applyPatch(oldContent, patch)).toBe(newContent);
      }),
      { numRuns: 300 },
    );
  });

  it('masks secrets in the diff, keeping true line numbers; a rotated secret still shows as a changed line', async () => {
    const key = rsaPrivateKey();
    const before = `a\nGH=ghp_0123456789abcdefghijABCDEFGHIJ012345\nb\n`;
    const after = `a\nGH=${GITHUB_TOKEN}\nb\n${key}SLACK=${SLACK_TOKEN}\nend\n`;
    const { text } = await render('modified', before, after);
    expect(text).not.toContain('ghp_');
    expect(text).not.toContain(SLACK_TOKEN);
    expect(leaks(text, key)).toEqual([]);
    expect(text).toContain('-GH=[REDACTED:github]\n+GH=[REDACTED:github]\n');
    expect(text).toContain('+[REDACTED:privatekey]\n');
    expect(text).toContain('+SLACK=[REDACTED:slack]\n');
    const keyLines = key.split('\n').length - 1;
    expect(text).toContain(`@@ -1,3 +1,${5 + keyLines} @@`);
  });

  it('caps the evidence at 2,000 rendered lines with a marker carrying the full totals', async () => {
    const evidence = await render('created', '', lines(5000));
    const rendered = evidence.text.split('\n').slice(0, -1);
    expect(rendered).toHaveLength(MAX_DIFF_LINES);
    expect(rendered.at(-1)).toBe('[diff truncated at the 2000-line bound: 1999 of 5004 lines shown; +5000 -0 lines in total]');
    expect(evidence).toMatchObject({ truncated: true, added: 5000, removed: 0 });
  });

  it('caps the evidence at 128 KiB with a marker carrying the full totals', async () => {
    const wide = (index: number) => `${index} ${'w'.repeat(1000)}`;
    const evidence = await render('modified', lines(600, (index) => `old ${index}`), lines(600, wide));
    expect(Buffer.byteLength(evidence.text)).toBeLessThanOrEqual(MAX_DIFF_BYTES);
    expect(evidence.text).toMatch(/\n\[diff truncated at the 128 KiB bound: \d+ of 1204 lines shown; \+600 -600 lines in total\]\n$/);
    const huge = await render('created', '', `${'x'.repeat(4 * 1024 * 1024)}\n`);
    expect(Buffer.byteLength(huge.text)).toBeLessThanOrEqual(MAX_DIFF_BYTES);
    expect(huge.text.length).toBeLessThanOrEqual(MAX_DIFF_BYTES);
    expect(huge.text.slice(-200)).toContain('[diff truncated at the 128 KiB bound: 4 of 5 lines shown; +1 -0 lines in total]');
  });

  it('bounds the work on huge inputs: past the work bound the changed region is shown as replaced, with exact totals of that diff', async () => {
    const before = lines(40_000);
    const after = lines(40_000, (index) => (index % 10 === 0 ? `changed ${index}` : `line ${index}`));
    const evidence = await render('modified', before, after);
    expect(evidence.minimal).toBe(false);
    expect(evidence.truncated).toBe(true);
    expect(evidence).toMatchObject({ added: 39_991, removed: 39_991 });
    expect(evidence.text).toContain('\n[diff not minimal: over the diff work bound, the changed region is shown as replaced]\n');
    expect(evidence.text.split('\n').length - 1).toBe(MAX_DIFF_LINES);
  });

  it('quotes a path that could forge diff lines', async () => {
    const { text } = await render('created', '', 'x\n', 'a\n+++ b/evil');
    expect(text.split('\n')[0]).toBe('diff --bonsai created "a\\n+++ b/evil"');
    expect(text.split('\n')).toHaveLength(6);
  });
});
