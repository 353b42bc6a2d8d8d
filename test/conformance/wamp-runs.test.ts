// Conformance of the wamp dialect's runs (seed 002): hook files read once per send, the Stop continuation cap and
// stop_hook_active, and the events that do not fire (Goal continuations, scheduled turns, aborted Runs, ACP turns,
// tools not lent). Through the real engine, the real wamp loader and the real process runner. Test names quote the seed.
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { command, recorder, trackedWampBenches } from './wamp-bench.js';

const bench = trackedWampBenches();

const preToolUse = (name: string) => ({ hooks: { PreToolUse: [{ hooks: [recorder(name)] }] } });
const shellCall = { toolName: 'shell', toolInput: { command: 'ls' } };
/** A Stop hook that records its stdin and keeps the agent working (exit 2, stderr is the reason). */
const blockingStop = { hooks: { Stop: [{ hooks: [recorder('stop', 'echo "tests still fail" >&2; exit 2')] }] } };

describe('"Hooks are read once per send"', () => {
  it('"Hooks are read once per send: an edit applies from the next message, and a running turn keeps the hooks it started with."', async () => {
    const b = bench();
    b.writeUser(preToolUse('v1'));
    b.start();
    // Edited after initialize: the next send reads the file (there is no watcher, and nothing asked for a reload).
    b.writeUser(preToolUse('v2'));
    await b.send('PreToolUse', { runId: 'send-1', ...shellCall });
    // Edited during the turn: the running turn keeps what it read when it began.
    b.writeUser(preToolUse('v3'));
    await b.send('PreToolUse', { runId: 'send-1', ...shellCall });
    expect(b.recorded('v1')).toHaveLength(0);
    expect(b.recorded('v2')).toHaveLength(2);
    expect(b.recorded('v3')).toHaveLength(0);
    // The next message reads again.
    await b.send('PreToolUse', { runId: 'send-2', ...shellCall });
    expect(b.recorded('v3')).toHaveLength(1);
    expect(b.recorded('v3')[0]).toMatchObject({ run_id: 'send-2' });
  });

  it('"a running turn keeps the hooks it started with" — even when the file is deleted meanwhile; the next send has none', async () => {
    const b = bench();
    b.writeUser(preToolUse('kept'));
    b.start();
    await b.send('PreToolUse', { runId: 'send-1', ...shellCall });
    rmSync(b.userFile);
    expect((await b.send('PreToolUse', { runId: 'send-1', ...shellCall })).runs).toHaveLength(1);
    expect((await b.send('PreToolUse', { runId: 'send-2', ...shellCall })).runs).toHaveLength(0);
    expect(b.recorded('kept')).toHaveLength(2);
  });

  it('"An unknown event, field or handler type is reported as a warning in the chat." — in the warnings of each send\'s first result, naming the file and line', async () => {
    const b = bench();
    b.start();
    b.writeUser({ hooks: { Bogus: [{ hooks: [command('true')] }], PreToolUse: [{ hooks: [recorder('pre')] }] } });
    const first = await b.send('PreToolUse', { runId: 'send-1', ...shellCall });
    const bogus = (first.warnings ?? []).filter((warning) => warning.includes('Bogus'));
    expect(bogus).toHaveLength(1);
    expect(bogus[0]).toMatch(new RegExp(`^${b.userFile}:\\d+`));
    // The rest of the file still applies.
    expect(b.recorded('pre')).toHaveLength(1);
    // Said once per send: not again in the same turn, again in the next one.
    expect((await b.send('PreToolUse', { runId: 'send-1', ...shellCall })).warnings ?? []).not.toContainEqual(expect.stringContaining('Bogus'));
    expect((await b.send('PreToolUse', { runId: 'send-2', ...shellCall })).warnings ?? []).toContainEqual(expect.stringContaining('Bogus'));
  });

  it('"A literal name that matches no registered tool produces a warning, so a copied `"Bash"` matcher does not fail silently." — in the send\'s first result', async () => {
    const b = bench();
    b.start({ tools: ['shell', 'write', 'edit', 'apply_patch'] });
    b.writeUser({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [recorder('bash-guard')] }] } });
    const result = await b.send('PreToolUse', { runId: 'send-1', ...shellCall });
    expect(result.warnings ?? []).toContainEqual(expect.stringMatching(/matcher "Bash".*matches no tool/));
    expect(b.recorded('bash-guard')).toHaveLength(0);
  });

  it('an edit that breaks the file (invalid JSON) keeps the hooks last read; the parse error (file:line:column) is a warning of that send', async () => {
    const b = bench();
    b.writeUser(preToolUse('good'));
    b.start();
    await b.send('PreToolUse', { runId: 'send-1', ...shellCall });
    b.writeUser('{ "hooks": { "PreToolUse": [ }');
    const broken = await b.send('PreToolUse', { runId: 'send-2', ...shellCall });
    expect(broken.runs).toHaveLength(1);
    expect(b.recorded('good')).toHaveLength(2);
    expect(broken.warnings ?? []).toContainEqual(expect.stringMatching(new RegExp(`^${b.userFile}:1:\\d+: error: `)));
  });
});

describe('Stop: "The agent can be kept working twice"', () => {
  it('"A blocking `Stop` reason becomes the next user message." — decision block, continue true, the reason', async () => {
    const b = bench();
    b.writeUser(blockingStop);
    b.start();
    const result = await b.send('Stop', { runId: 'run-1' });
    expect(result.decision).toBe('block');
    expect(result.continue).toBe(true);
    expect(result.reason?.trim()).toBe('tests still fail');
    expect(result.unresolved).toBeUndefined();
  });

  it('"The agent can be kept working twice; if the hook still blocks on the final check, the Run finishes with that reason unresolved."', async () => {
    const b = bench();
    b.writeUser(blockingStop);
    b.start();
    const first = await b.send('Stop', { runId: 'run-1' });
    const second = await b.send('Stop', { runId: 'run-1' });
    const final = await b.send('Stop', { runId: 'run-1' });
    expect([first.decision, second.decision, final.decision]).toEqual(['block', 'block', 'none']);
    expect(final.continue).toBe(true);
    expect(final.unresolved?.trim()).toBe('tests still fail');
    expect(final.notes).toContainEqual(expect.stringContaining('past the cap of 2'));
    // The hook did run on the final check (it is asked, its block is what is left unresolved).
    expect(b.recorded('stop')).toHaveLength(3);
    // Another Run can be kept working twice again.
    expect((await b.send('Stop', { runId: 'run-2' })).decision).toBe('block');
  });

  it('"`stop_hook_active` (true after a `Stop` block in this Run)"', async () => {
    const b = bench();
    b.writeUser(blockingStop);
    b.start();
    await b.send('Stop', { runId: 'run-1' });
    await b.send('Stop', { runId: 'run-1' });
    await b.send('Stop', { runId: 'run-1' });
    await b.send('Stop', { runId: 'run-2' });
    expect(b.recorded('stop').map((stdin) => [stdin.run_id, stdin.stop_hook_active])).toEqual([
      ['run-1', false],
      ['run-1', true],
      ['run-1', true],
      ['run-2', false],
    ]);
  });
});

describe('"Goal continuations and scheduled turns are not prompts"', () => {
  const promptHooks = { hooks: { SessionStart: [{ hooks: [recorder('start')] }], UserPromptSubmit: [{ hooks: [recorder('prompt')] }], PreToolUse: [{ hooks: [recorder('pre')] }], Stop: [{ hooks: [recorder('stop')] }] } };

  for (const turnKind of ['goal', 'scheduled'] as const) {
    it(`"Goal continuations and scheduled turns are not prompts, so they fire neither \`SessionStart\` nor \`UserPromptSubmit\`." — turnKind ${turnKind}`, async () => {
      const b = bench();
      b.writeUser(promptHooks);
      b.start();
      for (const event of ['SessionStart', 'UserPromptSubmit'] as const) {
        const result = await b.send(event, { runId: `${turnKind}-1`, turnKind, prompt: 'continue the goal' });
        expect(result.notFired, event).toContain('Goal continuations and scheduled turns are not prompts');
        expect(result.runs).toEqual([]);
        expect(result.decision).toBe('none');
        expect(result.continue).toBe(true);
      }
      expect(b.recorded('start')).toHaveLength(0);
      expect(b.recorded('prompt')).toHaveLength(0);
    });
  }

  it('"Tool events still fire during those turns; native root Runs still fire `Stop` when they naturally finish."', async () => {
    const b = bench();
    b.writeUser(promptHooks);
    b.start();
    await b.send('UserPromptSubmit', { runId: 'goal-1', turnKind: 'goal', prompt: 'continue' });
    expect((await b.send('PreToolUse', { runId: 'goal-1', ...shellCall })).runs).toHaveLength(1);
    expect((await b.send('Stop', { runId: 'goal-1', finish: 'natural', rootRun: true })).runs).toHaveLength(1);
    expect(b.recorded('pre')).toHaveLength(1);
    expect(b.recorded('stop')).toHaveLength(1);
  });

  it('"On the first message of a conversation, before `UserPromptSubmit`" — a second SessionStart of the conversation does not fire', async () => {
    const b = bench();
    b.writeUser(promptHooks);
    b.start();
    expect((await b.send('SessionStart', { runId: 'send-1' })).runs).toHaveLength(1);
    const again = await b.send('SessionStart', { runId: 'send-2' });
    expect(again.notFired).toContain('first message of a conversation');
    expect((await b.send('SessionStart', { runId: 'send-3' }, { id: 'conversation-2' })).runs).toHaveLength(1);
    expect(b.recorded('start').map((stdin) => stdin.session_id)).toEqual(['conversation-1', 'conversation-2']);
  });
});

describe('"An abort, error or user Stop does not fire the hook."', () => {
  for (const finish of ['abort', 'error', 'user_stop'] as const) {
    it(`"An abort, error or user Stop does not fire the hook." — finish ${finish}`, async () => {
      const b = bench();
      b.writeUser(blockingStop);
      b.start();
      const result = await b.send('Stop', { runId: 'run-1', finish });
      expect(result.notFired).toContain('An abort, error or user Stop does not fire the hook');
      expect(result).toMatchObject({ decision: 'none', continue: true, runs: [] });
      expect(b.recorded('stop')).toHaveLength(0);
    });
  }

  it('"At a native Run\'s natural finish, after the Goal gate" — a Run that is not a root Run does not fire Stop; one not fired does not count toward the cap', async () => {
    const b = bench();
    b.writeUser(blockingStop);
    b.start();
    expect((await b.send('Stop', { runId: 'run-1', rootRun: false })).notFired).toContain('not a root Run');
    await b.send('Stop', { runId: 'run-1', finish: 'abort' });
    // Neither counted: the natural finish can still be kept working twice.
    expect((await b.send('Stop', { runId: 'run-1' })).decision).toBe('block');
    expect((await b.send('Stop', { runId: 'run-1' })).decision).toBe('block');
    expect((await b.send('Stop', { runId: 'run-1' })).decision).toBe('none');
    expect(b.recorded('stop')).toHaveLength(3);
  });
});

describe('"With a foreign agent runtime, such as an ACP agent"', () => {
  const acp = { runtime: 'acp', agent: 'claude-code-acp' };
  const everything = { hooks: { UserPromptSubmit: [{ hooks: [recorder('prompt')] }], PreToolUse: [{ hooks: [recorder('pre')] }], PostToolUse: [{ hooks: [recorder('post')] }], Stop: [{ hooks: [recorder('stop')] }] } };

  it('"With a foreign agent runtime, such as an ACP agent, the prompt events fire, but tool events fire only for WAMP tools lent to that agent."', async () => {
    const b = bench();
    b.writeUser(everything);
    b.start({ tools: ['shell', 'write'] });
    expect((await b.send('UserPromptSubmit', { runId: 'acp-1', prompt: 'hi' }, acp)).runs).toHaveLength(1);
    expect((await b.send('PreToolUse', { runId: 'acp-1', ...shellCall }, acp)).runs).toHaveLength(1);
    expect((await b.send('PostToolUse', { runId: 'acp-1', ...shellCall, toolResponse: 'ok' }, acp)).runs).toHaveLength(1);
    const own = await b.send('PreToolUse', { runId: 'acp-1', toolName: 'read_file', toolInput: { path: 'a' } }, acp);
    expect(own.notFired).toContain('tool events fire only for WAMP tools lent to that agent');
    expect(own.runs).toEqual([]);
    expect(b.recorded('prompt')).toHaveLength(1);
    expect(b.recorded('pre').map((stdin) => [stdin.tool_name, stdin.runtime, stdin.agent])).toEqual([['shell', 'acp', 'claude-code-acp']]);
    expect(b.recorded('post')).toHaveLength(1);
  });

  it('"The agent\'s own tools run inside its process, where WAMP does not see them." — PostToolUse of an unregistered tool does not fire either; a native turn fires for every tool', async () => {
    const b = bench();
    b.writeUser(everything);
    b.start({ tools: ['shell', 'write'] });
    expect((await b.send('PostToolUse', { runId: 'acp-1', toolName: 'terminal', toolInput: {}, toolResponse: 'x' }, acp)).notFired).toBeDefined();
    expect((await b.send('PostToolUse', { runId: 'native-1', toolName: 'terminal', toolInput: {}, toolResponse: 'x' })).runs).toHaveLength(1);
    expect(b.recorded('post').map((stdin) => stdin.runtime)).toEqual(['native']);
  });

  it('"ACP turns do not fire `Stop`."', async () => {
    const b = bench();
    b.writeUser(everything);
    b.start({ tools: ['shell'] });
    const result = await b.send('Stop', { runId: 'acp-1' }, acp);
    expect(result.notFired).toContain('ACP turns do not fire Stop');
    expect(result).toMatchObject({ decision: 'none', continue: true, runs: [] });
    expect(b.recorded('stop')).toHaveLength(0);
  });
});
