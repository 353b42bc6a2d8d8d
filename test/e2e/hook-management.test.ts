// Management of single hooks against the built sidecar, for any dialect (claude and bamboo here; bonsai in
// bonsai-manage.test.ts): hooks/list states and provenance, hooks/setEnabled (a session toggle kept across reloads)
// and hooks/test (fire one hook once with the synthetic payload, its matcher ignored, through the real runner).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bambooSetup, bambooSidecar, initializeBamboo, writeBambooConfig } from '../helpers/bamboo.js';
import { allGone, readPids } from '../helpers/pid-file.js';
import { waitUntil } from '../helpers/processes.js';
import { Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace, writeClaudeSettings } from '../helpers/workspace.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

const session = { id: 'e2e-manage' };
const bash = (command = 'ls') => ({ session, toolName: 'Bash', toolInput: { command }, toolUseId: 'toolu_manage_1' });
const lines = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);

/** A claude workspace whose PreToolUse hooks append their name to `out`; `guard` blocks Write calls. */
function claudeScene() {
  const workspace = makeWorkspace('hookd-manage-ws-');
  const out = join(makeWorkspace('hookd-manage-out-'), 'ran');
  const settings = (tag: string) => ({
    hooks: {
      PreToolUse: [
        { matcher: 'Bash', hooks: [{ type: 'command', command: `printf '%s\\n' audit-${tag} >> '${out}'` }] },
        { matcher: 'Write', hooks: [{ type: 'command', command: `cat > '${out}.stdin'; echo "no writes" >&2; exit 2` }] },
      ],
    },
  });
  const file = writeClaudeSettings(workspace, settings('v1'));
  return { workspace, out, file, rewrite: (tag: string) => writeClaudeSettings(workspace, settings(tag)) };
}

async function claudeSession(workspace: string): Promise<Sidecar> {
  const sidecar = new Sidecar();
  open.push(sidecar);
  await sidecar.initialize(workspace, { home: workspace, options: { watch: false } });
  return sidecar;
}

const AUDIT = 'project:PreToolUse[0].hooks[0]';
const GUARD = 'project:PreToolUse[1].hooks[0]';

describe('hooks/list: state and provenance of every hook (claude, built sidecar)', () => {
  it('each configured hook has state active and its provenance: scope, file, line and field', async () => {
    const scene = claudeScene();
    const sidecar = await claudeSession(scene.workspace);
    const { hooks } = await sidecar.request('hooks/list');
    expect(hooks.map((hook: { id: string }) => hook.id)).toEqual([AUDIT, GUARD]);
    for (const hook of hooks) {
      expect(hook.state).toBe('active');
      expect(hook.enabled).toBe(true);
      expect(hook.provenance).toMatchObject({ scope: 'project', file: scene.file, field: expect.stringContaining('hooks.PreToolUse[') });
      expect(hook.provenance.line).toBeGreaterThanOrEqual(1);
      expect(hook.sessionEnabled).toBeUndefined();
    }
    // The second handler is written further down the file than the first.
    expect(hooks[1].provenance.line).toBeGreaterThan(hooks[0].provenance.line);
  });
});

describe('hooks/setEnabled: a session toggle by name (claude, built sidecar)', () => {
  it('a hook disabled for the session stops firing at once; enabled again, it fires again', async () => {
    const scene = claudeScene();
    const sidecar = await claudeSession(scene.workspace);
    await sidecar.request('hooks/PreToolUse', bash());
    expect(lines(scene.out)).toEqual(['audit-v1']);

    const off = await sidecar.request('hooks/setEnabled', { name: AUDIT, enabled: false });
    expect(off.hook).toMatchObject({ id: AUDIT, state: 'disabled', enabled: false, sessionEnabled: false, stateReason: expect.stringContaining('this session') });
    expect(off.persist).toContain(scene.file);
    const skipped = await sidecar.request('hooks/PreToolUse', bash());
    expect(skipped.runs).toEqual([]);
    expect(lines(scene.out)).toEqual(['audit-v1']);
    const listed = await sidecar.request('hooks/list');
    expect(listed.hooks.find((hook: { id: string }) => hook.id === AUDIT)).toMatchObject({ state: 'disabled', sessionEnabled: false });
    expect(listed.hooks.find((hook: { id: string }) => hook.id === GUARD)).toMatchObject({ state: 'active' });

    const explained = await sidecar.request('hooks/explain', { event: 'PreToolUse', params: bash() });
    expect(JSON.stringify(explained)).toContain('disabled for this session');

    const on = await sidecar.request('hooks/setEnabled', { name: AUDIT, enabled: true });
    expect(on.hook).toMatchObject({ state: 'active', enabled: true, sessionEnabled: true });
    await sidecar.request('hooks/PreToolUse', bash());
    expect(lines(scene.out)).toEqual(['audit-v1', 'audit-v1']);
  });

  it('the toggle outlasts a reload: the edited hook of the same name stays disabled', async () => {
    const scene = claudeScene();
    const sidecar = await claudeSession(scene.workspace);
    await sidecar.request('hooks/setEnabled', { name: AUDIT, enabled: false });
    scene.rewrite('v2');
    const reloaded = await sidecar.request('hooks/reload');
    const audit = reloaded.hooks.find((hook: { id: string }) => hook.id === AUDIT);
    expect(audit).toMatchObject({ state: 'disabled', command: expect.stringContaining('audit-v2') });
    const result = await sidecar.request('hooks/PreToolUse', bash());
    expect(result.runs).toEqual([]);
    expect(lines(scene.out)).toEqual([]);
  });

  it('a name that names no hook is -32602 naming the field and the known names', async () => {
    const scene = claudeScene();
    const sidecar = await claudeSession(scene.workspace);
    const response = await sidecar.call('hooks/setEnabled', { name: 'no-such-hook', enabled: false });
    expect(response.error?.code).toBe(-32602);
    expect(response.error?.message).toContain('name');
    expect(response.error?.message).toContain(AUDIT);
    const missing = await sidecar.call('hooks/setEnabled', { name: AUDIT });
    expect(missing.error?.code).toBe(-32602);
    expect(missing.error?.message).toContain('enabled');
  });
});

describe('hooks/test: fire one hook once (claude, built sidecar)', () => {
  it('fires it on its own event with the synthetic payload, ignoring its matcher, and answers its decision', async () => {
    const scene = claudeScene();
    const sidecar = await claudeSession(scene.workspace);
    // The synthetic PreToolUse is a Bash call: the guard's matcher (Write) would never let it run.
    const answer = await sidecar.request('hooks/test', { name: GUARD });
    expect(answer.event).toBe('PreToolUse');
    expect(answer.hook).toMatchObject({ id: GUARD, state: 'active' });
    expect(answer.result.decision).toBe('deny');
    expect(answer.result.reason).toBe('no writes');
    expect(answer.result.runs).toHaveLength(1);
    expect(answer.result.runs[0]).toMatchObject({ hookId: GUARD, exitCode: 2 });
    expect(answer.result.notes.join('\n')).toContain('without checking its matcher Write');
    // What the hook read is claude's envelope, also handed back as `input`.
    const stdin = JSON.parse(readFileSync(`${scene.out}.stdin`, 'utf8'));
    expect(stdin).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Bash' });
    expect(answer.input).toEqual(stdin);
    // Only that hook ran: the Bash audit hook did not.
    expect(lines(scene.out)).toEqual([]);
  });

  it('given params are laid over the synthetic payload', async () => {
    const scene = claudeScene();
    const sidecar = await claudeSession(scene.workspace);
    await sidecar.request('hooks/test', { name: GUARD, params: { toolName: 'Write', toolInput: { file_path: '/tmp/x', content: 'hi' } } });
    const stdin = JSON.parse(readFileSync(`${scene.out}.stdin`, 'utf8'));
    expect(stdin).toMatchObject({ tool_name: 'Write', tool_input: { file_path: '/tmp/x', content: 'hi' }, session_id: 'hookd-test-session' });
  });

  it('a session-disabled hook can still be tested; the test does not change its state', async () => {
    const scene = claudeScene();
    const sidecar = await claudeSession(scene.workspace);
    await sidecar.request('hooks/setEnabled', { name: AUDIT, enabled: false });
    const answer = await sidecar.request('hooks/test', { name: AUDIT });
    expect(answer.hook.state).toBe('disabled');
    expect(answer.result.runs).toHaveLength(1);
    expect(lines(scene.out)).toEqual(['audit-v1']);
    const listed = await sidecar.request('hooks/list');
    expect(listed.hooks.find((hook: { id: string }) => hook.id === AUDIT).state).toBe('disabled');
  });

  it('an unknown name is -32602; bad params for the event are -32602 naming the field', async () => {
    const scene = claudeScene();
    const sidecar = await claudeSession(scene.workspace);
    const unknown = await sidecar.call('hooks/test', { name: 'nope' });
    expect(unknown.error?.code).toBe(-32602);
    expect(unknown.error?.message).toContain('no hook named "nope"');
    const bad = await sidecar.call('hooks/test', { name: GUARD, params: { toolInput: 'not an object' } });
    expect(bad.error?.code).toBe(-32602);
    expect(bad.error?.message).toContain('toolInput');
  });

  it("$/cancelRequest of a test kills the hook's tree and answers -32800", async () => {
    const workspace = makeWorkspace('hookd-manage-ws-');
    const pids = join(makeWorkspace('hookd-manage-out-'), 'pids');
    writeClaudeSettings(workspace, { hooks: { Stop: [{ hooks: [{ type: 'command', command: `echo $$ >> '${pids}'; sleep 30 & echo $! >> '${pids}'; wait` }] }] } });
    const sidecar = await claudeSession(workspace);
    const id = sidecar.nextId();
    const reply = sidecar.call('hooks/test', { name: 'project:Stop[0].hooks[0]' }, id);
    expect(await waitUntil(() => readPids(pids).length === 2, 10_000)).toBe(true);
    sidecar.notify('$/cancelRequest', { id });
    const response = await reply;
    expect(response.error?.code).toBe(-32800);
    expect(allGone(readPids(pids))).toBe(true);
  });
});

describe('hook management (bamboo, built sidecar)', () => {
  function bambooScene() {
    const setup = bambooSetup();
    const out = join(makeWorkspace('hookd-manage-out-'), 'ran');
    const append = (name: string) => ({ type: 'command', command: `printf '%s\\n' ${name} >> '${out}'` });
    writeBambooConfig(setup.userFile, { PreToolUse: [{ hooks: [append('user')] }, { enabled: false, hooks: [append('parked')] }] });
    writeBambooConfig(setup.projectFile, { PreToolUse: [{ hooks: [append('project')] }] });
    return { setup, out };
  }

  async function start(scene: ReturnType<typeof bambooScene>) {
    const sidecar = bambooSidecar(scene.setup);
    open.push(sidecar);
    await initializeBamboo(sidecar, scene.setup, { options: { watch: false } });
    return sidecar;
  }

  const byFile = (hooks: Array<{ source: string; disabled?: boolean }>, file: string, parked = false) =>
    hooks.find((hook) => hook.source === file && (hook.disabled === true) === parked) as any;

  it('states: the user file active, its enabled:false group parked, the untrusted project file untrusted', async () => {
    const scene = bambooScene();
    const sidecar = await start(scene);
    const { hooks } = await sidecar.request('hooks/list');
    expect(byFile(hooks, scene.setup.userFile)).toMatchObject({ state: 'active', provenance: { scope: 'user', file: scene.setup.userFile } });
    expect(byFile(hooks, scene.setup.userFile, true)).toMatchObject({ state: 'parked', enabled: false, stateReason: expect.stringContaining('enabled') });
    expect(byFile(hooks, scene.setup.projectFile)).toMatchObject({ state: 'untrusted', enabled: false, provenance: { scope: 'project', file: scene.setup.projectFile } });
    await sidecar.request('trust/set', { trusted: true, persist: false });
    const after = await sidecar.request('hooks/list');
    expect(byFile(after.hooks, scene.setup.projectFile)).toMatchObject({ state: 'active', enabled: true });
  });

  it('hooks/test does not fire an untrusted hook: it answers why and nothing runs', async () => {
    const scene = bambooScene();
    const sidecar = await start(scene);
    const { hooks } = await sidecar.request('hooks/list');
    const project = byFile(hooks, scene.setup.projectFile);
    const answer = await sidecar.request('hooks/test', { name: project.id });
    expect(answer.result).toBeUndefined();
    expect(answer.hook.state).toBe('untrusted');
    expect(answer.notRun).toContain('trust');
    expect(lines(scene.out)).toEqual([]);
  });

  it('a parked hook: hooks/test fires it; setEnabled true makes it fire on events for the session', async () => {
    const scene = bambooScene();
    const sidecar = await start(scene);
    const parked = byFile((await sidecar.request('hooks/list')).hooks, scene.setup.userFile, true);
    const tested = await sidecar.request('hooks/test', { name: parked.id });
    expect(tested.result.runs).toHaveLength(1);
    expect(lines(scene.out)).toEqual(['parked']);

    await sidecar.request('hooks/PreToolUse', bash());
    expect(lines(scene.out)).toEqual(['parked', 'user']);
    const on = await sidecar.request('hooks/setEnabled', { name: parked.id, enabled: true });
    expect(on.hook).toMatchObject({ state: 'active', enabled: true, sessionEnabled: true });
    expect(on.persist).toContain('enabled');
    await sidecar.request('hooks/PreToolUse', bash());
    expect(lines(scene.out)).toEqual(['parked', 'user', 'user', 'parked']);
  });
});

describe('a corrupt hooks file does not break management (bamboo)', () => {
  it('hooks/list and hooks/setEnabled still answer for the hooks that loaded', async () => {
    const setup = bambooSetup();
    writeBambooConfig(setup.userFile, { PreToolUse: [{ hooks: [{ type: 'command', command: 'true' }] }] });
    writeFileSync(setup.projectFile, '{ not json');
    const sidecar = bambooSidecar(setup);
    open.push(sidecar);
    await initializeBamboo(sidecar, setup, { options: { watch: false } });
    const { hooks } = await sidecar.request('hooks/list');
    expect(hooks).toHaveLength(1);
    const toggled = await sidecar.request('hooks/setEnabled', { name: hooks[0].id, enabled: false });
    expect(toggled.hook.state).toBe('disabled');
  });
});
