// The gemini dialect's input and output through the built hookd (dist/cli.js), as a Gemini-style agent and a user use
// it: the sidecar over stdio (one settings.json, a deny, a replaced AfterTool output, an AfterAgent continuation) and
// `hookd test --input` with the BeforeTool envelope Gemini CLI 0.61 was observed to write (observed-envelopes "gemini").
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scratchDir } from '../helpers/scratch.js';
import { HOOKD_BIN, Sidecar } from '../helpers/sidecar.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

/** A workspace with .gemini/settings.json, a home with folder trust off (as in the observed runs) and scratch system files. */
function scene(hooks: unknown) {
  const root = scratchDir('hookd-gemini-e2e-');
  const workspace = join(root, 'project');
  const home = join(root, 'home');
  for (const dir of [join(workspace, '.gemini'), join(home, '.gemini')]) mkdirSync(dir, { recursive: true });
  writeFileSync(join(home, '.gemini', 'settings.json'), JSON.stringify({ security: { folderTrust: { enabled: false } } }));
  writeFileSync(join(workspace, '.gemini', 'settings.json'), JSON.stringify({ hooks }, null, 2));
  const env = { ...process.env, GEMINI_CLI_SYSTEM_SETTINGS_PATH: join(root, 'system.json'), GEMINI_CLI_SYSTEM_DEFAULTS_PATH: join(root, 'system-defaults.json') };
  return { root, workspace, home, env };
}

const emit = (value: unknown) => `printf '%s' '${JSON.stringify(value)}'`;

describe('gemini io through the built sidecar', () => {
  it('02 / 08b / 10a through Gemini\'s own methods hooks/BeforeTool, hooks/AfterTool, hooks/AfterAgent: deny with the stderr, output replaced by {"error"}, a continuation', async () => {
    const s = scene({
      BeforeTool: [{ matcher: 'run_shell', hooks: [{ type: 'command', command: `cat > "$GEMINI_PROJECT_DIR/../stdin.json"; echo 'BLOCKED: policy says no' >&2; exit 2` }] }],
      AfterTool: [{ hooks: [{ type: 'command', command: emit({ decision: 'block', reason: 'POST-BLOCK-REASON' }) }] }],
      AfterAgent: [{ hooks: [{ type: 'command', command: emit({ decision: 'deny', reason: 'KEEP-GOING' }) }] }],
    });
    const sidecar = new Sidecar('ndjson', [], s.env);
    open.push(sidecar);
    await sidecar.request('initialize', { protocolVersion: '0.1', clientInfo: { name: 'gemini-e2e-agent', version: '1' }, dialect: 'gemini', workspace: s.workspace, home: s.home });
    const call = { session: { id: 's1' }, toolName: 'run_shell_command', toolInput: { command: 'echo hi && touch tool_ran.marker', description: 'say hi' } };
    expect(await sidecar.request('hooks/BeforeTool', call)).toMatchObject({ event: 'PreToolUse', decision: 'deny', reason: 'BLOCKED: policy says no', continue: true });
    const stdin = JSON.parse(readFileSync(join(s.root, 'stdin.json'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(stdin)).toEqual(['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'timestamp', 'tool_name', 'tool_input']);
    expect(stdin.hook_event_name).toBe('BeforeTool');
    const post = await sidecar.request('hooks/AfterTool', { ...call, toolResponse: { llmContent: 'hi', returnDisplay: 'hi' } });
    expect(post).toMatchObject({ event: 'PostToolUse', decision: 'block', updatedToolOutput: { error: 'POST-BLOCK-REASON' } });
    expect(await sidecar.request('hooks/AfterAgent', { session: { id: 's1' }, prompt: 'run the command', lastAssistantMessage: 'done', stopHookActive: false })).toMatchObject({ event: 'Stop', decision: 'block', reason: 'KEEP-GOING' });
    expect(await sidecar.request('hooks/PreToolUse', call), 'the canonical method runs the same hooks').toMatchObject({ decision: 'deny', reason: 'BLOCKED: policy says no' });
    expect(sidecar.nonProtocolOutput).toEqual([]);
  });
});

describe('hookd test --input with a Gemini envelope', () => {
  it('the observed BeforeTool envelope is read as PreToolUse; the hook reads it back with hook_event_name "BeforeTool" and a fresh timestamp; 03 deny', () => {
    const s = scene({ BeforeTool: [{ hooks: [{ type: 'command', command: `cat > "$GEMINI_PROJECT_DIR/../stdin.json"; ${emit({ decision: 'deny', reason: 'DENY-REASON-X' })}` }] }] });
    const envelope = {
      session_id: '826c96fc-bb00-4e9f-809f-55d45c5f1919',
      transcript_path: '<transcript path>',
      cwd: s.workspace,
      hook_event_name: 'BeforeTool',
      timestamp: '2026-11-29T18:42:58.488Z',
      tool_name: 'run_shell_command',
      tool_input: { command: 'echo hi && touch tool_ran.marker', description: 'say hi' },
    };
    const input = join(s.root, 'envelope.json');
    writeFileSync(input, JSON.stringify(envelope));
    const run = spawnSync(process.execPath, [HOOKD_BIN, 'test', '--dialect', 'gemini', '--input', input, '--json', '--workspace', s.workspace, '--home', s.home], { encoding: 'utf8', timeout: 30_000, env: s.env });
    expect(run.status, run.stderr).toBe(0);
    const answer = JSON.parse(run.stdout) as { result: Record<string, unknown> };
    expect(answer.result).toMatchObject({ event: 'PreToolUse', decision: 'deny', reason: 'DENY-REASON-X' });
    const seen = JSON.parse(readFileSync(join(s.root, 'stdin.json'), 'utf8')) as Record<string, unknown>;
    expect({ ...seen, timestamp: 'T' }).toEqual({ ...envelope, timestamp: 'T' });
    expect(seen.timestamp).not.toBe(envelope.timestamp);
  });
});
