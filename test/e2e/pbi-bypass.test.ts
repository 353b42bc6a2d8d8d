// pbi's dangerous trust bypass and the seed's overview through the built sidecar: the command-line flag and the
// variable each make an untrusted project hook run (with the bypass warning on stderr and as hooks/reviewWarnings),
// a disabled one stays off, hooks_state.json is byte-identical afterwards; one configuration shows each effect a hook
// may have (context, block, rewrite, replacement, one continuation).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { waitUntil } from '../helpers/processes.js';
import { scratchDir } from '../helpers/scratch.js';
import { Sidecar, type RpcMessage } from '../helpers/sidecar.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

const BYPASS_WARNING = 'dangerously bypassing hook trust review; untrusted hooks may run.';

function scene() {
  const root = scratchDir('hookd-pbi-bypass-');
  const workspace = join(root, 'ws');
  const home = join(root, 'home');
  const ran = join(root, 'ran');
  mkdirSync(join(workspace, '.agents'), { recursive: true });
  mkdirSync(join(home, '.pbi-agent'), { recursive: true });
  const statePath = join(home, '.pbi-agent', 'hooks_state.json');
  return { root, workspace, home, ran, statePath };
}

async function start(s: ReturnType<typeof scene>, args: string[], env: NodeJS.ProcessEnv) {
  const sidecar = new Sidecar('ndjson', args, env);
  open.push(sidecar);
  const notified: RpcMessage[] = [];
  sidecar.onMessage((message) => message.method === 'hooks/reviewWarnings' && notified.push(message));
  await sidecar.request('initialize', { protocolVersion: '0.1', clientInfo: { name: 'pbi-bypass-e2e', version: '1' }, dialect: 'pbi', workspace: s.workspace, home: s.home });
  return { sidecar, notified };
}

describe('pbi: "Automation can explicitly bypass hook trust review:" (built sidecar)', () => {
  const cases: [string, string[], NodeJS.ProcessEnv][] = [
    ['pbi-agent --dangerously-bypass-hook-trust run --prompt "..." (hookd --dangerously-bypass-hook-trust)', ['--dangerously-bypass-hook-trust'], process.env],
    ['PBI_AGENT_DANGEROUSLY_BYPASS_HOOK_TRUST=1 pbi-agent run --prompt "..." (the variable in hookd\'s environment)', [], { ...process.env, PBI_AGENT_DANGEROUSLY_BYPASS_HOOK_TRUST: '1' }],
  ];
  it.each(cases)('%s: untrusted hooks run, a disabled one does not, hooks_state.json is not edited', async (_name, args, env) => {
    const s = scene();
    const hook = (tag: string) => ({ type: 'command', command: `echo ${tag} >> '${s.ran}'` });
    writeFileSync(join(s.workspace, '.agents', 'hooks.json'), JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'shell', hooks: [hook('open'), hook('off')] }] } }));
    // The second hook was disabled earlier (as `hookd hooks disable` writes it); the first was never reviewed.
    const plain = await start(s, [], { ...process.env, PBI_AGENT_DANGEROUSLY_BYPASS_HOOK_TRUST: '' });
    const listed = await plain.sidecar.request('review/list');
    await plain.sidecar.request('review/disable', { key: listed.hooks[1].key });
    const before = readFileSync(s.statePath, 'utf8');

    const { sidecar, notified } = await start(s, args, env);
    expect(await waitUntil(() => notified.length > 0, 10_000)).toBe(true);
    expect(notified[0]?.params).toMatchObject({ warnings: [BYPASS_WARNING], trustBypassActive: true });
    // stderr and stdout are separate pipes: the line may arrive after the notification.
    expect(await waitUntil(() => sidecar.stderr.includes(`Warning: ${BYPASS_WARNING}`), 10_000)).toBe(true);
    const listing = await sidecar.request('review/list');
    expect(listing.hooks.map((row: { trustStatus: string; runnable: boolean }) => [row.trustStatus, row.runnable])).toEqual([
      ['untrusted', true],
      ['disabled', false],
    ]);
    await sidecar.request('hooks/PreToolUse', { session: { id: 's1' }, toolName: 'shell', toolInput: { command: 'ls' } });
    expect(readFileSync(s.ran, 'utf8').split('\n').filter(Boolean)).toEqual(['open']);
    expect(readFileSync(s.statePath, 'utf8')).toBe(before);
  });
});

describe('pbi: the seed overview (built sidecar, hooks trusted by review/trust)', () => {
  it('"Hooks are external commands that receive lifecycle JSON on stdin and may add context, block work, rewrite tool input, replace model-visible tool output, or request one guarded continuation pass."', async () => {
    const s = scene();
    const stdinFile = join(s.root, 'stdin.json');
    const print = (value: unknown) => `printf '%s' '${JSON.stringify(value)}'`;
    writeFileSync(
      join(s.workspace, '.agents', 'hooks.json'),
      JSON.stringify({
        hooks: {
          UserPromptSubmit: [{ hooks: [{ type: 'command', command: `cat > '${stdinFile}'; ${print({ systemMessage: 'Extra context for the model' })}` }] }],
          PreToolUse: [
            { matcher: 'shell', hooks: [{ type: 'command', command: print({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { command: 'echo rewritten' } } }) }] },
            { matcher: 'apply_patch', hooks: [{ type: 'command', command: 'echo "Blocked by policy." >&2; exit 2' }] },
          ],
          PostToolUse: [{ matcher: 'shell', hooks: [{ type: 'command', command: print({ hookSpecificOutput: { hookEventName: 'PostToolUse', replacement: 'Use this feedback instead of the raw tool output.' } }) }] }],
          Stop: [{ hooks: [{ type: 'command', command: print({ hookSpecificOutput: { hookEventName: 'Stop', continuationPrompt: 'Run one final verification pass.' } }) }] }],
        },
      }),
    );
    const { sidecar } = await start(s, [], { ...process.env, PBI_AGENT_DANGEROUSLY_BYPASS_HOOK_TRUST: '' });
    for (const row of (await sidecar.request('review/list')).hooks) await sidecar.request('review/trust', { key: row.key });
    const session = { id: 'a9d1e89705524edfb5992d151873a201', model: 'gpt-5.4', provider: 'openai', agentName: 'main', agentType: 'single_turn' };

    const prompt = await sidecar.request('hooks/UserPromptSubmit', { session, prompt: 'hi' });
    expect(prompt.additionalContext).toBe('Extra context for the model');
    expect(existsSync(stdinFile)).toBe(true);
    expect(JSON.parse(readFileSync(stdinFile, 'utf8'))).toMatchObject({ hook_event_name: 'UserPromptSubmit', session_id: session.id, prompt: 'hi', cwd: s.workspace });

    const rewrite = await sidecar.request('hooks/PreToolUse', { session, toolName: 'shell', toolInput: { command: 'ls' } });
    expect(rewrite.updatedInput).toEqual({ command: 'echo rewritten' });
    const blocked = await sidecar.request('hooks/PreToolUse', { session, toolName: 'apply_patch', toolInput: {} });
    expect(blocked).toMatchObject({ decision: 'deny', reason: 'Blocked by policy.' });
    const replaced = await sidecar.request('hooks/PostToolUse', { session, toolName: 'shell', toolInput: { command: 'ls' }, toolResponse: 'raw' });
    expect(replaced.updatedToolOutput).toBe('Use this feedback instead of the raw tool output.');

    const stop = await sidecar.request('hooks/Stop', { session, lastAssistantMessage: 'done' });
    expect(stop).toMatchObject({ decision: 'block', reason: 'Run one final verification pass.' });
    // The continuation pass's own stop fires no hook: one guarded pass.
    const again = await sidecar.request('hooks/Stop', { session, lastAssistantMessage: 'verified', stopHookActive: true });
    expect(again.decision).toBe('none');
    expect(again.runs).toEqual([]);
  });
});
