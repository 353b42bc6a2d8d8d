// WAMP reads its hook files once per send, through the built sidecar: an edit made while a turn runs (its runId) does
// not change that turn's hooks; the next send (a new runId) reads the file again.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { waitUntil } from '../helpers/processes.js';
import type { Sidecar } from '../helpers/sidecar.js';
import { printJson, startWamp, wampSession, wampSetup, writeHooks, type WampSetup } from '../helpers/wamp.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

/** A user file whose UserPromptSubmit hook prints `label` as context and whose PreToolUse hook denies `shell` naming `label`. */
const version = (label: string) => ({
  hooks: {
    UserPromptSubmit: [{ hooks: [{ type: 'command', command: `echo ${label}` }] }],
    PreToolUse: [
      {
        matcher: 'shell',
        hooks: [{ type: 'command', command: printJson({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: `denied by ${label}` } }) }],
      },
    ],
  },
});

const send = (setup: WampSetup, runId: string) => ({ session: wampSession(setup), runId, prompt: 'go on' });
const shell = (setup: WampSetup, runId: string) => ({ session: wampSession(setup), runId, toolName: 'shell', toolInput: { command: 'ls' }, toolUseId: `call-${runId}` });

describe('wamp: hooks are read once per send (built sidecar)', () => {
  it('"Hooks are read once per send: an edit applies from the next message, and a running turn keeps the hooks it started with."', async () => {
    const setup = wampSetup();
    writeHooks(setup.userFile, version('v1'));
    const { sidecar } = await startWamp(setup, open);

    const first = await sidecar.request('hooks/UserPromptSubmit', send(setup, 'run-1'));
    expect(first.additionalContext).toContain('v1');

    // The user edits the file while run-1 is still going.
    writeHooks(setup.userFile, version('v2'));
    const inTurn = await sidecar.request('hooks/PreToolUse', shell(setup, 'run-1'));
    expect(inTurn).toMatchObject({ decision: 'deny', reason: 'denied by v1' });

    // The next message is a new run: it reads the file again.
    const next = await sidecar.request('hooks/UserPromptSubmit', send(setup, 'run-2'));
    expect(next.additionalContext).toContain('v2');
    expect(next.additionalContext).not.toContain('v1');
    expect(await sidecar.request('hooks/PreToolUse', shell(setup, 'run-2'))).toMatchObject({ decision: 'deny', reason: 'denied by v2' });
    // run-1 still has the hooks it started with.
    expect(await sidecar.request('hooks/PreToolUse', shell(setup, 'run-1'))).toMatchObject({ decision: 'deny', reason: 'denied by v1' });
  });

  it('"Hooks are read once per send": an edit made while one of the turn\'s hooks is still running does not change the rest of that turn', async () => {
    const setup = wampSetup();
    const started = join(setup.rec, 'started');
    const release = join(setup.rec, 'release');
    // v1's prompt hook waits (bounded) until the test releases it; meanwhile the file changes to v2.
    writeHooks(setup.userFile, {
      hooks: {
        ...version('v1').hooks,
        UserPromptSubmit: [{ hooks: [{ type: 'command', command: `touch ${JSON.stringify(started)}; i=0; while [ ! -e ${JSON.stringify(release)} ] && [ $i -lt 2000 ]; do sleep 0.01; i=$((i+1)); done; echo v1` }] }],
      },
    });
    const { sidecar } = await startWamp(setup, open);
    const pending = sidecar.request('hooks/UserPromptSubmit', send(setup, 'run-1'));
    expect(await waitUntil(() => existsSync(started), 20_000)).toBe(true);
    writeHooks(setup.userFile, version('v2'));
    writeFileSync(release, '');
    expect((await pending).additionalContext).toContain('v1');
    expect(await sidecar.request('hooks/PreToolUse', shell(setup, 'run-1'))).toMatchObject({ decision: 'deny', reason: 'denied by v1' });
    expect(await sidecar.request('hooks/PreToolUse', shell(setup, 'run-2'))).toMatchObject({ decision: 'deny', reason: 'denied by v2' });
  });

  it('"Hooks are read once per send": an event without a runId is refused -32602 naming runId (WAMP needs one per send)', async () => {
    const setup = wampSetup();
    writeHooks(setup.userFile, version('v1'));
    const { sidecar } = await startWamp(setup, open);
    const response = await sidecar.call('hooks/UserPromptSubmit', { session: wampSession(setup), prompt: 'no run id' });
    expect(response.error?.code).toBe(-32602);
    expect(response.error?.message).toContain('runId');
  });
});
