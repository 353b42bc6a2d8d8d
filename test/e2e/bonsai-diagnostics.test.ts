// Acceptance: bad bonsai configuration through the built sidecar — a TOML syntax error (line and column, that file
// only), a bad entry (file, line, field; listed invalid while the rest of the file loads), and a hot-reloaded edit.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { bonsaiSetup, session, startBonsai, tomlOf, waitForHook, writeGlobal, writeProject } from '../helpers/bonsai.js';
import { waitUntil } from '../helpers/processes.js';
import type { Sidecar } from '../helpers/sidecar.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

const echo = (name: string, event = 'PreBash') => ({ name, event, action: { type: 'llm_prompt' as const, prompt: 'ok?' } });

describe('bonsai configuration diagnostics (built sidecar)', () => {
  it('a TOML syntax error is a diagnostic with line and column; nothing of that file loads, the other file still does', async () => {
    const setup = bonsaiSetup();
    writeGlobal(setup, [echo('global-ok')]);
    writeProject(setup, '[[hooks]]\nname = "broken"\nevent = "PreBash\n');
    const { init } = await startBonsai(setup, open);
    const error = init.diagnostics.find((diagnostic: any) => diagnostic.severity === 'error');
    expect(error).toMatchObject({ file: setup.projectFile, line: 3, column: expect.any(Number) });
    expect(error.message).toMatch(/TOML/);
    expect(init.hooks.map((hook: any) => hook.id)).toEqual(['global:global-ok']);
  });

  it('"an invalid glob fails the hook at load": a diagnostic naming the hook, file, line and field; the entry is listed invalid and the rest of the file loads', async () => {
    const setup = bonsaiSetup();
    writeGlobal(setup, `${tomlOf([echo('first')])}\n[[hooks]]\nname = "bad-glob"\nevent = "PreFileWrite"\nmatcher = { path = "src/[unclosed" }\naction = { type = "shell", command = "true" }\n\n${tomlOf([echo('third')])}`);
    const { sidecar, init } = await startBonsai(setup, open);
    const text = readFileSync(setup.globalFile, 'utf8').split('\n');
    const error = init.diagnostics.find((diagnostic: any) => diagnostic.severity === 'error');
    expect(error).toMatchObject({ file: setup.globalFile, field: expect.stringContaining('matcher.path') });
    expect(error.message).toContain('bad-glob');
    expect(text[error.line - 1]).toContain('matcher');
    const hook = await waitForHook(sidecar, 'bad-glob', () => true);
    expect(hook.state).toBe('invalid');
    expect((await sidecar.request('hooks/list', {})).hooks.filter((entry: any) => entry.state === 'active').map((entry: any) => entry.name)).toEqual(['first', 'third']);
  });

  it('a duplicate name fails the later entry (names are unique across the global and project configs)', async () => {
    const setup = bonsaiSetup();
    writeGlobal(setup, [echo('same-name')]);
    writeProject(setup, [echo('same-name', 'PostBash')]);
    const { init } = await startBonsai(setup, open);
    expect(init.diagnostics.find((diagnostic: any) => diagnostic.severity === 'error')).toMatchObject({ file: setup.projectFile, line: expect.any(Number) });
    expect(init.hooks.filter((hook: any) => hook.state !== 'invalid').map((hook: any) => hook.id)).toEqual(['global:same-name']);
  });

  it('hot reload: an edit saved atomically applies to the next event, with a hooks/diagnostics notification', async () => {
    const setup = bonsaiSetup();
    writeGlobal(setup, [echo('before')]);
    const { sidecar } = await startBonsai(setup, open, {}, (agent) => agent.onRequest('hooks/judge', () => ({ text: '{"decision":"block","reason":"after the edit"}' })));
    writeFileSync(`${setup.globalFile}.tmp`, tomlOf([{ ...echo('after'), blocking: true }]));
    renameSync(`${setup.globalFile}.tmp`, setup.globalFile);
    expect(await waitUntil(() => sidecar.notifications.some((message) => message.method === 'hooks/diagnostics'), 20_000)).toBe(true);
    await waitForHook(sidecar, 'after', (hook) => hook.state === 'active');
    const result = await sidecar.request('hooks/PreBash', { session: session(setup), command: 'ls' });
    expect(result.decision).toBe('block');
    expect(result.runs.map((run: any) => run.hookId)).toEqual(['global:after']);
  });
});
