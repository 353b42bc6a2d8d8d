// The pbi dialect through the TypeScript client and the built sidecar: initialize with the review options, the pbi
// session/event params accepted (a wrongly typed one is -32602 naming it), and (once the pbi loader, part B, and
// review/*, part D, are in the sidecar) trust review end to end: the startup warning (onReviewWarnings), an untrusted
// hook skipped, reviewTrust → it runs, reviewDisable → it never runs, reviewEnable, an unknown key -32011, and
// hooks_state.json in pbi-agent's format.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HookdResponseError, type ReviewWarningsParams } from '../src/index.js';
import { DEADLINE_MS, makeWorkspace, spawnTestClient, useSidecar, writeFile } from './helpers.js';

useSidecar();

const WARNING_1 = '1 command hook requires trust review and will be skipped. Run `hookd hooks` or open Settings → Hooks (`hookd ui`).';

/** `<workspace>/.agents/hooks.json`: one PreToolUse hook on `shell` that records it ran and blocks (exit 2). */
function denyHook(workspace: string): string {
  const marker = join(workspace, 'ran.txt');
  const command = `echo ran >> ${marker}; echo 'blocked by policy' >&2; exit 2`;
  writeFile(workspace, '.agents/hooks.json', JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'shell', hooks: [{ type: 'command', command, timeout: 30 }] }] } }, null, 2));
  return marker;
}

async function until(check: () => boolean): Promise<boolean> {
  const deadline = Date.now() + DEADLINE_MS;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return check();
}

describe('the pbi dialect through the TypeScript client and the built sidecar', () => {
  it('initialize with the review options; the pbi session and event params are the protocol\'s', async () => {
    const home = makeWorkspace();
    const client = await spawnTestClient({
      workspace: makeWorkspace(),
      home,
      dialect: 'pbi',
      options: { dangerouslyBypassHookTrust: false, hookStatePath: join(home, 'state.json'), managedPolicyDir: join(home, 'policy') },
    });
    const init = client.initializeResult!;
    expect(init.dialect).toBe('pbi');
    expect(init.capabilities?.options).toEqual(expect.arrayContaining(['dangerouslyBypassHookTrust', 'managedHooksPath', 'hookStatePath']));
    const session = { id: 's1', provider: 'openai', agentName: 'main', workspaceDirectoryKey: 'wk' };
    const results = [
      await client.subagentStart({ session, taskInstruction: 'check', subagentName: 'Hephaestus', subagentType: 'default' }),
      await client.preCompact({ session, trigger: 'auto', inputMessageCount: 12, pendingToolExchange: false }),
      await client.postCompact({ session, trigger: 'auto', summaryChars: 800, estimatedContextTokens: 2048 }),
    ];
    expect(results.map((r) => r.decision)).toEqual(['none', 'none', 'none']);
    const bad = await client.request('hooks/PreCompact', { session, inputMessageCount: 'twelve' } as never).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(HookdResponseError);
    expect((bad as HookdResponseError).code).toBe(-32602);
    expect((bad as HookdResponseError).message).toContain('inputMessageCount');
  });

  it('"Hooks are skipped until trusted unless they come from a trusted managed source"; "Explicitly disabled hooks remain disabled"', async (context) => {
    const [workspace, home] = [makeWorkspace(), makeWorkspace()];
    const marker = denyHook(workspace);
    const warnings: ReviewWarningsParams[] = [];
    const client = await spawnTestClient({ workspace, home, dialect: 'pbi', onReviewWarnings: (params) => warnings.push(params) });
    const listed = await client.reviewList().catch((e: unknown) => e);
    if (listed instanceof HookdResponseError && listed.code === -32601) return context.skip('review/* is not in the built sidecar yet (part D)');
    if (listed instanceof Error) throw listed;
    const listing = listed as Awaited<ReturnType<typeof client.reviewList>>;
    if (listing.hooks.length === 0) return context.skip('the pbi loader is not in the built sidecar yet (part B)');
    const row = listing.hooks[0]!;
    expect([row.trustStatus, row.runnable, row.source]).toEqual(['untrusted', false, 'project']);
    expect(listing.warnings).toEqual([WARNING_1]);
    expect(await until(() => warnings.length > 0)).toBe(true);
    expect(warnings[0]).toEqual({ warnings: [WARNING_1], reviewRequiredCount: 1, trustBypassActive: false });
    expect((await client.listHooks()).hooks[0]!.review?.key).toBe(row.key);

    expect((await client.preToolUse({ session: { id: 's' }, toolName: 'shell', toolInput: { command: 'ls' } })).decision).toBe('none');
    expect(existsSync(marker)).toBe(false);

    const trusted = await client.reviewTrust({ key: row.key });
    expect([trusted.hooks[0]!.trustStatus, trusted.hooks[0]!.runnable]).toEqual(['trusted', true]);
    expect(JSON.parse(readFileSync(join(home, '.pbi-agent/hooks_state.json'), 'utf8'))).toEqual({ state: { [row.key]: { enabled: true, trusted_hash: row.currentHash } } });
    const blocked = await client.preToolUse({ session: { id: 's' }, toolName: 'shell', toolInput: { command: 'ls' } });
    expect([blocked.decision, blocked.reason]).toEqual(['deny', 'blocked by policy']);

    expect((await client.reviewDisable({ key: row.key })).hooks[0]!.trustStatus).toBe('disabled');
    expect((await client.preToolUse({ session: { id: 's' }, toolName: 'shell', toolInput: { command: 'ls' } })).decision).toBe('none');
    expect(readFileSync(marker, 'utf8')).toBe('ran\n');
    expect((await client.reviewEnable({ key: row.key })).hooks[0]!.trustStatus).toBe('trusted');
    const missing = await client.reviewTrust({ key: 'project:nope' }).catch((e: unknown) => e);
    expect((missing as HookdResponseError).code).toBe(-32011);
  });
});
