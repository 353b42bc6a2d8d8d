// The management methods end to end, beyond what the golden fixtures replay: trust that persists into the next
// session, a run's configuration snapshot across a reload, dry runs with given params, fire-and-forget notify.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../../../test/helpers/processes.js';
import { bambooConfig, claudeSettings, DEADLINE_MS, makeWorkspace, SESSION, spawnTestClient, useSidecar } from './helpers.js';

useSidecar();

const bash = { toolName: 'Bash', toolInput: { command: 'ls' } };
const context = (text: string) => ({ type: 'command', command: `printf '%s' '{"additional_context":"${text}"}'` });

describe('management methods', () => {
  it('trust: untrusted project hooks do not run; trustSet persists, and the next session starts trusted', async () => {
    const workspace = makeWorkspace();
    const file = bambooConfig(workspace, { PreToolUse: [{ hooks: [context('project hook ran')] }] }, '.bamboo/hooks.json');
    const options = { workspace, dialect: 'bamboo', sources: [{ path: file, scope: 'project' as const }], options: { watch: false } };
    const first = await spawnTestClient(options);
    expect(first.initializeResult!.hooks.map((hook) => [hook.enabled, hook.trust])).toEqual([[false, 'untrusted']]);
    const listed = await first.trustList();
    expect(listed.entries.map((entry) => [entry.trusted, entry.sources])).toEqual([[false, [file]]]);
    expect((await first.preToolUse({ session: SESSION, ...bash })).runs).toEqual([]);
    const set = await first.trustSet({ trusted: true });
    expect(set.hooks.map((hook) => hook.enabled)).toEqual([true]);
    expect((await first.preToolUse({ session: SESSION, ...bash })).additionalContext).toBe('project hook ran');
    expect(existsSync(listed.storePath)).toBe(true);
    await first.shutdown();

    const second = await spawnTestClient(options);
    expect(second.initializeResult!.hooks.map((hook) => [hook.enabled, hook.trust])).toEqual([[true, 'trusted']]);
  });

  it('runs: beginRun snapshots the configuration; a reload applies to events without the runId only; endRun releases it', async () => {
    const workspace = makeWorkspace();
    const file = bambooConfig(workspace, { UserPromptSubmit: [{ hooks: [context('before')] }] });
    const client = await spawnTestClient({ workspace, dialect: 'bamboo', sources: [{ path: file, scope: 'user' }], options: { watch: false } });
    expect(await client.beginRun({ runId: 'run-1' })).toEqual({ runId: 'run-1', began: true, hooks: 1 });
    bambooConfig(workspace, { UserPromptSubmit: [{ hooks: [context('after')] }] });
    await client.reload();
    const prompt = { session: SESSION, prompt: 'go' };
    expect((await client.userPromptSubmit({ ...prompt, runId: 'run-1' })).additionalContext).toBe('before');
    expect((await client.userPromptSubmit(prompt)).additionalContext).toBe('after');
    expect(await client.endRun({ runId: 'run-1' })).toEqual({ ended: true });
    expect(await client.endRun({ runId: 'run-1' })).toEqual({ ended: false });
  });

  it('dryRun runs one handler on the given params and reports what it read; an invalid handler only gets diagnostics', async () => {
    const workspace = makeWorkspace();
    const client = await spawnTestClient({ workspace, dialect: 'bamboo', sources: [], options: { watch: false } });
    const ran = await client.dryRun({ event: 'UserPromptSubmit', handler: context('dry'), params: { prompt: 'a given prompt' } });
    expect(ran.diagnostics).toEqual([]);
    expect(ran.result?.additionalContext).toBe('dry');
    expect(JSON.stringify(ran.input)).toContain('a given prompt');
    const invalid = await client.dryRun({ event: 'UserPromptSubmit', handler: { type: 'command', command: 'true', timeout_ms: 0 } });
    expect(invalid.result).toBeUndefined();
    expect(invalid.diagnostics.map((diagnostic) => diagnostic.severity)).toContain('error');
  });

  it('notify: a fire-and-forget hooks/Notification runs its hooks in the background; nothing is answered', async () => {
    const workspace = makeWorkspace();
    const marker = join(makeWorkspace(), 'notified.json');
    claudeSettings(workspace, { Notification: [{ hooks: [{ type: 'command', command: `cat > '${marker}'` }] }] });
    const client = await spawnTestClient({ workspace });
    await client.notify('hooks/Notification', { session: SESSION, message: 'build finished', title: 'Done' });
    expect(await waitUntil(() => existsSync(marker) && readFileSync(marker, 'utf8').includes('build finished'), DEADLINE_MS)).toBe(true);
    expect(await client.ping()).toEqual({});
  });
});
