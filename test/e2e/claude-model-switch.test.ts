// PreModelSwitch / PostModelSwitch, terminalSequence and the effort field against the built sidecar: hooks configured
// as a Claude Code user writes them, the stdin they get, and what the agent is told to do.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { allGone, readPids } from '../helpers/pid-file.js';
import { waitUntil } from '../helpers/processes.js';
import { Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace, oneHook, writeClaudeSettings } from '../helpers/workspace.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

const session = { id: 'e2e-model-switch', transcriptPath: '/tmp/t.jsonl', permissionMode: 'default' };
const emit = (output: unknown) => `printf '%s' '${JSON.stringify(output)}'`;
const toOpus = { session, fromModel: 'claude-sonnet-4-6', toModel: 'claude-opus-5', requestedModel: 'opus', source: 'command' };
const decision = (permissionDecision: string, permissionDecisionReason?: string) =>
  emit({ hookSpecificOutput: { hookEventName: 'PreModelSwitch', permissionDecision, ...(permissionDecisionReason === undefined ? {} : { permissionDecisionReason }) } });
const BEL = '\x07';
const ESC = '\x1b';

async function sidecarWith(settings: (workspace: string) => unknown) {
  const workspace = makeWorkspace();
  writeClaudeSettings(workspace, settings(workspace));
  const sidecar = new Sidecar();
  open.push(sidecar);
  const init = await sidecar.initialize(workspace);
  return { sidecar, workspace, init };
}

describe('PreModelSwitch (built sidecar)', () => {
  it('"Before Claude Code applies a model switch": hooks/PreModelSwitch is in initialize\'s events; the hook reads from_model, to_model, requested_model, source', async () => {
    const { sidecar, workspace, init } = await sidecarWith((ws) => oneHook('PreModelSwitch', `cat > '${join(ws, 'stdin.json')}'`));
    expect(init.events).toEqual(expect.arrayContaining(['PreModelSwitch', 'PostModelSwitch']));
    expect(init.diagnostics.filter((d: any) => d.code === 'unknown-event')).toEqual([]);
    const result = await sidecar.request('hooks/PreModelSwitch', { ...toOpus, contextTokens: 120000, promptCacheWarm: true });
    expect(result).toMatchObject({ event: 'PreModelSwitch', decision: 'none', continue: true });
    expect(JSON.parse(readFileSync(join(workspace, 'stdin.json'), 'utf8'))).toEqual({
      session_id: session.id,
      transcript_path: session.transcriptPath,
      cwd: workspace,
      permission_mode: 'default',
      hook_event_name: 'PreModelSwitch',
      from_model: 'claude-sonnet-4-6',
      to_model: 'claude-opus-5',
      requested_model: 'opus',
      source: 'command',
      context_tokens: 120000,
      prompt_cache_warm: true,
    });
  });

  it('"matcher = canonical name of the model the session switches to": claude-opus-5, claude-opus-4-6|claude-opus-5 and .*opus.* match, claude-haiku-4-5 does not', async () => {
    const { sidecar } = await sidecarWith(() => ({
      hooks: {
        PreModelSwitch: ['claude-opus-5', 'claude-opus-4-6|claude-opus-5', '.*opus.*', 'claude-haiku-4-5'].map((matcher) => ({ matcher, hooks: [{ type: 'command', command: `echo '${matcher}' >/dev/null` }] })),
      },
    }));
    const result = await sidecar.request('hooks/PreModelSwitch', toOpus);
    expect(result.runs.map((run: any) => run.hookId)).toEqual(['project:PreModelSwitch[0].hooks[0]', 'project:PreModelSwitch[1].hooks[0]', 'project:PreModelSwitch[2].hooks[0]']);
  });

  it('"deny cancels it", "allow lets a model switch proceed": deny wins over allow, with its permissionDecisionReason', async () => {
    const { sidecar } = await sidecarWith(() => ({
      hooks: { PreModelSwitch: [{ hooks: [{ type: 'command', command: decision('allow') }, { type: 'command', command: decision('deny', 'Opus is reserved for reviews') }] }] },
    }));
    expect(await sidecar.request('hooks/PreModelSwitch', toOpus)).toMatchObject({ decision: 'deny', reason: 'Opus is reserved for reviews' });
    expect(await sidecar.request('hooks/PreModelSwitch', { ...toOpus, toModel: 'claude-haiku-4-5' })).toMatchObject({ decision: 'deny' });
  });

  it('"allow lets a model switch proceed"', async () => {
    const { sidecar } = await sidecarWith(() => oneHook('PreModelSwitch', decision('allow')));
    expect(await sidecar.request('hooks/PreModelSwitch', toOpus)).toMatchObject({ decision: 'allow' });
  });

  it('"ask has you confirm the switch when you run /model in an interactive session; everywhere else, Claude Code treats ask as a refusal": the result is ask', async () => {
    const { sidecar } = await sidecarWith(() => oneHook('PreModelSwitch', decision('ask', 'Switching drops the prompt cache')));
    expect(await sidecar.request('hooks/PreModelSwitch', toOpus)).toMatchObject({ decision: 'ask', reason: 'Switching drops the prompt cache' });
  });

  it('"PreModelSwitch can block": exit 2 cancels the switch with stderr as the reason', async () => {
    const { sidecar } = await sidecarWith(() => oneHook('PreModelSwitch', 'echo "stay on sonnet" >&2; exit 2'));
    expect(await sidecar.request('hooks/PreModelSwitch', toOpus)).toMatchObject({ decision: 'deny', reason: 'stay on sonnet' });
  });

  it('"timeout blocks the switch": a hook killed at its timeout denies, the reason names the timeout, and its processes are gone (by PID)', async () => {
    const { sidecar, workspace } = await sidecarWith((ws) => oneHook('PreModelSwitch', `echo $$ >> '${join(ws, 'pids')}'; sleep 30 & echo $! >> '${join(ws, 'pids')}'; wait`, { timeout: 1 }));
    const result = await sidecar.request('hooks/PreModelSwitch', toOpus);
    expect(result).toMatchObject({ decision: 'deny', reason: 'PreModelSwitch hook "project:PreModelSwitch[0].hooks[0]" timed out after 1s; the model switch is blocked' });
    expect(result.runs[0]).toMatchObject({ status: 'timeout', timedOut: true, decision: 'deny' });
    const pids = readPids(join(workspace, 'pids'));
    expect(pids).toHaveLength(2);
    expect(await waitUntil(() => allGone(pids), 5_000)).toBe(true);
  });

  it('"Claude Code lowers this default to 30 seconds for ... PreModelSwitch, and PostModelSwitch hooks": initialize lists them with timeoutMs 30000 (600000 elsewhere)', async () => {
    const { init } = await sidecarWith(() => ({
      hooks: { PreModelSwitch: [{ hooks: [{ type: 'command', command: 'true' }] }], PostModelSwitch: [{ hooks: [{ type: 'command', command: 'true' }] }], Notification: [{ hooks: [{ type: 'command', command: 'true' }] }] },
    }));
    expect(init.hooks.map((hook: any) => [hook.event, hook.timeoutMs])).toEqual([
      ['PreModelSwitch', 30000],
      ['PostModelSwitch', 30000],
      ['Notification', 600000],
    ]);
  });

  it('missing toModel is -32602 naming the field', async () => {
    const { sidecar } = await sidecarWith(() => ({}));
    const reply = await sidecar.call('hooks/PreModelSwitch', { session });
    expect(reply.error?.code).toBe(-32602);
    expect(reply.error?.message).toContain('toModel');
  });
});

describe('PostModelSwitch (built sidecar)', () => {
  it('"After the session\'s model changes, including changes Claude Code makes on its own" (source resume): "Claude Code adds stdout it treats as plain text to Claude\'s context"', async () => {
    const { sidecar, workspace } = await sidecarWith((ws) => oneHook('PostModelSwitch', `cat > '${join(ws, 'stdin.json')}'; echo "Model is now Opus 5"`));
    const result = await sidecar.request('hooks/PostModelSwitch', { ...toOpus, source: 'resume' });
    expect(result).toMatchObject({ event: 'PostModelSwitch', decision: 'none', additionalContext: 'Model is now Opus 5' });
    expect(JSON.parse(readFileSync(join(workspace, 'stdin.json'), 'utf8'))).toMatchObject({ hook_event_name: 'PostModelSwitch', to_model: 'claude-opus-5', source: 'resume' });
  });

  it('PostModelSwitch cannot block: exit 2 stderr goes to the user only', async () => {
    const { sidecar } = await sidecarWith(() => oneHook('PostModelSwitch', 'echo "noted" >&2; exit 2'));
    expect(await sidecar.request('hooks/PostModelSwitch', toOpus)).toMatchObject({ decision: 'none', systemMessage: 'noted' });
  });
});

describe('terminalSequence (built sidecar)', () => {
  it('"only OSC 0/1/2/9/99/777 and BEL": valid ones are returned, concatenated in configured order; "anything else → field ignored", noted in the run', async () => {
    const { sidecar } = await sidecarWith(() => ({
      hooks: {
        Stop: [
          {
            hooks: [
              { type: 'command', command: emit({ terminalSequence: `${ESC}]0;build done${BEL}` }) },
              { type: 'command', command: emit({ terminalSequence: `${ESC}]52;c;aGk=${BEL}` }) },
              { type: 'command', command: emit({ terminalSequence: BEL }) },
            ],
          },
        ],
      },
    }));
    const result = await sidecar.request('hooks/Stop', { session });
    expect(result.terminalSequence).toBe(`${ESC}]0;build done${BEL}${BEL}`);
    expect(result.runs[1]).toMatchObject({ status: 'ok', message: expect.stringContaining('terminalSequence ignored') });
  });

  it('"Claude Code discards their systemMessage and continue fields but still emits terminalSequence" (Notification), and StopFailure ("Output and exit code are ignored, except terminalSequence")', async () => {
    const { sidecar } = await sidecarWith(() => ({
      hooks: {
        Notification: [{ hooks: [{ type: 'command', command: emit({ terminalSequence: `${ESC}]9;Claude needs you${BEL}`, systemMessage: 'dropped' }) }] }],
        StopFailure: [{ hooks: [{ type: 'command', command: `${emit({ terminalSequence: `${ESC}]777;notify;Claude;rate limited${BEL}`, systemMessage: 'dropped' })}; exit 2` }] }],
      },
    }));
    const notification = await sidecar.request('hooks/Notification', { session, message: 'Claude needs your permission', notificationType: 'permission_prompt' });
    expect(notification).toMatchObject({ terminalSequence: `${ESC}]9;Claude needs you${BEL}` });
    expect(notification.systemMessage).toBeUndefined();
    const failure = await sidecar.request('hooks/StopFailure', { session, error: 'rate_limit' });
    expect(failure).toMatchObject({ decision: 'none', terminalSequence: `${ESC}]777;notify;Claude;rate limited${BEL}` });
    expect(failure.systemMessage).toBeUndefined();
  });
});

describe('effort (built sidecar)', () => {
  it('"effort: {level}" is in the stdin of tool-context events when the agent supplies session.effort, not on UserPromptSubmit', async () => {
    const { sidecar, workspace } = await sidecarWith((ws) => ({
      hooks: {
        PreToolUse: [{ hooks: [{ type: 'command', command: `cat > '${join(ws, 'pre.json')}'` }] }],
        UserPromptSubmit: [{ hooks: [{ type: 'command', command: `cat > '${join(ws, 'prompt.json')}'` }] }],
      },
    }));
    const effortSession = { ...session, effort: 'xhigh' };
    await sidecar.request('hooks/PreToolUse', { session: effortSession, toolName: 'Bash', toolInput: { command: 'ls' } });
    await sidecar.request('hooks/UserPromptSubmit', { session: effortSession, prompt: 'hi' });
    expect(JSON.parse(readFileSync(join(workspace, 'pre.json'), 'utf8')).effort).toEqual({ level: 'xhigh' });
    expect(JSON.parse(readFileSync(join(workspace, 'prompt.json'), 'utf8'))).not.toHaveProperty('effort');
    await sidecar.request('hooks/PreToolUse', { session, toolName: 'Bash', toolInput: { command: 'ls' } });
    expect(JSON.parse(readFileSync(join(workspace, 'pre.json'), 'utf8'))).not.toHaveProperty('effort');
  });
});
