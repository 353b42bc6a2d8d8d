// The bonsai dialect's configuration helpers besides the loader: synthetic params, the wire object read back into
// params (`hookd test --input`), the dry-run table parser, committed sources, tool events, and the line locator.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bonsaiDialect } from '../../../src/dialects/bonsai/index.js';
import { bonsaiParamsFromEnvelope, filesOfDiff } from '../../../src/dialects/bonsai/envelope-params.js';
import { bonsaiData, BONSAI_EVENTS } from '../../../src/dialects/bonsai/hook-data.js';
import { syntheticParams } from '../../../src/dialects/bonsai/synthetic-params.js';
import { hookTableLines, keyLine } from '../../../src/dialects/bonsai/toml-lines.js';
import { EventParamsSchemas } from '../../../src/protocol/index.js';

const context = { workspace: '/ws', home: '/home/u' };

describe('syntheticParams', () => {
  it.each(BONSAI_EVENTS)('%s: valid protocol params, deterministic, bonsai-looking', (event) => {
    const params = syntheticParams(event, '/ws');
    expect(EventParamsSchemas[event].safeParse(params).success).toBe(true);
    expect(syntheticParams(event, '/ws')).toEqual(params);
    expect(params.session.cwd).toBe('/ws');
  });

  it('file events write src/main.rs with the write tool; bash events run cargo test with the bash tool', () => {
    expect(syntheticParams('PreFileWrite', '/ws')).toMatchObject({ toolName: 'write', files: [{ path: 'src/main.rs', operation: 'modify' }] });
    expect(syntheticParams('PreToolUse', '/ws')).toMatchObject({ toolName: 'write', toolInput: { path: 'src/main.rs' } });
    expect(syntheticParams('PostBash', '/ws')).toMatchObject({ toolName: 'bash', command: 'cargo test', exitCode: 0 });
    expect(bonsaiDialect.syntheticParams).toBe(syntheticParams);
  });
});

describe('paramsFromEnvelope (the seed wire object)', () => {
  const seed = {
    event: 'PreFileWrite',
    session_id: 's-1',
    cwd: '/path/to/project',
    tool_name: 'write',
    file_path: 'src/main.rs',
    tool_args: { path: 'src/main.rs' },
    command: null,
    exit_code: null,
    output_excerpt: null,
    diff: 'diff --bonsai modified src/main.rs\n-old\n+new\n',
  };

  it("reads the seed's example into params, the diff into the file's old and new lines", () => {
    const converted = bonsaiParamsFromEnvelope(seed, undefined);
    expect(converted).toMatchObject({
      ok: true,
      event: 'PreFileWrite',
      params: {
        session: { id: 's-1', cwd: '/path/to/project' },
        toolName: 'write',
        toolInput: { path: 'src/main.rs' },
        files: [{ path: 'src/main.rs', operation: 'modify', oldContent: 'old\n', newContent: 'new\n' }],
      },
    });
    if (!converted.ok) throw new Error('unreachable');
    expect(converted.params).not.toHaveProperty('command');
    expect(converted.nativeNames).toMatchObject({ 'session.id': 'session_id', toolInput: 'tool_args', files: 'diff' });
    expect(converted.notes.join(' ')).toContain('rebuilt from the diff');
    expect(bonsaiDialect.paramsFromEnvelope).toBe(bonsaiParamsFromEnvelope);
  });

  it('PostBash: command, exit_code, output_excerpt', () => {
    const converted = bonsaiParamsFromEnvelope({ event: 'PostBash', session_id: 's', command: 'ls', exit_code: 1, output_excerpt: 'x', tool_name: 'bash', tool_args: { command: 'ls' } }, 'PostBash');
    expect(converted).toMatchObject({ ok: true, params: { command: 'ls', exitCode: 1, outputExcerpt: 'x', toolName: 'bash' } });
  });

  it.each([
    [{ ...seed, tool_nmae: 'x' }, undefined, /unknown field "tool_nmae".*did you mean "tool_name"/],
    [{ ...seed, event: 'PreWrite' }, undefined, /no event "PreWrite"/],
    [{ ...seed }, 'PostFileWrite', /command line names PostFileWrite/],
    [{ session_id: 's' }, undefined, /event is missing/],
    [{ ...seed, exit_code: 0 }, undefined, /exit_code: a PreFileWrite input has null there/],
    [{ ...seed, tool_args: 'path' }, undefined, /tool_args must be an object/],
    [{ ...seed, session_id: 7 }, undefined, /session_id must be a string/],
    [{ ...seed, file_path: 'src/lib.rs' }, undefined, /file_path is "src\/lib.rs" but the diff is about "src\/main.rs"/],
    [{ ...seed, diff: 'not a diff' }, undefined, /diff: must start with/],
    [{ event: 'PostBash', command: 'ls', exit_code: 1.5 }, undefined, /exit_code must be an integer/],
  ] as const)('rejects %j (%s) naming the field', (envelope, event, message) => {
    const converted = bonsaiParamsFromEnvelope(envelope as Record<string, unknown>, event);
    expect(converted.ok).toBe(false);
    if (!converted.ok) expect(converted.error).toMatch(message);
  });

  it('diffs: creations, deletions, hunk headers, no-newline and truncation markers', () => {
    expect(filesOfDiff('diff --bonsai created a.txt\n@@ -0,0 +1,2 @@\n+one\n+two\n')).toEqual([{ path: 'a.txt', operation: 'create', oldContent: null, newContent: 'one\ntwo\n' }]);
    expect(filesOfDiff('diff --bonsai deleted b.txt\n--- b.txt\n+++ /dev/null\n-gone\n\\ No newline at end of file\n')).toEqual([{ path: 'b.txt', operation: 'delete', oldContent: 'gone\n', newContent: null }]);
    expect(filesOfDiff('diff --bonsai modified c.txt\n keep\n-a\n+b\n[diff truncated: +10 -3]\n')).toEqual([{ path: 'c.txt', operation: 'modify', oldContent: 'keep\na\n', newContent: 'keep\nb\n' }]);
  });
});

describe('parseHandler (hooks/dryRun of one table)', () => {
  it('a table without name and event loads with the production defaults', () => {
    const parsed = bonsaiDialect.parseHandler!({ action: { type: 'shell', command: 'echo hi' }, matcher: { path: '**/*.rs' } }, 'PostFileWrite', context);
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.hook).toMatchObject({ id: 'dry-run:dry-run', event: 'PostFileWrite', source: 'dry-run', scope: 'explicit', handler: { type: 'command', command: 'echo hi', timeoutMs: 30_000 } });
    expect(parsed.hook!.trustKey).toBeUndefined();
    expect(bonsaiData(parsed.hook!)).toMatchObject({ matcher: { path: '**/*.rs' }, blocking: false, onFailure: 'warn' });
  });

  it('problems are diagnostics naming handler.<field>; no hook', () => {
    const parsed = bonsaiDialect.parseHandler!({ action: { type: 'http', url: 'ftp://x' }, timeout_secs: 0 }, 'PreBash', context);
    expect(parsed.hook).toBeUndefined();
    expect(parsed.diagnostics).toEqual([
      expect.objectContaining({ severity: 'error', field: 'handler.action.url', code: 'invalid-url' }),
      expect.objectContaining({ severity: 'error', field: 'handler.timeout_secs', code: 'invalid-timeout' }),
    ]);
    expect(bonsaiDialect.parseHandler!({ event: 'PostBash', action: { type: 'shell', command: 'x' } }, 'PreBash', context).diagnostics).toEqual([
      expect.objectContaining({ field: 'handler.event', code: 'event-mismatch' }),
    ]);
    expect(bonsaiDialect.parseHandler!('echo', 'PreBash', context).diagnostics).toEqual([expect.objectContaining({ field: 'handler', code: 'wrong-type' })]);
    expect(bonsaiDialect.parseHandler!({ matcher: { tool: '[x' }, action: { type: 'shell', command: 'x' } }, 'PreToolUse', context).diagnostics).toEqual([
      expect.objectContaining({ field: 'handler.matcher.tool', code: 'invalid-glob' }),
    ]);
  });
});

describe('dialect facts', () => {
  it('committed sources: only the project file; tool events; built-in tools; hot reload', () => {
    expect(bonsaiDialect.committedSources!(context)).toEqual([{ path: join('/ws', '.bonsai', 'config.toml'), scope: 'project' }]);
    expect(bonsaiDialect.toolEvents).toEqual(['PreToolUse', 'PostToolUse']);
    expect(bonsaiDialect.builtinTools).toEqual(['bash', 'edit', 'read', 'write']);
    expect(bonsaiDialect.hotReload).toBe(true);
  });
});

describe('toml-lines', () => {
  it('finds headers, sub-tables and key lines, skipping strings and comments', () => {
    const text = [
      '# [[hooks]] in a comment',
      'title = "[[hooks]]"',
      '[[hooks]]',
      'name = "a"',
      "prompt = '''",
      '[[hooks]]',
      "'''",
      '[hooks.action]',
      'type = "shell"',
      '[other]',
      'x = 1',
      '[[hooks]] # second',
      '"timeout_secs" = 3',
    ].join('\n');
    const located = hookTableLines(text);
    expect(located.tables.map((table) => table.header)).toEqual([3, 12]);
    expect(keyLine(located.tables[0]!, 'name')).toBe(4);
    expect(keyLine(located.tables[0]!, 'action')).toBe(8);
    expect(keyLine(located.tables[0]!, 'blocking')).toBe(3);
    expect(keyLine(located.tables[1]!, 'timeout_secs')).toBe(13);
  });

  it('basic multi-line strings with escaped quotes end where TOML says', () => {
    const text = 'a = """x \\""" y\n[[hooks]]\n"""\n[[hooks]]\n';
    expect(hookTableLines(text).tables.map((table) => table.header)).toEqual([4]);
  });
});
