// Acceptance: multi-file writes through the built sidecar — one PreFileWrite (or one PreToolUse of a declared
// file-writing tool) fans out into one unit per file; a veto on the second file ends the request before the third;
// moves split into a creation and a deletion; the diff hooks see is capped (2,000 lines, 128 KiB) with full totals.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bonsaiSetup, session, startBonsai, writeGlobal, type BonsaiSetup, type BonsaiTable } from '../helpers/bonsai.js';
import type { Sidecar } from '../helpers/sidecar.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

/** A hook that records every wire object it receives, one file per run, named after the unit's file. */
function recorder(setup: BonsaiSetup, event: string, name = `record-${event.toLowerCase()}`): { table: BonsaiTable; read: () => any[] } {
  const dir = join(setup.workspace, '..', `seen-${name}`);
  mkdirSync(dir, { recursive: true });
  return {
    table: { name, event, action: { type: 'shell', command: `cat > "${dir}/$(date +%s%N)-$$.json"` } },
    read: () =>
      readdirSync(dir)
        .sort()
        .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8'))),
  };
}

/** A blocking guard that vetoes (exit 2, stderr the reason) a write to `path`. */
const vetoOn = (path: string, extra: Partial<BonsaiTable> = {}): BonsaiTable => ({
  name: 'no-secrets-file',
  event: 'PreFileWrite',
  blocking: true,
  action: { type: 'shell', command: `if [ "$BONSAI_FILE_PATH" = "${path}" ]; then echo "refusing to write $BONSAI_FILE_PATH" >&2; exit 2; fi` },
  ...extra,
});

const threeFiles = [
  { path: 'src/a.rs', operation: 'modify', oldContent: 'fn a() {}\n', newContent: 'fn a() { 1 }\n' },
  { path: 'config/secrets.toml', operation: 'create', oldContent: null, newContent: 'token = "x"\n' },
  { path: 'src/c.rs', operation: 'create', newContent: 'fn c() {}\n' },
];

describe('bonsai multi-file writes (built sidecar)', () => {
  it('"A multi-file operation runs every pre hook before the first disk write": a veto on the second file blocks the whole write and the third is never seen', async () => {
    const setup = bonsaiSetup();
    const seen = recorder(setup, 'PreFileWrite');
    writeGlobal(setup, [vetoOn('config/secrets.toml'), seen.table]);
    const { sidecar } = await startBonsai(setup, open);
    const result = await sidecar.request('hooks/PreFileWrite', { session: session(setup), files: threeFiles });
    expect(result.decision).toBe('block');
    expect(result.reason).toContain('refusing to write config/secrets.toml');
    expect(result.reason).toContain('config/secrets.toml');
    // The guard ran for the first file (no veto) and the second (veto); nothing ran for the third.
    const guardRuns = result.runs.filter((run: any) => run.hookId === 'global:no-secrets-file');
    expect(guardRuns.map((run: any) => [run.exitCode, run.decision])).toEqual([
      [0, 'none'],
      [2, 'block'],
    ]);
    expect(guardRuns.map((run: any) => run.unit)).toEqual([expect.stringContaining('src/a.rs'), expect.stringContaining('config/secrets.toml')]);
    const files = seen.read().map((wire) => wire.file_path);
    expect(files).not.toContain('src/c.rs');
    expect(files).toContain('src/a.rs');
  });

  it('PreToolUse of a declared file-writing tool fans out into PreToolUse, then PreFileWrite per file; a veto on the second file blocks the tool call', async () => {
    const setup = bonsaiSetup();
    const seenTool = recorder(setup, 'PreToolUse');
    const seenWrites = recorder(setup, 'PreFileWrite');
    writeGlobal(setup, [seenTool.table, vetoOn('config/secrets.toml'), seenWrites.table]);
    const { sidecar } = await startBonsai(setup, open);
    const result = await sidecar.request('hooks/PreToolUse', { session: session(setup), toolName: 'edit', toolInput: { path: 'src/a.rs' }, files: threeFiles, toolUseId: 'call-w' });
    expect(result.decision).toBe('block');
    expect(result.reason).toContain('config/secrets.toml');
    expect(seenTool.read()).toEqual([expect.objectContaining({ event: 'PreToolUse', tool_name: 'edit' })]);
    expect(result.runs[0]).toMatchObject({ hookId: 'global:record-pretooluse' });
    expect(seenWrites.read().map((wire) => wire.file_path)).not.toContain('src/c.rs');
  });

  it('PreToolUse of a file-writing tool without `files` fires one PreFileWrite for its path field (no diff)', async () => {
    const setup = bonsaiSetup();
    const seen = recorder(setup, 'PreFileWrite');
    writeGlobal(setup, [seen.table]);
    const { sidecar } = await startBonsai(setup, open);
    await sidecar.request('hooks/PreToolUse', { session: session(setup), toolName: 'write', toolInput: { path: 'src/main.rs', content: 'fn main() {}' }, toolUseId: 'call-w2' });
    expect(seen.read()).toEqual([expect.objectContaining({ event: 'PreFileWrite', file_path: 'src/main.rs', tool_name: 'write', diff: null })]);
  });

  it('"emits post hooks only after the whole transaction commits": one PostFileWrite carrying every file runs each post hook once per file', async () => {
    const setup = bonsaiSetup();
    const seen = recorder(setup, 'PostFileWrite');
    writeGlobal(setup, [seen.table]);
    const { sidecar } = await startBonsai(setup, open);
    const result = await sidecar.request('hooks/PostFileWrite', { session: session(setup), files: threeFiles });
    expect(result).toMatchObject({ decision: 'none', continue: true });
    expect(seen.read().map((wire) => wire.file_path).sort()).toEqual(['config/secrets.toml', 'src/a.rs', 'src/c.rs']);
    expect(result.runs).toHaveLength(3);
  });

  it('"PreFileWrite and PostFileWrite receive the same redacted per-file diff in the JSON diff field"', async () => {
    const setup = bonsaiSetup();
    const pre = recorder(setup, 'PreFileWrite');
    const post = recorder(setup, 'PostFileWrite');
    writeGlobal(setup, [pre.table, post.table]);
    const { sidecar } = await startBonsai(setup, open);
    const token = `ghp_${'R8sT2vW5yZ1b4C7e0G3j6L9nQ2t5V8x1A4d7'.slice(0, 36)}`;
    const files = [{ path: 'src/main.rs', operation: 'modify', oldContent: 'fn main() {}\n', newContent: `fn main() {}\nconst TOKEN: &str = "${token}";\n` }];
    await sidecar.request('hooks/PreFileWrite', { session: session(setup), files });
    await sidecar.request('hooks/PostFileWrite', { session: session(setup), files });
    const [before] = pre.read();
    const [after] = post.read();
    expect(before.diff).toMatch(/^diff --bonsai modified src\/main\.rs\n/);
    expect(before.diff).toContain('+const TOKEN');
    expect(before.diff).not.toContain(token);
    expect(after.diff).toBe(before.diff);
  });

  it('"Deletes render against /dev/null; a move is an explicit destination creation plus source deletion."', async () => {
    const setup = bonsaiSetup();
    const seen = recorder(setup, 'PreFileWrite');
    writeGlobal(setup, [seen.table]);
    const { sidecar } = await startBonsai(setup, open);
    await sidecar.request('hooks/PreFileWrite', {
      session: session(setup),
      files: [
        { path: 'src/new_name.rs', operation: 'move', fromPath: 'src/old_name.rs', oldContent: 'fn x() {}\n', newContent: 'fn x() {}\n' },
        { path: 'src/gone.rs', operation: 'delete', oldContent: 'fn gone() {}\n' },
      ],
    });
    const byPath = Object.fromEntries(seen.read().map((wire) => [wire.file_path, wire.diff as string]));
    expect(Object.keys(byPath).sort()).toEqual(['src/gone.rs', 'src/new_name.rs', 'src/old_name.rs']);
    expect(byPath['src/new_name.rs']).toMatch(/^diff --bonsai created src\/new_name\.rs\n/);
    expect(byPath['src/new_name.rs']).toContain('/dev/null');
    expect(byPath['src/new_name.rs']).toContain('+fn x() {}');
    expect(byPath['src/old_name.rs']).toMatch(/^diff --bonsai deleted src\/old_name\.rs\n/);
    expect(byPath['src/old_name.rs']).toContain('-fn x() {}');
    expect(byPath['src/gone.rs']).toMatch(/^diff --bonsai deleted src\/gone\.rs\n/);
    expect(byPath['src/gone.rs']).toContain('/dev/null');
  });

  it('"Diff evidence is capped at 2,000 rendered lines and 128 KiB with a [diff truncated …] marker and full add/remove totals when a bound is hit"', async () => {
    const setup = bonsaiSetup();
    const seen = recorder(setup, 'PreFileWrite');
    writeGlobal(setup, [seen.table]);
    const { sidecar } = await startBonsai(setup, open);
    const manyLines = Array.from({ length: 5000 }, (_, i) => `line ${i}`).join('\n') + '\n';
    const wideLines = Array.from({ length: 1000 }, (_, i) => `${i} ${'w'.repeat(300)}`).join('\n') + '\n';
    const result = await sidecar.request('hooks/PreFileWrite', {
      session: session(setup),
      files: [
        { path: 'big/many.txt', operation: 'create', newContent: manyLines },
        { path: 'big/wide.txt', operation: 'create', newContent: wideLines },
      ],
    });
    expect(result.runs.map((run: any) => run.status)).toEqual(['ok', 'ok']);
    const byPath = Object.fromEntries(seen.read().map((wire) => [wire.file_path, wire.diff as string]));
    const many = byPath['big/many.txt']!;
    expect(many.split('\n').filter((line: string) => !line.startsWith('[diff truncated')).length).toBeLessThanOrEqual(2001);
    expect(many).toMatch(/\[diff truncated[^\]]*\+5000[^\]]*-0[^\]]*\]/);
    const wide = byPath['big/wide.txt']!;
    expect(Buffer.byteLength(wide)).toBeLessThanOrEqual(128 * 1024 + 200);
    expect(wide).toMatch(/\[diff truncated[^\]]*\+1000[^\]]*-0[^\]]*\]/);
  });
});
