// wamp input and output through the built sidecar, as a WAMP agent sees them on the wire: runId required (-32602),
// hookd's own control-connection variables kept from hooks, the result fields (warnings, binding, approval, refusal)
// and how a run was read. The seed sentences themselves are pinned in test/conformance/wamp-io.test.ts.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scratchDir } from '../helpers/scratch.js';
import { Sidecar } from '../helpers/sidecar.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

type Setup = { readonly home: string; readonly project: string; readonly rec: string };

function setup(hooks: Record<string, unknown>): Setup {
  const root = scratchDir('hookd-wamp-io-e2e-');
  const home = join(root, 'home');
  const project = join(root, 'project');
  const rec = join(root, 'rec');
  for (const dir of [join(home, '.wamp'), project, rec]) mkdirSync(dir, { recursive: true });
  writeFileSync(join(home, '.wamp', 'hooks.json'), JSON.stringify({ hooks }, null, 2));
  return { home, project, rec };
}

async function start(s: Setup, env: NodeJS.ProcessEnv = {}, options: Record<string, unknown> = {}): Promise<Sidecar> {
  const sidecar = new Sidecar('ndjson', [], { ...process.env, ...env, REC: s.rec });
  open.push(sidecar);
  const init = await sidecar.request('initialize', {
    protocolVersion: '0.1',
    clientInfo: { name: 'wamp-io-e2e', version: '1' },
    dialect: 'wamp',
    workspace: s.project,
    home: s.home,
    capabilities: {},
    tools: ['shell', 'write', 'edit', 'apply_patch'],
    options,
  });
  expect(init.dialect).toBe('wamp');
  return sidecar;
}

const command = (text: string) => [{ hooks: [{ type: 'command', command: text }] }];
const conversation = { id: 'conv-e2e' };

describe('wamp io over the wire (built sidecar)', () => {
  it('an event without runId is -32602 naming runId', async () => {
    const s = setup({ PreToolUse: command('exit 0') });
    const sidecar = await start(s);
    const response = await sidecar.call('hooks/PreToolUse', { session: conversation, toolName: 'shell', toolInput: { command: 'ls' } });
    expect(response.error?.code).toBe(-32602);
    expect(response.error?.message).toContain('wamp: runId is required');
  });

  it('hooks get WAMP_PROJECT_DIR, never hookd\'s WAMP_CORE_URL and WAMP_CORE_SECRET_FILE', async () => {
    const s = setup({ PreToolUse: command('env | grep "^WAMP_" | sort > "$REC/env"; pwd > "$REC/pwd"') });
    const sidecar = await start(s, { WAMP_CORE_URL: 'http://127.0.0.1:7070', WAMP_CORE_SECRET_FILE: '/run/wamp/secret' });
    await sidecar.request('hooks/PreToolUse', { session: conversation, runId: 'r1', toolName: 'shell', toolInput: { command: 'ls' } });
    expect(readFileSync(join(s.rec, 'env'), 'utf8').trim().split('\n')).toEqual([`WAMP_PROJECT_DIR=${s.project}`]);
    expect(readFileSync(join(s.rec, 'pwd'), 'utf8').trim()).toBe(s.project);
  });

  it('a refused prompt comes back with its warning and refusal; an ask is one Allow/Deny approval; unattended, a binding deny', async () => {
    const ask = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'touches prod' } });
    const s = setup({
      UserPromptSubmit: command(`echo 'the repository is frozen' >&2; exit 2`),
      PreToolUse: [{ matcher: 'shell', hooks: [{ type: 'command', command: `printf '%s' '${ask}'` }] }],
    });
    const sidecar = await start(s);
    const refused = await sidecar.request('hooks/UserPromptSubmit', { session: conversation, runId: 'r1', prompt: 'refactor' });
    expect(refused).toMatchObject({
      decision: 'block',
      reason: 'the repository is frozen',
      warnings: ['the repository is frozen'],
      refusal: { code: 'failed_precondition', message: 'prompt refused by a hook: the repository is frozen', data: { reason: 'the repository is frozen' } },
    });
    const asked = await sidecar.request('hooks/PreToolUse', { session: conversation, runId: 'r1', toolName: 'shell', toolInput: { command: 'deploy' } });
    expect(asked).toMatchObject({ decision: 'ask', approval: { options: ['allow', 'deny'], reason: 'touches prod' } });
    const unattended = await sidecar.request('hooks/PreToolUse', { session: conversation, runId: 'r2', unattended: true, toolName: 'shell', toolInput: { command: 'deploy' } });
    expect(unattended).toMatchObject({ decision: 'deny', binding: true, reason: 'touches prod (approval needed, but nobody can answer this unattended run)' });
    expect(unattended.approval).toBeUndefined();
  });

  it('each run says how WAMP read it when excerpts are on', async () => {
    const s = setup({ PostToolUse: command(`echo 'lint: 2 errors' >&2; exit 2`) });
    const sidecar = await start(s, {}, { runOutputExcerptBytes: 256 });
    const result = await sidecar.request('hooks/PostToolUse', { session: conversation, runId: 'r1', toolName: 'shell', toolInput: { command: 'make' }, toolResponse: 'ok' });
    expect(result).toMatchObject({ decision: 'none', feedback: 'lint: 2 errors' });
    expect(result.runs[0].reading).toBe('exit 2: stderr is the reason; on PostToolUse it adds the reason as feedback → feedback for the model');
  });
});
