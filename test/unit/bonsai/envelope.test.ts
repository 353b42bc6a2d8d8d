// The bonsai wire object (stdin of shell actions, POST body of http actions) and the BONSAI_* environment.
import { describe, expect, it } from 'vitest';
import { renderStdin, wireObject } from '../../../src/dialects/bonsai/envelope.js';
import { bonsaiEnvironment, MAX_VARIABLE_CHARS } from '../../../src/dialects/bonsai/environment.js';
import { WIRE_FIELDS } from '../../../src/dialects/bonsai/wire-fields.js';
import { context, hook, SESSION_ID, WORKSPACE } from './runtime-fixtures.js';

describe('bonsai wire object', () => {
  it('has exactly the seed\'s fields in the seed\'s order, null when absent', () => {
    const text = renderStdin(context('SessionStart', { source: 'startup' }));
    const value = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(value)).toEqual([...WIRE_FIELDS]);
    expect(value).toEqual({
      event: 'SessionStart',
      session_id: SESSION_ID,
      cwd: WORKSPACE,
      tool_name: null,
      file_path: null,
      tool_args: null,
      command: null,
      exit_code: null,
      output_excerpt: null,
      diff: null,
    });
  });

  it('a PreFileWrite unit: tool name and args, the file relative to the project root, its rendered diff', () => {
    const diff = 'diff --bonsai modified src/main.rs\n-old\n+new\n';
    const value = wireObject(
      context('PreFileWrite', {
        toolName: 'write',
        toolInput: { path: 'src/main.rs' },
        files: [{ path: `${WORKSPACE}/src/main.rs`, operation: 'modify', oldContent: 'old\n', newContent: 'new\n', diff } as never],
      }),
    );
    expect(value).toMatchObject({ event: 'PreFileWrite', tool_name: 'write', file_path: 'src/main.rs', tool_args: { path: 'src/main.rs' }, command: null, diff });
  });

  it('a unit holding several files (a multi-file tool call) shows every diff in order; file_path is the first file', () => {
    const value = wireObject(
      context('PreToolUse', {
        toolName: 'apply_patch',
        toolInput: {},
        files: [{ path: 'a.rs', operation: 'modify', diff: 'diff a\n' } as never, { path: 'b.rs', operation: 'create', diff: 'diff b\n' } as never],
      }),
    );
    expect(value.file_path).toBe('a.rs');
    expect(value.diff).toBe('diff a\ndiff b\n');
  });

  it('PostBash: command, exit code and the output excerpt; the session cwd when given', () => {
    const value = wireObject(context('PostBash', { session: { id: SESSION_ID, cwd: '/work/project/sub' }, command: 'ls', exitCode: 3, outputExcerpt: 'x' }));
    expect(value).toMatchObject({ cwd: '/work/project/sub', command: 'ls', exit_code: 3, output_excerpt: 'x' });
  });

  it('a filePath (a file tool that sent no content) is the file, with no diff', () => {
    expect(wireObject(context('PreFileWrite', { filePath: './src/lib.rs' }))).toMatchObject({ file_path: 'src/lib.rs', diff: null });
  });
});

describe('BONSAI_* environment', () => {
  it('always BONSAI_HOOK_EVENT, BONSAI_PROJECT_ROOT and BONSAI_SESSION_ID; nothing else when not applicable', () => {
    expect(bonsaiEnvironment(context('SessionStart'), hook('SessionStart'))).toEqual({
      BONSAI_HOOK_EVENT: 'SessionStart',
      BONSAI_PROJECT_ROOT: WORKSPACE,
      BONSAI_SESSION_ID: SESSION_ID,
    });
  });

  it('BONSAI_TOOL_NAME, BONSAI_FILE_PATH (relative) and BONSAI_COMMAND when the unit has them', () => {
    const env = bonsaiEnvironment(context('PreBash', { toolName: 'bash', toolInput: { command: 'rm -rf x' }, command: 'rm -rf x' }), hook('PreBash'));
    expect(env).toMatchObject({ BONSAI_TOOL_NAME: 'bash', BONSAI_COMMAND: 'rm -rf x' });
    expect(env.BONSAI_FILE_PATH).toBeUndefined();
    const write = bonsaiEnvironment(context('PostFileWrite', { files: [{ path: `${WORKSPACE}/src/a.rs`, operation: 'create' }] }), hook('PostFileWrite'));
    expect(write.BONSAI_FILE_PATH).toBe('src/a.rs');
  });

  it('a command the environment cannot hold (a NUL byte, or past the size bound) is left out; stdin still carries it', () => {
    const nul = context('PreBash', { command: 'echo a\0b' });
    expect(bonsaiEnvironment(nul, hook('PreBash')).BONSAI_COMMAND).toBeUndefined();
    const long = context('PreBash', { command: 'x'.repeat(MAX_VARIABLE_CHARS + 1) });
    expect(bonsaiEnvironment(long, hook('PreBash')).BONSAI_COMMAND).toBeUndefined();
    expect(wireObject(long).command).toHaveLength(MAX_VARIABLE_CHARS + 1);
  });
});
