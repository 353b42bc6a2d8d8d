import { describe, expect, it } from 'vitest';
import { bonsaiDialect } from '../../../../src/dialects/bonsai/index.js';
import { prepareBonsaiParams } from '../../../../src/dialects/bonsai/prepare-params.js';
import type { EventParams } from '../../../../src/protocol/index.js';
import { AWS_SECRET_ACCESS_KEY, GITHUB_TOKEN, SLACK_TOKEN } from './secrets.js';

const session = { id: 's-1', cwd: '/work/project' };

describe('bonsai prepareParams', () => {
  it('is the dialect\'s prepareParams', () => {
    expect(bonsaiDialect.prepareParams).toBe(prepareBonsaiParams);
  });

  it('renders each file\'s diff into files[i].diff and keeps every other field as sent', async () => {
    const params: EventParams = {
      session,
      toolName: 'write',
      toolInput: { path: 'src/main.rs', content: `new ${GITHUB_TOKEN}\n` },
      files: [{ path: 'src/main.rs', operation: 'modify', oldContent: 'old\n', newContent: 'new\n' }],
    };
    const prepared = await prepareBonsaiParams('PreFileWrite', params);
    expect(prepared.files?.[0]).toEqual({ path: 'src/main.rs', operation: 'modify', oldContent: 'old\n', newContent: 'new\n', diff: 'diff --bonsai modified src/main.rs\n--- a/src/main.rs\n+++ b/src/main.rs\n@@ -1,1 +1,1 @@\n-old\n+new\n' });
    expect(prepared.toolInput).toEqual(params.toolInput);
    expect(prepared.session).toEqual(session);
    expect(params.files?.[0]).not.toHaveProperty('diff');
  });

  it('splits a move into the destination\'s creation then the source\'s deletion', async () => {
    const prepared = await prepareBonsaiParams('PreFileWrite', {
      session,
      files: [{ path: 'src/new.rs', operation: 'move', fromPath: 'src/old.rs', oldContent: 'fn a() {}\n' }],
    });
    expect(prepared.files).toEqual([
      { path: 'src/new.rs', operation: 'create', newContent: 'fn a() {}\n', diff: 'diff --bonsai created src/new.rs\n--- /dev/null\n+++ b/src/new.rs\n@@ -0,0 +1,1 @@\n+fn a() {}\n' },
      { path: 'src/old.rs', operation: 'delete', oldContent: 'fn a() {}\n', diff: 'diff --bonsai deleted src/old.rs\n--- a/src/old.rs\n+++ /dev/null\n@@ -1,1 +0,0 @@\n-fn a() {}\n' },
    ]);
  });

  it('drops a diff the client sent: without the contents it needs a file has no diff, with them hookd renders its own', async () => {
    const prepared = await prepareBonsaiParams('PostFileWrite', {
      session,
      files: [
        { path: 'a.txt', operation: 'modify', newContent: 'x\n', diff: `+${SLACK_TOKEN}` },
        { path: 'b.txt', operation: 'create', newContent: `k=${SLACK_TOKEN}\n`, diff: 'forged' },
      ],
    } as EventParams);
    expect(prepared.files?.[0]).not.toHaveProperty('diff');
    expect((prepared.files?.[1] as { diff?: string }).diff).toBe('diff --bonsai created b.txt\n--- /dev/null\n+++ b/b.txt\n@@ -0,0 +1,1 @@\n+k=[REDACTED:slack]\n');
  });

  it('redacts the output excerpt and leaves the command as sent', async () => {
    const prepared = await prepareBonsaiParams('PostBash', {
      session,
      command: 'env | grep AWS',
      exitCode: 0,
      outputExcerpt: `AWS_SECRET_ACCESS_KEY=${AWS_SECRET_ACCESS_KEY}\n`,
    });
    expect(prepared.outputExcerpt).toBe('AWS_SECRET_ACCESS_KEY=[REDACTED:aws]\n');
    expect(prepared.command).toBe('env | grep AWS');
    expect(prepared.exitCode).toBe(0);
  });

  it('writes diff headers relative to the project root when it knows the workspace', async () => {
    const prepared = await prepareBonsaiParams('PreFileWrite', { session, files: [{ path: '/work/project/src/lib.rs', operation: 'create', newContent: '' }] }, '/work/project');
    expect((prepared.files?.[0] as { diff?: string }).diff).toBe('diff --bonsai created src/lib.rs\n--- /dev/null\n+++ b/src/lib.rs\n');
    expect(prepared.files?.[0]?.path).toBe('/work/project/src/lib.rs');
  });
});
