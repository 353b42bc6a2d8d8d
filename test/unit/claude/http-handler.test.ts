// Loading Claude Code `type: "http"` handlers from settings: fields, defaults, and diagnostics naming file, line, field.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeDialect } from '../../../src/dialects/claude/index.js';
import type { LoadResult } from '../../../src/engine/dialect.js';
import { tempTree, writeTree } from './outcome.js';

function load(project: unknown): LoadResult & { file: string } {
  const root = tempTree();
  writeTree(root, { 'ws/.claude/settings.json': project });
  const file = join(root, 'ws', '.claude', 'settings.json');
  return { ...claudeDialect.load({ workspace: join(root, 'ws'), home: join(root, 'home'), managedSettingsPath: join(root, 'none.json') }), file };
}

const http = (event: string, handler: Record<string, unknown>) => ({ hooks: { [event]: [{ hooks: [{ type: 'http', ...handler }] }] } });

describe('claude http handlers at load', () => {
  it('url, headers, allowedEnvVars, timeout (seconds → ms), statusMessage and onFailure are kept', () => {
    const result = load(
      http('PreToolUse', { url: 'https://h.test/x', headers: { A: '$T' }, allowedEnvVars: ['T'], timeout: 2.5, statusMessage: 'checking', onFailure: 'block' }),
    );
    expect(result.diagnostics).toEqual([]);
    expect(result.hooks[0]?.handler).toEqual({
      type: 'http',
      url: 'https://h.test/x',
      headers: { A: '$T' },
      allowedEnvVars: ['T'],
      timeoutMs: 2500,
      statusMessage: 'checking',
      onFailure: 'block',
    });
  });

  it('defaults: no headers, no variables, 600 s (30 s on UserPromptSubmit), onFailure continue', () => {
    const pre = load(http('PreToolUse', { url: 'http://h.test' }));
    expect(pre.hooks[0]?.handler).toEqual({ type: 'http', url: 'http://h.test', headers: {}, allowedEnvVars: [], timeoutMs: 600_000, onFailure: 'continue' });
    expect(load(http('UserPromptSubmit', { url: 'http://h.test' })).hooks[0]?.handler.timeoutMs).toBe(30_000);
  });

  it('a missing url, a header that is not a string and a bad allowedEnvVars are errors naming the field; the handler is skipped', () => {
    const result = load({
      hooks: {
        PreToolUse: [{ hooks: [{ type: 'http' }, { type: 'http', url: 'http://h.test', headers: { A: 1 } }, { type: 'http', url: 'http://h.test', allowedEnvVars: 'T' }] }],
      },
    });
    expect(result.hooks).toEqual([]);
    expect(result.diagnostics.map((entry) => [entry.severity, entry.field, entry.file === result.file, typeof entry.line])).toEqual([
      ['error', 'hooks.PreToolUse[0].hooks[0].url', true, 'number'],
      ['error', 'hooks.PreToolUse[0].hooks[1].headers.A', true, 'number'],
      ['error', 'hooks.PreToolUse[0].hooks[2].allowedEnvVars', true, 'number'],
    ]);
  });

  it('allowedHttpHookUrls that is not an array of strings is a warning and restricts nothing', () => {
    const result = load({ allowedHttpHookUrls: 'https://*', ...http('Stop', { url: 'http://h.test' }) });
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: 'warning', field: 'allowedHttpHookUrls', code: 'invalid-field', file: result.file })]);
    expect(result.hooks).toHaveLength(1);
  });

  it('an http handler is listed with its URL as the command', () => {
    const result = load(http('Stop', { url: 'http://h.test/stop' }));
    expect(result.hooks.map((hook) => hook.handler.type)).toEqual(['http']);
  });
});

describe('claude http handler header checks', () => {
  it('a header referring to a variable allowedEnvVars does not list is a warning naming the header; the hook still loads', () => {
    const result = load(http('Stop', { url: 'http://h.test', headers: { 'X-Team': '$TEAM-${TOKEN}', 'X-Ok': '$TOKEN' }, allowedEnvVars: ['TOKEN'] }));
    expect(result.hooks).toHaveLength(1);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ severity: 'warning', code: 'http-header-env-not-allowed', field: 'hooks.Stop[0].hooks[0].headers["X-Team"]', file: result.file }),
    ]);
    expect(result.diagnostics[0]?.message).toContain('$TEAM');
  });
});
