// Approvals through the TypeScript client and the built sidecar with a bonsai TOML config: hookd asks the client's
// approval callback (hooks/approve) for each project shell/http hook, once per configuration load; the answer decides
// whether the hook fires. Global hooks and llm_prompt hooks are not asked.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../../../test/helpers/processes.js';
import type { ApprovalChoice, ApprovalRequest, HookdClient } from '../src/index.js';
import { DEADLINE_MS, makeWorkspace, SESSION, shellQuote, spawnTestClient, useSidecar, writeFile } from './helpers.js';

useSidecar();

/** A project (or global) `.bonsai/config.toml` with one PreBash shell hook that touches `marker`. */
function bonsaiConfig(root: string, name: string, marker: string): { file: string; command: string } {
  const command = `touch ${shellQuote(marker)}`;
  const file = writeFile(root, '.bonsai/config.toml', `[[hooks]]\nname = "${name}"\nevent = "PreBash"\naction = { type = "shell", command = ${JSON.stringify(command)} }\n`);
  return { file, command };
}

/** Sends PreBash until the hook's run is ok (the approval answer is applied asynchronously); true when it ran. */
async function firesEventually(client: HookdClient, hookId: string): Promise<boolean> {
  return waitUntil(async () => (await client.preBash({ session: SESSION, command: 'ls' })).runs.some((run) => run.hookId === hookId && run.status === 'ok'), DEADLINE_MS);
}

describe('bonsai approvals (hooks/approve) through the built sidecar', () => {
  it('"a project hook with a shell or http action needs one approval before it first runs: hookd asks the client (a server → client request showing the command or URL)"; answered once, it fires', async () => {
    const workspace = makeWorkspace();
    const marker = join(workspace, 'ran');
    const { file, command } = bonsaiConfig(workspace, 'audit', marker);
    const asked: ApprovalRequest[] = [];
    const client = await spawnTestClient({ workspace, home: makeWorkspace(), dialect: 'bonsai', approve: (request) => (asked.push(request), 'once') });
    expect(await waitUntil(() => asked.length === 1, DEADLINE_MS)).toBe(true);
    expect(asked[0]).toMatchObject({ hookId: 'project:audit', name: 'audit', event: 'PreBash', actionType: 'shell', summary: command, source: file });
    expect(asked[0]!.hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(await firesEventually(client, 'project:audit')).toBe(true);
    expect(existsSync(marker)).toBe(true);
    expect(asked).toHaveLength(1); // asked once per configuration load, not per fire
  });

  it('"until answered the hook is \\"awaiting approval\\" and does not fire"; answered deny, it never fires', async () => {
    const workspace = makeWorkspace();
    const marker = join(workspace, 'ran');
    bonsaiConfig(workspace, 'audit', marker);
    let answer: (choice: ApprovalChoice) => void = () => {};
    let asked = 0;
    const client = await spawnTestClient({ workspace, home: makeWorkspace(), dialect: 'bonsai', approve: () => new Promise<ApprovalChoice>((resolve) => ((asked += 1), (answer = resolve))) });
    expect(await waitUntil(() => asked === 1, DEADLINE_MS)).toBe(true);
    const waiting = await client.preBash({ session: SESSION, command: 'ls' });
    expect(waiting.runs.filter((run) => run.hookId === 'project:audit' && run.status === 'ok')).toEqual([]);
    answer('deny');
    await client.ping();
    const denied = await client.preBash({ session: SESSION, command: 'ls' });
    expect(denied.runs.filter((run) => run.status === 'ok')).toEqual([]);
    expect(existsSync(marker)).toBe(false);
  });

  it('"global-config hooks are pre-trusted" and "llm_prompt hooks skip the gate": neither is asked about', async () => {
    const root = makeWorkspace();
    const home = join(root, 'home');
    const workspace = join(root, 'ws');
    const marker = join(root, 'ran');
    bonsaiConfig(home, 'global-audit', marker);
    writeFile(workspace, '.bonsai/config.toml', `[[hooks]]\nname = "judge"\nevent = "PreBash"\naction = { type = "llm_prompt", prompt = "Is {{command}} safe?" }\n`);
    const asked: ApprovalRequest[] = [];
    const client = await spawnTestClient({ workspace, home, dialect: 'bonsai', approve: (request) => (asked.push(request), 'deny'), judge: () => '{"decision":"allow","reason":"fine"}' });
    const result = await client.preBash({ session: SESSION, command: 'ls' });
    expect(result.runs.find((run) => run.hookId === 'global:global-audit')?.status).toBe('ok');
    expect(existsSync(marker)).toBe(true);
    await client.ping();
    expect(asked).toEqual([]);
  });
});
