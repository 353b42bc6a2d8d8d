// The wamp run mechanisms through the built sidecar, as a WAMP agent speaks to it: the files read at each send with
// their problems as the send's first result's warnings, the Stop cap (unresolved after two honoured blocks, with
// stop_hook_active), and events that do not fire (notFired, no runs).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scratchDir } from '../helpers/scratch.js';
import { Sidecar } from '../helpers/sidecar.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

function setup() {
  const root = scratchDir('hookd-wamp-runs-e2e-');
  const home = join(root, 'home');
  const workspace = join(root, 'ws');
  for (const dir of [join(home, '.wamp'), join(workspace, '.wamp')]) mkdirSync(dir, { recursive: true });
  const userFile = join(home, '.wamp', 'hooks.json');
  const stopLog = join(root, 'stop.jsonl');
  return { home, workspace, userFile, stopLog, write: (hooks: unknown) => writeFileSync(userFile, JSON.stringify({ hooks }, null, 2)) };
}

async function start(env: ReturnType<typeof setup>): Promise<Sidecar> {
  const sidecar = new Sidecar('ndjson');
  open.push(sidecar);
  await sidecar.request('initialize', {
    protocolVersion: '0.1',
    clientInfo: { name: 'wamp-e2e-agent', version: '1' },
    dialect: 'wamp',
    workspace: env.workspace,
    home: env.home,
    capabilities: {},
    tools: ['shell', 'write', 'edit', 'apply_patch'],
    options: { trustStorePath: join(env.home, 'trust.json') },
  });
  return sidecar;
}

const session = { id: 'conversation-1' };

describe('wamp runs through the sidecar', () => {
  it('"The agent can be kept working twice; if the hook still blocks on the final check, the Run finishes with that reason unresolved." — over the wire, with stop_hook_active', async () => {
    const env = setup();
    env.write({ Stop: [{ hooks: [{ type: 'command', command: `{ cat; echo; } >> ${JSON.stringify(env.stopLog)}; echo "keep going" >&2; exit 2` }] }] });
    const sidecar = await start(env);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await sidecar.request('hooks/Stop', { session, runId: 'run-1' }));
    expect(answers.map((answer) => answer.decision)).toEqual(['block', 'block', 'none']);
    expect(answers[2].unresolved.trim()).toBe('keep going');
    expect(answers[2].continue).toBe(true);
    const seen = readFileSync(env.stopLog, 'utf8').trim().split('\n').map((line) => JSON.parse(line).stop_hook_active);
    expect(seen).toEqual([false, true, true]);
  });

  it('"An abort, error or user Stop does not fire the hook." and "Goal continuations and scheduled turns are not prompts" — notFired, no runs', async () => {
    const env = setup();
    env.write({
      Stop: [{ hooks: [{ type: 'command', command: `{ cat; echo; } >> ${JSON.stringify(env.stopLog)}` }] }],
      UserPromptSubmit: [{ hooks: [{ type: 'command', command: `{ cat; echo; } >> ${JSON.stringify(env.stopLog)}` }] }],
    });
    const sidecar = await start(env);
    const aborted = await sidecar.request('hooks/Stop', { session, runId: 'run-1', finish: 'abort' });
    expect(aborted).toMatchObject({ decision: 'none', continue: true, runs: [] });
    expect(aborted.notFired).toContain('An abort, error or user Stop does not fire the hook');
    const goal = await sidecar.request('hooks/UserPromptSubmit', { session, runId: 'run-2', prompt: 'next step', turnKind: 'goal' });
    expect(goal.runs).toEqual([]);
    expect(goal.notFired).toContain('Goal continuations and scheduled turns are not prompts');
    expect(() => readFileSync(env.stopLog, 'utf8')).toThrow();
  });

  it('"Hooks are read once per send" — a problem in the file edited after initialize is a warning of the next send\'s first result only', async () => {
    const env = setup();
    env.write({});
    const sidecar = await start(env);
    env.write({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }], Bogus: [] });
    const first = await sidecar.request('hooks/PreToolUse', { session, runId: 'send-1', toolName: 'shell', toolInput: { command: 'ls' } });
    expect(first.warnings).toContainEqual(expect.stringContaining('Bogus'));
    expect(first.warnings).toContainEqual(expect.stringMatching(/matcher "Bash".*matches no tool/));
    const second = await sidecar.request('hooks/PreToolUse', { session, runId: 'send-1', toolName: 'shell', toolInput: { command: 'ls' } });
    expect(second.warnings).toBeUndefined();
  });
});
