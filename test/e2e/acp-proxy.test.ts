// `hookd acp` end to end: the built hookd started as an ACP proxy in front of a scripted agent written with the
// official SDK (test/fixtures/acp/scripted-agent.mjs), driven by a scripted editor (test/helpers/acp-editor.ts) over
// stdio, with Claude-dialect hooks in a scratch workspace. Hook processes are checked dead by PID.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AcpEditor, RAW_ECHO_AGENT, SCRIPTED_AGENT } from '../helpers/acp-editor.js';
import { isAlive, killPids, waitUntil } from '../helpers/processes.js';
import { makeWorkspace, writeClaudeSettings } from '../helpers/workspace.js';

const editors: AcpEditor[] = [];
const started: number[] = [];
afterEach(async () => {
  for (const editor of editors.splice(0)) {
    editor.child.stdin.end();
    await editor.exited;
  }
  killPids(started.splice(0));
});

function proxy(workspace: string, agentArgv: readonly string[] = [process.execPath, SCRIPTED_AGENT], env: NodeJS.ProcessEnv = process.env, flags: readonly string[] = []): AcpEditor {
  const editor = new AcpEditor(['--workspace', workspace, ...flags], agentArgv, env);
  editors.push(editor);
  return editor;
}

/** A scratch workspace with these Claude settings, hookd acp in front of the scripted agent, one open session. */
async function sessionWith(settings: unknown): Promise<{ workspace: string; editor: AcpEditor; sessionId: string }> {
  const workspace = makeWorkspace();
  writeClaudeSettings(workspace, settings);
  const editor = proxy(workspace);
  return { workspace, editor, sessionId: await editor.openSession(workspace) };
}

const hook = (command: string, matcher?: string) => [{ ...(matcher !== undefined ? { matcher } : {}), hooks: [{ type: 'command', command }] }];
const json = (value: unknown) => `echo '${JSON.stringify(value)}'`;
/** A hook command that records its own pid and a grandchild's in `file`, then waits (until killed). */
const recordAndWait = (file: string) => `echo $$ >> ${file}; sleep 60 & echo $! >> ${file}; wait`;
const pidsIn = (file: string): number[] => {
  try {
    return readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
};

/** hookd acp with a PreToolUse hook that records its tree's pids and waits, running for the agent's permission request. */
async function permissionHookRunning(): Promise<{ editor: AcpEditor; pids: string; agent: number; id: number }> {
  const workspace = makeWorkspace();
  const pids = join(workspace, 'pids');
  const agentPid = join(workspace, 'agent.pid');
  writeClaudeSettings(workspace, { hooks: { PreToolUse: hook(recordAndWait(pids), 'Bash') } });
  const editor = proxy(workspace, [process.execPath, SCRIPTED_AGENT], { ...process.env, ACP_AGENT_PID_FILE: agentPid });
  const sessionId = await editor.openSession(workspace);
  const id = editor.send('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'permission execute make' }] });
  expect(await waitUntil(() => pidsIn(pids).length >= 2, 20_000)).toBe(true);
  const agent = Number(readFileSync(agentPid, 'utf8'));
  started.push(...pidsIn(pids), agent);
  return { editor, pids, agent, id };
}

describe('hookd acp: prompts', () => {
  it('session/new → SessionStart: its context is prepended to the first prompt', async () => {
    const { editor, sessionId } = await sessionWith({ hooks: { SessionStart: hook(json({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'START-CONTEXT' } })) } });
    const first = await editor.prompt(sessionId, 'hello');
    expect(first.result).toEqual({ stopReason: 'end_turn' });
    expect(editor.agentTexts(sessionId)).toEqual(['echo: START-CONTEXT', 'echo: hello']);
    await editor.prompt(sessionId, 'again');
    // Only the first prompt carries it.
    expect(editor.agentTexts(sessionId).slice(2)).toEqual(['echo: again']);
  });

  it('session/load → SessionStart with source "resume"; its context goes to the next prompt', async () => {
    const workspace = makeWorkspace();
    const seen = join(workspace, 'session-start.json');
    writeClaudeSettings(workspace, { hooks: { SessionStart: hook(`cat > ${seen}; echo '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"RESUMED"}}'`) } });
    const editor = proxy(workspace);
    await editor.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
    const loaded = await editor.request('session/load', { sessionId: 'old-7', cwd: workspace, mcpServers: [] });
    expect(loaded.error).toBeUndefined();
    await editor.prompt('old-7', 'where were we');
    expect(editor.agentTexts('old-7')).toEqual(['echo: RESUMED', 'echo: where were we']);
    expect(JSON.parse(readFileSync(seen, 'utf8'))).toMatchObject({ hook_event_name: 'SessionStart', source: 'resume', session_id: 'old-7' });
  });

  it('session/prompt → UserPromptSubmit: "a block answers the editor itself with stopReason: refusal and an agent_message_chunk giving the reason, and the agent never sees the prompt"', async () => {
    const { editor, sessionId } = await sessionWith({ hooks: { UserPromptSubmit: hook(`grep -q secret && { echo 'no secrets in prompts' >&2; exit 2; }; exit 0`) } });
    const refused = await editor.prompt(sessionId, 'the secret is 42');
    expect(refused.result).toEqual({ stopReason: 'refusal' });
    expect(editor.agentTexts(sessionId)).toEqual(['no secrets in prompts']);
    // The next prompt goes through; the agent's echoes show it never saw the refused one.
    await editor.prompt(sessionId, 'fine');
    expect(editor.agentTexts(sessionId)).toEqual(['no secrets in prompts', 'echo: fine']);
  });

  it('session/prompt → UserPromptSubmit: "context is added as content blocks"', async () => {
    const { editor, sessionId } = await sessionWith({ hooks: { UserPromptSubmit: hook(json({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'PROMPT-CONTEXT' } })) } });
    await editor.prompt(sessionId, 'do it');
    expect(editor.agentTexts(sessionId)).toEqual(['echo: do it', 'echo: PROMPT-CONTEXT']);
  });
});

describe('hookd acp: the end of a turn', () => {
  const userTexts = (editor: AcpEditor, sessionId: string) =>
    editor.messages.filter((message) => message.method === 'session/update' && message.params?.sessionId === sessionId && message.params?.update?.sessionUpdate === 'user_message_chunk').map((message) => message.params.update.content.text);

  it('session/prompt answered end_turn → Stop: "a block sends a further session/prompt with the reason, visible to the editor"', async () => {
    const { editor, sessionId } = await sessionWith({ hooks: { Stop: hook(`grep -q '"stop_hook_active":false' && echo '{"decision":"block","reason":"now run the tests"}'; exit 0`) } });
    const answer = await editor.prompt(sessionId, 'fix the bug');
    expect(answer.result).toEqual({ stopReason: 'end_turn' });
    expect(userTexts(editor, sessionId)).toEqual(['now run the tests']);
    expect(editor.agentTexts(sessionId)).toEqual(['echo: fix the bug', 'echo: now run the tests']);
    // The editor's prompt got one answer, under its own id; the continuation's id never reached the editor.
    expect(editor.messages.filter((message) => message.id !== undefined && message.method === undefined).map((message) => message.id)).toEqual([1, 2, 3]);
  });

  it('Stop: "under the same continuation cap as elsewhere" (--stop-block-cap 2: two continuations, then the turn ends)', async () => {
    const workspace = makeWorkspace();
    writeClaudeSettings(workspace, { hooks: { Stop: hook(`echo '{"decision":"block","reason":"keep going"}'`) } });
    const editor = proxy(workspace, undefined, undefined, ['--stop-block-cap', '2']);
    const sessionId = await editor.openSession(workspace);
    const answer = await editor.prompt(sessionId, 'start');
    expect(answer.result).toEqual({ stopReason: 'end_turn' });
    expect(userTexts(editor, sessionId)).toEqual(['keep going', 'keep going']);
    expect(editor.agentTexts(sessionId)).toEqual(['echo: start', 'echo: keep going', 'echo: keep going']);
  });

  it('"JSON-RPC ids are remapped whenever hookd originates a request": concurrent requests from both sides while a continuation is out', async () => {
    const workspace = makeWorkspace();
    // The first session's continuation says "slow": the agent holds that turn until it is cancelled.
    writeClaudeSettings(workspace, { hooks: { Stop: hook(`grep '"stop_hook_active":false' | grep -q '"session_id":"sess-1"' && echo '{"decision":"block","reason":"slow"}'; exit 0`) } });
    const editor = proxy(workspace);
    editor.answer('session/request_permission', () => ({ outcome: { outcome: 'selected', optionId: 'yes-once' } }));
    const sessionId = await editor.openSession(workspace);
    const promptId = editor.send('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'go' }] });
    await editor.waitFor((message) => message.params?.update?.sessionUpdate === 'user_message_chunk', 'the continuation');
    // The proxy's continuation is out as "hookd-acp-1": the editor now uses that very id, and a second session's
    // prompt makes the agent ask the editor for permission meanwhile.
    editor.writeLine(JSON.stringify({ jsonrpc: '2.0', id: 'hookd-acp-1', method: 'session/new', params: { cwd: workspace, mcpServers: [] } }));
    const created = await editor.waitFor((message) => message.id === 'hookd-acp-1' && message.method === undefined, 'the answer to the editor\'s hookd-acp-1');
    const second = String(created.result.sessionId);
    expect(second).not.toBe(sessionId);
    const secondAnswer = await editor.prompt(second, 'permission execute make');
    expect(secondAnswer.result).toEqual({ stopReason: 'end_turn' });
    expect(editor.agentTexts(second)).toContain('permission: yes-once');
    // The first turn is still out; cancelling it answers the editor's prompt under the editor's id.
    expect(editor.messages.some((message) => message.id === promptId)).toBe(false);
    editor.notify('session/cancel', { sessionId });
    const first = await editor.waitFor((message) => message.id === promptId, 'the first prompt\'s answer');
    expect(first.result).toEqual({ stopReason: 'cancelled' });
    expect(editor.messages.filter((message) => message.id === 'hookd-acp-1')).toHaveLength(1);
  });
});

describe('hookd acp: tools', () => {
  it('session/request_permission → PreToolUse: "deny answers the agent with a reject option without asking the editor" (a Claude Bash matcher meets an ACP execute call)', async () => {
    const { editor, sessionId } = await sessionWith({ hooks: { PreToolUse: hook(json({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no shell' } }), 'Bash') } });
    await editor.prompt(sessionId, 'permission execute rm -rf build');
    expect(editor.agentTexts(sessionId)).toContain('permission: no-once');
    expect(editor.messages.some((message) => message.method === 'session/request_permission')).toBe(false);
  });

  it('session/request_permission → PreToolUse: "allow answers with an allow-once option"', async () => {
    const { editor, sessionId } = await sessionWith({ hooks: { PreToolUse: hook(json({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } }), 'Read') } });
    await editor.prompt(sessionId, 'permission read README.md');
    expect(editor.agentTexts(sessionId)).toContain('permission: yes-once');
    expect(editor.messages.some((message) => message.method === 'session/request_permission')).toBe(false);
  });

  it('session/request_permission → PreToolUse: "ask / no decision forwards to the editor"', async () => {
    const workspace = makeWorkspace();
    writeClaudeSettings(workspace, {
      hooks: { PreToolUse: [...hook(json({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask' } }), 'Bash'), ...hook('exit 0', 'Edit')] },
    });
    const editor = proxy(workspace);
    editor.answer('session/request_permission', () => ({ outcome: { outcome: 'selected', optionId: 'no-once' } }));
    const sessionId = await editor.openSession(workspace);
    await editor.prompt(sessionId, 'permission execute make\npermission edit src/a.ts');
    const asked = editor.messages.filter((message) => message.method === 'session/request_permission');
    expect(asked.map((message) => message.params.toolCall.kind)).toEqual(['execute', 'edit']);
    expect(editor.agentTexts(sessionId).filter((text) => text.startsWith('permission:'))).toEqual(['permission: no-once', 'permission: no-once']);
  });

  it('session/request_permission → "PreToolUse (and PermissionRequest)": a PermissionRequest allow answers the agent when PreToolUse decided nothing', async () => {
    const workspace = makeWorkspace();
    writeClaudeSettings(workspace, {
      hooks: {
        PreToolUse: hook('exit 0', 'Bash'),
        PermissionRequest: hook(json({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } }), 'Bash'),
      },
    });
    const editor = proxy(workspace);
    const sessionId = await editor.openSession(workspace);
    await editor.prompt(sessionId, 'permission execute npm test');
    expect(editor.agentTexts(sessionId)).toContain('permission: yes-once');
    expect(editor.messages.some((message) => message.method === 'session/request_permission')).toBe(false);
  });

  it.each([
    {
      name: 'fs/write_text_file → PreToolUse for a write tool: "deny → a JSON-RPC error to the agent"',
      settings: { hooks: { PreToolUse: hook(`grep -q '"file_path":"/etc/' && { echo 'not under /etc' >&2; exit 2; }; exit 0`, 'Write') } },
      method: 'fs/write_text_file',
      answer: null,
      prompt: 'write /etc/passwd root\nwrite /tmp/ok.txt fine',
      refused: ['write error:', 'not under /etc'],
      passed: 'write: ok',
      forwarded: (params: { path: string }) => params.path,
      expected: ['/tmp/ok.txt'],
    },
    {
      name: 'terminal/create → "PreToolUse for a shell tool": a deny answers the agent with an error',
      settings: { hooks: { PreToolUse: hook(`grep -q 'curl' && { echo 'no network tools' >&2; exit 2; }; exit 0`, 'Bash') } },
      method: 'terminal/create',
      answer: { terminalId: 'term-1' },
      prompt: 'terminal curl example.com\nterminal ls -la',
      refused: ['terminal error:', 'no network tools'],
      passed: 'terminal: term-1',
      forwarded: (params: { command: string }) => params.command,
      expected: ['ls'],
    },
  ])('$name', async ({ settings, method, answer, prompt, refused, passed, forwarded, expected }) => {
    const { editor, sessionId } = await sessionWith(settings);
    editor.answer(method, () => answer);
    await editor.prompt(sessionId, prompt);
    const texts = editor.agentTexts(sessionId);
    expect(texts.find((text) => text.startsWith(refused[0]!))).toContain(refused[1]);
    expect(texts).toContain(passed);
    // The refused request never reached the editor; the other did.
    expect(editor.messages.filter((message) => message.method === method).map((message) => forwarded(message.params))).toEqual(expected);
  });

  it('fs/write_text_file → PreToolUse: "a rewrite changes content"', async () => {
    const workspace = makeWorkspace();
    writeClaudeSettings(workspace, {
      hooks: { PreToolUse: hook(json({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { file_path: '/tmp/x.txt', content: 'REWRITTEN' } } }), 'Write') },
    });
    const editor = proxy(workspace);
    editor.answer('fs/write_text_file', () => null);
    const sessionId = await editor.openSession(workspace);
    await editor.prompt(sessionId, 'write /tmp/x.txt original');
    const write = await editor.waitFor((message) => message.method === 'fs/write_text_file', 'the write');
    expect(write.params).toMatchObject({ sessionId, path: '/tmp/x.txt', content: 'REWRITTEN' });
  });

  it('fs/write_text_file → "PreToolUse/PostToolUse for a write tool": PostToolUse once the editor answered the write', async () => {
    const workspace = makeWorkspace();
    const seen = join(workspace, 'post.jsonl');
    writeClaudeSettings(workspace, {
      hooks: { PostToolUse: hook(`cat >> ${seen}; echo >> ${seen}`, 'Write') },
    });
    const editor = proxy(workspace);
    editor.answer('fs/write_text_file', () => null);
    const sessionId = await editor.openSession(workspace);
    await editor.prompt(sessionId, 'write /tmp/ok.txt hello');
    expect(await waitUntil(() => readable(seen), 10_000)).toBe(true);
    const [post] = readFileSync(seen, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
    expect(post).toMatchObject({ hook_event_name: 'PostToolUse', tool_name: 'Write', tool_input: { file_path: '/tmp/ok.txt', content: 'hello' }, session_id: sessionId });
  });

  it('session/update tool_call_update failed → PostToolUseFailure, with the error', async () => {
    const workspace = makeWorkspace();
    const seen = join(workspace, 'failure.json');
    writeClaudeSettings(workspace, { hooks: { PostToolUseFailure: hook(`cat > ${seen}`, 'Bash') } });
    const editor = proxy(workspace);
    const sessionId = await editor.openSession(workspace);
    await editor.prompt(sessionId, 'tool execute make failed');
    expect(await waitUntil(() => readable(seen), 10_000)).toBe(true);
    expect(JSON.parse(readFileSync(seen, 'utf8'))).toMatchObject({ hook_event_name: 'PostToolUseFailure', tool_name: 'Bash', tool_input: { command: 'make' }, error: 'it broke' });
  });

  it('session/update tool_call_update completed → PostToolUse: "feedback is carried into the next prompt"', async () => {
    const workspace = makeWorkspace();
    const seen = join(workspace, 'post-tool-use.json');
    writeClaudeSettings(workspace, {
      hooks: { PostToolUse: hook(`cat > ${seen}; echo '{"decision":"block","reason":"the build broke: fix it first"}'`, 'Bash') },
    });
    const editor = proxy(workspace);
    const sessionId = await editor.openSession(workspace);
    await editor.prompt(sessionId, 'tool execute make completed');
    expect(await waitUntil(() => readable(seen), 10_000)).toBe(true);
    const input = JSON.parse(readFileSync(seen, 'utf8'));
    expect(input).toMatchObject({ hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: 'make' }, session_id: sessionId });
    await editor.prompt(sessionId, 'next');
    expect(editor.agentTexts(sessionId).slice(-2)).toEqual(['echo: the build broke: fix it first', 'echo: next']);
  });
});

function readable(file: string): boolean {
  try {
    return readFileSync(file, 'utf8').length > 0;
  } catch {
    return false;
  }
}

describe('hookd acp: the proxy', () => {
  it('"unknown methods, _meta and capabilities pass through untouched": an extension request is forwarded byte for byte, both ways', async () => {
    const workspace = makeWorkspace();
    const editor = proxy(workspace, [process.execPath, RAW_ECHO_AGENT]);
    // Odd spacing, key order, an escaped character and a big number: any re-serialization would change the bytes.
    const line = '{ "params" : {"_meta":{"x":1}, "n": 12345678901234567890, "s":"caf\\u00e9"},"method":"_test/raw", "id":"x-1" ,"jsonrpc":"2.0"}';
    editor.writeLine(line);
    const echoed = await editor.waitFor((message) => message.method === '_test/echo', 'the echo');
    expect(echoed.params.text).toBe(line);
    await waitUntil(() => editor.lines.includes(line), 10_000);
    expect(editor.lines).toContain(line);
  });

  it('"session/cancel and $/cancel_request are forwarded": the agent receives both as the editor wrote them', async () => {
    const editor = proxy(makeWorkspace(), [process.execPath, RAW_ECHO_AGENT]);
    const cancelSession = '{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"s-1"}}';
    const cancelRequest = '{"jsonrpc":"2.0","method":"$/cancel_request","params":{"requestId":7}}';
    editor.writeLine(cancelSession);
    editor.writeLine(cancelRequest);
    await editor.waitFor((message) => message.method === '_test/echo' && message.params.text === cancelRequest, 'the forwarded $/cancel_request');
    expect(editor.messages.filter((message) => message.method === '_test/echo').map((message) => message.params.text)).toEqual([cancelSession, cancelRequest]);
  });

  it('"stdout carries only ACP messages": every line hookd acp wrote is a JSON-RPC message', async () => {
    const { editor, sessionId } = await sessionWith({ hooks: { UserPromptSubmit: hook(`echo 'plain text on stdout'; echo oops >&2`) } });
    await editor.prompt(sessionId, 'hi');
    for (const line of editor.lines) expect(JSON.parse(line)).toHaveProperty('jsonrpc', '2.0');
  });

  it.each([
    { name: '"session/cancel … cancel the hook runs they concern (trees killed)"', cancel: (editor: AcpEditor, sessionId: string) => editor.notify('session/cancel', { sessionId }) },
    { name: '"$/cancel_request … cancel the hook runs they concern (trees killed)"', cancel: (editor: AcpEditor, _sessionId: string, id: number) => editor.notify('$/cancel_request', { requestId: id }) },
  ])('$name: a prompt held by its UserPromptSubmit hook is answered cancelled, the hook tree dies, the agent never sees it', async ({ cancel }) => {
    const workspace = makeWorkspace();
    const pids = join(workspace, 'pids');
    writeClaudeSettings(workspace, { hooks: { UserPromptSubmit: hook(recordAndWait(pids)) } });
    const editor = proxy(workspace);
    const sessionId = await editor.openSession(workspace);
    const id = editor.send('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'hello' }] });
    expect(await waitUntil(() => pidsIn(pids).length >= 2, 20_000)).toBe(true);
    started.push(...pidsIn(pids));
    cancel(editor, sessionId, id);
    const answer = await editor.waitFor((message) => message.id === id, 'the prompt answer');
    expect(answer.result).toEqual({ stopReason: 'cancelled' });
    expect(await waitUntil(() => pidsIn(pids).every((pid) => !isAlive(pid)), 5_000)).toBe(true);
    expect(editor.agentTexts(sessionId)).toEqual([]);
  });

  it('"when either side dies, the other is told and every hook tree is killed": the editor closes mid-hook', async () => {
    const { editor, pids, agent } = await permissionHookRunning();
    const exit = await editor.close();
    expect(exit.code).toBe(0);
    expect(pidsIn(pids).filter(isAlive)).toEqual([]);
    expect(await waitUntil(() => !isAlive(agent), 5_000)).toBe(true);
  });

  it('"when either side dies, the other is told": the agent dies, the editor\'s pending prompt is answered with an error and hookd acp exits with the agent\'s status', async () => {
    const workspace = makeWorkspace();
    const editor = proxy(workspace);
    const sessionId = await editor.openSession(workspace);
    const answer = await editor.prompt(sessionId, 'die');
    expect(answer.error?.code).toBe(-32001);
    expect(answer.error?.message).toMatch(/agent exited/);
    expect((await editor.exited).code).toBe(3);
  });

  it('"when either side dies … every hook tree is killed": the agent dies while its permission request\'s hook runs', async () => {
    const { editor, pids, agent, id } = await permissionHookRunning();
    process.kill(agent, 'SIGKILL');
    const answer = await editor.waitFor((message) => message.id === id, 'the prompt answer');
    expect(answer.error?.code).toBe(-32001);
    const exit = await editor.exited;
    expect(exit.signal ?? exit.code).not.toBe(0);
    expect(pidsIn(pids).filter(isAlive)).toEqual([]);
  });

  it('garbage and malformed messages from the editor pass to the agent as they are; the proxy goes on', async () => {
    const { editor, sessionId } = await sessionWith({ hooks: { UserPromptSubmit: hook(json({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'CTX' } })) } });
    editor.writeLine('this is not json');
    editor.writeLine('[1, 2, 3]');
    editor.writeLine('{"jsonrpc":"2.0","id":{"an":"object"},"method":"session/prompt"}');
    const bad = await editor.request('session/prompt', { sessionId: 42, prompt: 'not blocks' });
    expect(bad.error).toBeDefined();
    const good = await editor.prompt(sessionId, 'still here');
    expect(good.result).toEqual({ stopReason: 'end_turn' });
    expect(editor.agentTexts(sessionId)).toEqual(['echo: still here', 'echo: CTX']);
    expect(editor.stderr).not.toMatch(/internal error|TypeError/);
  });

  it('an agent that cannot start: exit 127 and a line on stderr', async () => {
    const workspace = makeWorkspace();
    const editor = proxy(workspace, ['/nonexistent/agent-binary']);
    const exit = await editor.exited;
    expect(exit.code).toBe(127);
    expect(editor.stderr).toMatch(/the agent did not start: \/nonexistent\/agent-binary/);
  });

  it('usage: no agent after `--` is exit 2 with a message', async () => {
    const { spawnSync } = await import('node:child_process');
    const { HOOKD_BIN } = await import('../helpers/sidecar.js');
    const run = spawnSync(process.execPath, [HOOKD_BIN, 'acp', '--workspace', makeWorkspace()], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/needs the agent to start after `--`/);
    expect(run.stdout).toBe('');
  });
});
