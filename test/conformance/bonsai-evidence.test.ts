// Conformance of bonsai's diff evidence and redaction (seed 001) through the dialect's own contract functions, the
// ones the engine calls: bonsaiDialect.prepareParams (before any hook sees a request) and bonsaiDialect.redact (on
// what leaves hookd for the client). The path through the engine to a hook's stdin is the engine's (prepareParams
// call) and the envelope's (the `diff` field); the acceptance e2e tests cover it through the built sidecar.
import { applyPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { bonsaiDialect } from '../../src/dialects/bonsai/index.js';
import type { EventName, EventParams, FileChange } from '../../src/protocol/index.js';
import { AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, BEARER_TOKEN, GITHUB_TOKEN, SLACK_TOKEN, leaks, rsaPrivateKey } from '../unit/dialects/bonsai/secrets.js';

const session = { id: 'session-1', cwd: '/work/project' };

async function prepare(event: EventName, params: Omit<EventParams, 'session'>): Promise<EventParams> {
  const prepareParams = bonsaiDialect.prepareParams;
  if (prepareParams === undefined) throw new Error('bonsai has no prepareParams');
  return prepareParams(event, { session, ...params }, '/work/project');
}

const diffs = (params: EventParams): (string | undefined)[] => (params.files ?? []).map((file) => (file as FileChange & { diff?: string }).diff);
const lines = (count: number) => Array.from({ length: count }, (_, index) => `line ${index}\n`).join('');

describe('bonsai conformance: diff evidence', () => {
  it('"PreFileWrite and PostFileWrite receive the same redacted per-file diff in the JSON diff field"', async () => {
    const files: FileChange[] = [
      { path: 'src/main.rs', operation: 'modify', oldContent: 'fn main() {}\n', newContent: `fn main() {\n    let token = "${GITHUB_TOKEN}";\n}\n` },
      { path: 'README.md', operation: 'create', newContent: '# bonsai\n' },
    ];
    const pre = await prepare('PreFileWrite', { files });
    const post = await prepare('PostFileWrite', { files });
    expect(diffs(pre)).toEqual(diffs(post));
    expect(diffs(pre)).toHaveLength(2);
    expect(diffs(pre)[0]).toContain('+    let token = "[REDACTED:github]";\n');
    expect(diffs(pre).join('')).not.toContain(GITHUB_TOKEN);
  });

  it('the seed\'s wire example: "diff": "diff --bonsai modified src/main.rs\\n-old\\n+new\\n"', async () => {
    const [diff] = diffs(await prepare('PreFileWrite', { toolName: 'write', toolInput: { path: 'src/main.rs' }, files: [{ path: 'src/main.rs', operation: 'modify', oldContent: 'old\n', newContent: 'new\n' }] }));
    expect(diff?.startsWith('diff --bonsai modified src/main.rs\n')).toBe(true);
    expect(diff?.endsWith('-old\n+new\n')).toBe(true);
  });

  it('"A multi-file operation runs every pre hook before the first disk write and emits post hooks only after the whole transaction commits" — one event carries every file of the operation, each with its own diff, in operation order', async () => {
    const files: FileChange[] = ['a', 'b', 'c'].map((name) => ({ path: `src/${name}.rs`, operation: 'modify', oldContent: `${name}\n`, newContent: `${name}${name}\n` }));
    const prepared = await prepare('PreFileWrite', { files });
    expect(prepared.files?.map((file) => file.path)).toEqual(['src/a.rs', 'src/b.rs', 'src/c.rs']);
    expect(diffs(prepared).map((diff) => diff?.split('\n')[0])).toEqual(['diff --bonsai modified src/a.rs', 'diff --bonsai modified src/b.rs', 'diff --bonsai modified src/c.rs']);
  });

  it('"Deletes render against /dev/null"', async () => {
    const [diff] = diffs(await prepare('PreFileWrite', { files: [{ path: '.env', operation: 'delete', oldContent: 'MODE=dev\n' }] }));
    expect(diff).toBe('diff --bonsai deleted .env\n--- a/.env\n+++ /dev/null\n@@ -1,1 +0,0 @@\n-MODE=dev\n');
  });

  it('"a move is an explicit destination creation plus source deletion"', async () => {
    const prepared = await prepare('PostFileWrite', { files: [{ path: 'src/lib/util.rs', operation: 'move', fromPath: 'src/util.rs', oldContent: 'pub fn f() {}\n' }] });
    expect(prepared.files?.map((file) => [file.operation, file.path])).toEqual([
      ['create', 'src/lib/util.rs'],
      ['delete', 'src/util.rs'],
    ]);
    expect(diffs(prepared)).toEqual([
      'diff --bonsai created src/lib/util.rs\n--- /dev/null\n+++ b/src/lib/util.rs\n@@ -0,0 +1,1 @@\n+pub fn f() {}\n',
      'diff --bonsai deleted src/util.rs\n--- a/src/util.rs\n+++ /dev/null\n@@ -1,1 +0,0 @@\n-pub fn f() {}\n',
    ]);
  });

  it('"Diff evidence is capped at 2,000 rendered lines and 128 KiB with a [diff truncated …] marker and full add/remove totals when a bound is hit"', async () => {
    const [long, wide] = diffs(
      await prepare('PreFileWrite', {
        files: [
          { path: 'long.txt', operation: 'modify', oldContent: 'x\n', newContent: lines(10_000) },
          { path: 'wide.txt', operation: 'create', newContent: `${'w'.repeat(300)}\n`.repeat(1000) },
        ],
      }),
    );
    expect(long?.split('\n').length).toBe(2001);
    expect(long?.trimEnd().split('\n').at(-1)).toBe('[diff truncated at the 2000-line bound: 1999 of 10005 lines shown; +10000 -1 lines in total]');
    expect(Buffer.byteLength(wide ?? '')).toBeLessThanOrEqual(128 * 1024);
    expect(wide?.trimEnd().split('\n').at(-1)).toMatch(/^\[diff truncated at the 128 KiB bound: \d+ of 1004 lines shown; \+1000 -0 lines in total\]$/);
  });

  it('"The structured diff shown in the TUI and the hook evidence come from the same precondition and intended content" — the evidence turns the oldContent the client sent into its newContent', async () => {
    const oldContent = 'use std::io;\n\nfn main() {\n    println!("hi");\n}\n';
    const newContent = 'use std::io;\nuse std::fs;\n\nfn main() {\n    println!("hello");\n}';
    const [diff] = diffs(await prepare('PreFileWrite', { files: [{ path: 'src/main.rs', operation: 'modify', oldContent, newContent }] }));
    expect(applyPatch(oldContent, diff ?? '')).toBe(newContent);
  });
});

describe('bonsai conformance: redaction', () => {
  it('"Output excerpts handed to hooks are pre-redacted"', async () => {
    const key = rsaPrivateKey();
    const excerpt = [
      `AWS_ACCESS_KEY_ID=${AWS_ACCESS_KEY_ID}`,
      `AWS_SECRET_ACCESS_KEY=${AWS_SECRET_ACCESS_KEY}`,
      `GITHUB_TOKEN=${GITHUB_TOKEN}`,
      `SLACK_BOT_TOKEN=${SLACK_TOKEN}`,
      `Authorization: Bearer ${BEARER_TOKEN}`,
      key,
    ].join('\n');
    const prepared = await prepare('PostBash', { command: 'env; cat id_rsa', exitCode: 0, outputExcerpt: excerpt });
    const out = prepared.outputExcerpt ?? '';
    for (const secret of [AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, GITHUB_TOKEN, SLACK_TOKEN, BEARER_TOKEN, key]) expect(leaks(out, secret)).toEqual([]);
    expect(out).toContain('GITHUB_TOKEN=[REDACTED:github]');
    expect(out).toContain('Authorization: Bearer [REDACTED:bearer-token]');
    expect(prepared.command).toBe('env; cat id_rsa');
  });

  it('"hook stderr and diagnostics are redacted before display"', async () => {
    const redact = bonsaiDialect.redact;
    if (redact === undefined) throw new Error('bonsai has no redact');
    const stderr = `curl: (22) 401 for https://deploy:${SLACK_TOKEN}@hooks.example.com\nretrying with ${GITHUB_TOKEN}\n`;
    const diagnostic = `.bonsai/config.toml:3: headers.Authorization: "Bearer ${BEARER_TOKEN}" is not expanded`;
    const [redactedStderr, redactedDiagnostic, plain] = await redact([stderr, diagnostic, 'exit 2: blocked by policy']);
    expect(redactedStderr).not.toContain(SLACK_TOKEN);
    expect(redactedStderr).not.toContain(GITHUB_TOKEN);
    expect(redactedStderr).toContain('retrying with [REDACTED:github]\n');
    expect(redactedDiagnostic).toBe('.bonsai/config.toml:3: headers.Authorization: "Bearer [REDACTED:bearer-token]" is not expanded');
    expect(plain).toBe('exit 2: blocked by policy');
  });
});
