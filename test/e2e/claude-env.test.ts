// Claude Code's hook environment against the built sidecar: CLAUDE_ENV_FILE and `environment`, OTEL_*,
// CLAUDE_CODE_SUBPROCESS_ENV_SCRUB, CLAUDE_CODE_REMOTE, CLAUDE_EFFORT.
import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { scratchDir } from '../helpers/scratch.js';
import { Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace, oneHook, writeClaudeSettings } from '../helpers/workspace.js';

const session = { id: 'env-session' };
const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

async function sidecarWith(settings: unknown, options: { env?: NodeJS.ProcessEnv; init?: Record<string, unknown> } = {}) {
  const workspace = makeWorkspace();
  writeClaudeSettings(workspace, settings);
  const tmp = scratchDir('hookd-env-tmp-');
  const sidecar = new Sidecar('ndjson', [], { ...process.env, ...options.env, TMPDIR: tmp });
  open.push(sidecar);
  await sidecar.initialize(workspace, options.init ?? {});
  return { sidecar, workspace, tmp };
}

/** A UserPromptSubmit hook whose plain stdout (context) shows what it saw. */
const prompt = { session, prompt: 'hi' };
const show = (expression: string) => oneHook('UserPromptSubmit', `printf '%s' "${expression}"`);

describe('CLAUDE_ENV_FILE (built sidecar)', () => {
  it('"CLAUDE_ENV_FILE: export lines come back as environment" on SessionStart', async () => {
    const { sidecar, tmp } = await sidecarWith(
      oneHook('SessionStart', `echo 'export NODE_ENV=production' >> "$CLAUDE_ENV_FILE"; echo 'export API_URL="http://localhost:8080/a b"' >> "$CLAUDE_ENV_FILE"; echo "$CLAUDE_ENV_FILE"`),
    );
    const result = await sidecar.request('hooks/SessionStart', { session, source: 'startup' });
    expect(result.environment).toEqual({ NODE_ENV: 'production', API_URL: 'http://localhost:8080/a b' });
    // The file lived in a per-session directory under hookd's TMPDIR; it is removed once read.
    expect(result.additionalContext).toMatch(new RegExp(`^${tmp}/hookd-session-[^/]+/SessionStart-hook-\\d+\\.sh$`));
    await sidecar.close();
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('"several hooks": their variables merge in configured order, the later hook wins', async () => {
    const { sidecar } = await sidecarWith({
      hooks: {
        SessionStart: [
          { hooks: [{ type: 'command', command: `sleep 0.3; echo 'export A=first' >> "$CLAUDE_ENV_FILE"; echo 'export ONLY_FIRST=1' >> "$CLAUDE_ENV_FILE"` }] },
          { hooks: [{ type: 'command', command: `echo 'A=second' >> "$CLAUDE_ENV_FILE"` }] },
        ],
      },
    });
    const result = await sidecar.request('hooks/SessionStart', { session, source: 'startup' });
    // The first hook finishes last; configured order decides, not completion order.
    expect(result.environment).toEqual({ A: 'second', ONLY_FIRST: '1' });
  });

  it('"CLAUDE_ENV_FILE is only available for SessionStart" (and Setup, CwdChanged, FileChanged): not on UserPromptSubmit', async () => {
    const { sidecar } = await sidecarWith(show('env:${CLAUDE_ENV_FILE-unset}'));
    const result = await sidecar.request('hooks/UserPromptSubmit', prompt);
    expect(result.additionalContext).toBe('env:unset');
    expect(result.environment).toBeUndefined();
  });

  it('a hook that writes nothing to CLAUDE_ENV_FILE adds no environment; the session dir is removed at SessionEnd', async () => {
    const { sidecar, tmp } = await sidecarWith({
      hooks: { SessionStart: [{ hooks: [{ type: 'command', command: 'true' }] }], SessionEnd: [{ hooks: [{ type: 'command', command: 'true' }] }] },
    });
    const result = await sidecar.request('hooks/SessionStart', { session, source: 'startup' });
    expect(result.environment).toBeUndefined();
    expect(readdirSync(tmp).filter((name) => name.startsWith('hookd-session-'))).toHaveLength(1);
    await sidecar.request('hooks/SessionEnd', { session, reason: 'other' });
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('a hook that times out contributes no environment ("timeout: output discarded")', async () => {
    const { sidecar } = await sidecarWith({
      hooks: {
        SessionStart: [
          { hooks: [{ type: 'command', command: `echo 'export LATE=1' >> "$CLAUDE_ENV_FILE"; sleep 30`, timeout: 1 }] },
          { hooks: [{ type: 'command', command: `echo 'export ON_TIME=1' >> "$CLAUDE_ENV_FILE"` }] },
        ],
      },
    });
    const result = await sidecar.request('hooks/SessionStart', { session, source: 'startup' });
    expect(result.runs[0].status).toBe('timeout');
    expect(result.environment).toEqual({ ON_TIME: '1' });
  });

  it('an environment file over 64 KiB is ignored with a note (bounded read)', async () => {
    const { sidecar } = await sidecarWith(oneHook('SessionStart', `head -c 70000 /dev/zero | tr '\\0' 'a' | sed 's/^/export BIG=/' >> "$CLAUDE_ENV_FILE"; echo 'export SMALL=1' >> "$CLAUDE_ENV_FILE"`));
    const result = await sidecar.request('hooks/SessionStart', { session, source: 'startup' });
    expect(result.environment).toBeUndefined();
    expect(result.notes.join('\n')).toMatch(/environment file has \d+ bytes, over the limit of 65536: ignored/);
  });

  it('a FIFO put in place of the environment file never blocks hookd', async () => {
    const { sidecar } = await sidecarWith(oneHook('SessionStart', `rm "$CLAUDE_ENV_FILE"; mkfifo "$CLAUDE_ENV_FILE"`));
    const result = await sidecar.request('hooks/SessionStart', { session, source: 'startup' });
    expect(result.runs[0].status).toBe('ok');
    expect(result.environment).toBeUndefined();
    expect(result.notes.join('\n')).toContain('not a regular file');
  });
});

describe('what hooks inherit (built sidecar)', () => {
  it('"OTEL_* are not inherited" by hooks', async () => {
    const { sidecar } = await sidecarWith(show('otel:$(env | grep -c ^OTEL_)'), {
      env: { OTEL_EXPORTER_OTLP_HEADERS: 'Authorization=Bearer x', OTEL_SERVICE_NAME: 'agent', HOOKD_E2E_KEPT: 'kept' },
    });
    expect((await sidecar.request('hooks/UserPromptSubmit', prompt)).additionalContext).toBe('otel:0');
  });

  const credentials = { ANTHROPIC_API_KEY: 'sk-a', ANTHROPIC_AUTH_TOKEN: 'tok', CLAUDE_CODE_OAUTH_TOKEN: 'oauth', AWS_SECRET_ACCESS_KEY: 'aws', AWS_SESSION_TOKEN: 'awss', GOOGLE_APPLICATION_CREDENTIALS: '/g.json', AZURE_CLIENT_SECRET: 'az', ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc', GITHUB_TOKEN: 'gh', GH_TOKEN: 'gh2' };
  const probe = show('${ANTHROPIC_API_KEY-x}:${ANTHROPIC_AUTH_TOKEN-x}:${CLAUDE_CODE_OAUTH_TOKEN-x}:${AWS_SECRET_ACCESS_KEY-x}:${AWS_SESSION_TOKEN-x}:${GOOGLE_APPLICATION_CREDENTIALS-x}:${AZURE_CLIENT_SECRET-x}:${ACTIONS_ID_TOKEN_REQUEST_TOKEN-x}|${GITHUB_TOKEN-x}:${GH_TOKEN-x}');

  it('"CLAUDE_CODE_SUBPROCESS_ENV_SCRUB=1 strips Anthropic and cloud credentials" from hooks, GITHUB_TOKEN / GH_TOKEN are kept', async () => {
    const { sidecar } = await sidecarWith(probe, { env: { ...credentials, CLAUDE_CODE_SUBPROCESS_ENV_SCRUB: '1' } });
    expect((await sidecar.request('hooks/UserPromptSubmit', prompt)).additionalContext).toBe('x:x:x:x:x:x:x:x|gh:gh2');
  });

  it('without the scrub hooks inherit them; the initialize option subprocessEnvScrub: true scrubs as well', async () => {
    const plain = await sidecarWith(probe, { env: credentials });
    expect((await plain.sidecar.request('hooks/UserPromptSubmit', prompt)).additionalContext).toBe('sk-a:tok:oauth:aws:awss:/g.json:az:oidc|gh:gh2');
    const option = await sidecarWith(probe, { env: credentials, init: { options: { subprocessEnvScrub: true } } });
    expect((await option.sidecar.request('hooks/UserPromptSubmit', prompt)).additionalContext).toBe('x:x:x:x:x:x:x:x|gh:gh2');
  });

  it('"CLAUDE_CODE_REMOTE=true in web sessions": set by initialize options.remote, absent otherwise', async () => {
    const remote = await sidecarWith(show('remote:${CLAUDE_CODE_REMOTE-unset}'), { init: { options: { remote: true } }, env: { CLAUDE_CODE_REMOTE: undefined } });
    expect((await remote.sidecar.request('hooks/UserPromptSubmit', prompt)).additionalContext).toBe('remote:true');
    const local = await sidecarWith(show('remote:${CLAUDE_CODE_REMOTE-unset}'), { env: { CLAUDE_CODE_REMOTE: undefined } });
    expect((await local.sidecar.request('hooks/UserPromptSubmit', prompt)).additionalContext).toBe('remote:unset');
  });

  it('"CLAUDE_EFFORT": the effort level the agent gives in session.effort', async () => {
    const { sidecar } = await sidecarWith(show('effort:${CLAUDE_EFFORT-unset}'), { env: { CLAUDE_EFFORT: undefined } });
    expect((await sidecar.request('hooks/UserPromptSubmit', { session: { ...session, effort: 'high' }, prompt: 'hi' })).additionalContext).toBe('effort:high');
    expect((await sidecar.request('hooks/UserPromptSubmit', prompt)).additionalContext).toBe('effort:unset');
  });
});
