// What a claude hook inherits and what the dialect adds: OTEL_*, the credential scrub, CLAUDE_CODE_REMOTE,
// CLAUDE_PLUGIN_ROOT / CLAUDE_PLUGIN_DATA, CLAUDE_EFFORT, and which events get CLAUDE_ENV_FILE.
import { describe, expect, it } from 'vitest';
import { claudeDialect } from '../../../../src/dialects/claude/index.js';
import { claudeEnvironment } from '../../../../src/dialects/claude/environment.js';
import { SCRUBBED_CREDENTIALS, claudeInheritedEnvironment, isTruthyFlag } from '../../../../src/dialects/claude/inherited-environment.js';
import type { EventContext, HookSpec } from '../../../../src/engine/dialect.js';

const hook = (extra: Partial<HookSpec> = {}): HookSpec => ({
  id: 'plugin:PreToolUse[0].hooks[0]',
  event: 'PreToolUse',
  matches: () => true,
  handler: { type: 'command', command: 'true', timeoutMs: 1000, onFailure: 'continue' },
  source: '/p/hooks/hooks.json',
  scope: 'explicit',
  ...extra,
});
const context = (effort?: string): EventContext => ({
  event: 'PreToolUse',
  params: { session: { id: 's1', ...(effort !== undefined ? { effort } : {}) }, toolName: 'Bash', toolInput: {} },
  workspace: '/ws',
  sessionId: 's1',
  cwd: '/ws',
});

describe('claude inherited environment', () => {
  it('"OTEL_* are not inherited", whatever else is set; everything else is', () => {
    const env = claudeInheritedEnvironment({ OTEL_SERVICE_NAME: 'a', OTEL_EXPORTER_OTLP_HEADERS: 'Authorization=x', PATH: '/bin', OTELX: 'kept' }, {});
    expect(env).toEqual({ PATH: '/bin', OTELX: 'kept' });
  });

  it('CLAUDE_CODE_SUBPROCESS_ENV_SCRUB=1 removes exactly the credential list; GITHUB_TOKEN, GH_TOKEN and AWS_ACCESS_KEY_ID stay', () => {
    const credentials = Object.fromEntries(SCRUBBED_CREDENTIALS.map((name) => [name, 'secret']));
    const kept = { GITHUB_TOKEN: 'gh', GH_TOKEN: 'gh2', AWS_ACCESS_KEY_ID: 'id', HOME: '/h', CLAUDE_CODE_SUBPROCESS_ENV_SCRUB: '1' };
    expect(claudeInheritedEnvironment({ ...credentials, ...kept }, {})).toEqual(kept);
    expect(SCRUBBED_CREDENTIALS).toEqual(expect.arrayContaining(['ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN', 'CLAUDE_CODE_OAUTH_TOKEN', 'AWS_SECRET_ACCESS_KEY', 'GOOGLE_APPLICATION_CREDENTIALS', 'AZURE_CLIENT_SECRET']));
  });

  it('without the flag nothing is scrubbed; the initialize option wins over the flag either way', () => {
    const env = { ANTHROPIC_API_KEY: 'k' };
    expect(claudeInheritedEnvironment(env, {})).toEqual(env);
    expect(claudeInheritedEnvironment(env, { subprocessEnvScrub: true })).toEqual({});
    expect(claudeInheritedEnvironment({ ...env, CLAUDE_CODE_SUBPROCESS_ENV_SCRUB: 'true' }, { subprocessEnvScrub: false })).toMatchObject(env);
  });

  it('truthy spellings are 1, true, yes, on (any case); 0, false and empty are not', () => {
    expect(['1', 'true', 'TRUE', 'yes', 'on', ' 1 '].map(isTruthyFlag)).toEqual([true, true, true, true, true, true]);
    expect(['0', 'false', '', 'no', undefined].map(isTruthyFlag)).toEqual([false, false, false, false, false]);
  });

  it('options.remote adds CLAUDE_CODE_REMOTE=true', () => {
    expect(claudeInheritedEnvironment({}, { remote: true })).toEqual({ CLAUDE_CODE_REMOTE: 'true' });
    expect(claudeInheritedEnvironment({}, { remote: false })).toEqual({});
  });
});

describe('claude per-run environment', () => {
  it('CLAUDE_PLUGIN_ROOT and CLAUDE_PLUGIN_DATA for a hook with a plugin root, not otherwise', () => {
    expect(claudeEnvironment(context(), hook({ pluginRoot: '/plugins/fmt', pluginData: '/data/fmt' }))).toEqual({
      CLAUDE_PROJECT_DIR: '/ws',
      CLAUDE_CODE_SESSION_ID: 's1',
      CLAUDE_PLUGIN_ROOT: '/plugins/fmt',
      CLAUDE_PLUGIN_DATA: '/data/fmt',
    });
    expect(claudeEnvironment(context(), hook())).toEqual({ CLAUDE_PROJECT_DIR: '/ws', CLAUDE_CODE_SESSION_ID: 's1' });
  });

  it('CLAUDE_EFFORT from session.effort when the agent gives one', () => {
    expect(claudeEnvironment(context('high'), hook()).CLAUDE_EFFORT).toBe('high');
    expect(claudeEnvironment(context(''), hook())).not.toHaveProperty('CLAUDE_EFFORT');
  });

  it('"CLAUDE_ENV_FILE (SessionStart, Setup, CwdChanged, FileChanged)": those events only', () => {
    expect(claudeDialect.events.filter((event) => claudeDialect.envFileVariable?.(event) === 'CLAUDE_ENV_FILE').sort()).toEqual(['CwdChanged', 'FileChanged', 'SessionStart', 'Setup']);
  });
});
