// ACP tool kinds → the tool names each dialect's matchers see (docs/acp.md has the table).
import { describe, expect, it } from 'vitest';
import { DIALECT_NAMES } from '../../src/dialects/index.js';
import { MAPPED_DIALECTS, toolNameFor } from '../../src/acp/tool-names.js';

describe('toolNameFor', () => {
  it('"a Claude Bash matcher should meet an ACP execute tool call"', () => {
    expect(toolNameFor('claude', 'execute')).toBe('Bash');
  });

  it('maps execute, edit, a client file write, read, search and fetch for every dialect hookd speaks', () => {
    expect([...MAPPED_DIALECTS].sort()).toEqual([...DIALECT_NAMES].sort());
    expect(['execute', 'edit', 'write', 'read', 'search', 'fetch'].map((kind) => toolNameFor('gemini', kind))).toEqual([
      'run_shell_command',
      'replace',
      'write_file',
      'read_file',
      'search_file_content',
      'web_fetch',
    ]);
    expect(toolNameFor('wamp', 'execute')).toBe('shell');
    expect(toolNameFor('bonsai', 'execute')).toBe('bash');
    expect(toolNameFor('pbi', 'edit')).toBe('apply_patch');
    expect(toolNameFor('codex', 'execute')).toBe('Bash');
  });

  it('a kind without a name gives the title when the title is a bare name, else the kind', () => {
    expect(toolNameFor('claude', 'other', 'mcp__github__search')).toBe('mcp__github__search');
    expect(toolNameFor('claude', 'delete', 'Delete the build directory')).toBe('delete');
    expect(toolNameFor('claude', undefined, 'Run tests now')).toBe('other');
  });
});
