// Conformance of the pbi loader's review state with a real hooks_state.json (seed 003 "Trust review" and "Dangerous
// trust bypass", the load side): trusted, modified, disabled and untrusted as the loader decides them from the file
// pbi-agent writes, through the dialect's own review store (part A) and the real loader. Which hooks the engine then
// dispatches is part D's suite.
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pbiDialect } from '../../src/dialects/pbi/index.js';
import type { HookSpec, LoadContext } from '../../src/engine/dialect.js';
import { scratchDir } from '../helpers/scratch.js';

function setup() {
  const root = realpathSync(scratchDir('hookd-pbi-review-'));
  const home = join(root, 'home');
  const workspace = join(root, 'ws');
  mkdirSync(join(home, '.pbi-agent'), { recursive: true });
  mkdirSync(join(workspace, '.agents'), { recursive: true });
  const projectFile = join(workspace, '.agents', 'hooks.json');
  const statePath = join(home, '.pbi-agent', 'hooks_state.json');
  const context: LoadContext = { workspace, home, env: { SHELL: '/bin/sh' }, managedPolicyDir: join(root, 'no-policy') };
  const write = (config: unknown) => writeFileSync(projectFile, typeof config === 'string' ? config : JSON.stringify(config, null, 2));
  const load = (more: Partial<LoadContext> = {}): readonly HookSpec[] => pbiDialect.load({ ...context, ...more }).hooks;
  const store = pbiDialect.reviewStore!(context);
  const state = (hooks: readonly HookSpec[]) => hooks.map((hook) => [hook.review?.status, hook.review?.runnable]);
  return { projectFile, statePath, context, write, load, store, state };
}

const handler = (command: string, more: Record<string, unknown> = {}) => ({ type: 'command', command, ...more });

describe('Trust review (load side, with hooks_state.json)', () => {
  it('"Hooks are skipped until trusted" — once trusted for its current hash a hook is trusted and runnable', async () => {
    const s = setup();
    s.write({ hooks: { Stop: [{ hooks: [handler('echo a')] }] } });
    const [hook] = s.load();
    expect(s.state([hook!])).toEqual([['untrusted', false]]);
    await s.store.trust(hook!.review!.key, hook!.review!.currentHash);
    expect(s.state(s.load())).toEqual([['trusted', true]]);
  });

  it('a hooks_state.json written by pbi-agent\'s rules (2-space, sorted, trailing newline) is honoured as written', () => {
    const s = setup();
    s.write({ hooks: { Stop: [{ hooks: [handler('echo a')] }] } });
    const [hook] = s.load();
    const entry = { enabled: true, trusted_hash: hook!.review!.currentHash };
    writeFileSync(s.statePath, `${JSON.stringify({ state: { [hook!.review!.key]: entry } }, null, 2)}\n`);
    expect(s.state(s.load())).toEqual([['trusted', true]]);
  });

  it('"Formatting changes to JSON do not invalidate trust" — a reformatted file keeps the hook trusted', async () => {
    const s = setup();
    s.write({ hooks: { PreToolUse: [{ matcher: 'shell', hooks: [handler('echo a', { timeout: 30 })] }] } });
    const [hook] = s.load();
    await s.store.trust(hook!.review!.key, hook!.review!.currentHash);
    s.write('{"hooks":{"PreToolUse":[{"hooks":[{"timeout":"30","command":"echo a"}],"matcher":" shell "}]}}');
    expect(s.state(s.load())).toEqual([['trusted', true]]);
  });

  it('"but command, matcher, timeout, status message, or managed-policy changes do" — a trusted hook whose timeout or status message changes is modified and not runnable; a command edit in a one-handler group is modified; a matcher change is untrusted', async () => {
    const s = setup();
    const trustFirst = async (config: unknown) => {
      s.write(config);
      const [hook] = s.load();
      await s.store.trust(hook!.review!.key, hook!.review!.currentHash);
    };
    await trustFirst({ hooks: { Stop: [{ hooks: [handler('echo a', { timeout: 30, statusMessage: 'S' })] }] } });
    s.write({ hooks: { Stop: [{ hooks: [handler('echo a', { timeout: 31, statusMessage: 'S' })] }] } });
    expect(s.state(s.load())).toEqual([['modified', false]]);
    s.write({ hooks: { Stop: [{ hooks: [handler('echo a', { timeout: 30, statusMessage: 'T' })] }] } });
    expect(s.state(s.load())).toEqual([['modified', false]]);
    s.write({ hooks: { Stop: [{ hooks: [handler('echo b', { timeout: 30, statusMessage: 'S' })] }] } });
    expect(s.state(s.load())).toEqual([['modified', false]]);
    await trustFirst({ hooks: { PreToolUse: [{ matcher: 'shell', hooks: [handler('echo m')] }] } });
    s.write({ hooks: { PreToolUse: [{ matcher: 'shell|write', hooks: [handler('echo m')] }] } });
    expect(s.state(s.load())).toEqual([['untrusted', false]]);
  });

  it('trust never leaks to a live neighbour: trusting one of two one-handler groups with the same matcher leaves the other untrusted (pbi-agent: modified)', async () => {
    const s = setup();
    s.write({ hooks: { Stop: [{ hooks: [handler('echo a')] }, { hooks: [handler('echo b')] }] } });
    const [a] = s.load();
    await s.store.trust(a!.review!.key, a!.review!.currentHash);
    expect(s.state(s.load())).toEqual([['trusted', true], ['untrusted', false]]);
  });
});

describe('Dangerous trust bypass (load side, with hooks_state.json)', () => {
  it('"Explicitly disabled hooks remain disabled." — under the bypass a disabled hook is not runnable while untrusted and modified ones are', async () => {
    const s = setup();
    s.write({ hooks: { Stop: [{ hooks: [handler('echo a')] }], PreToolUse: [{ hooks: [handler('echo b')] }], PostToolUse: [{ hooks: [handler('echo c', { timeout: 5 })] }] } });
    const [disabled, , modified] = s.load();
    await s.store.setEnabled(disabled!.review!.key, false);
    await s.store.trust(modified!.review!.key, modified!.review!.currentHash);
    s.write({ hooks: { Stop: [{ hooks: [handler('echo a')] }], PreToolUse: [{ hooks: [handler('echo b')] }], PostToolUse: [{ hooks: [handler('echo c', { timeout: 6 })] }] } });
    expect(s.state(s.load())).toEqual([['disabled', false], ['untrusted', false], ['modified', false]]);
    const before = readFileSync(s.statePath, 'utf8');
    expect(s.state(s.load({ bypassHookTrust: true }))).toEqual([['disabled', false], ['untrusted', true], ['modified', true]]);
    expect(readFileSync(s.statePath, 'utf8')).toBe(before);
  });
});
