// The codex dialect's input and output through the built sidecar (dist/cli.js) as an agent would drive it: hooks in
// $CODEX_HOME/hooks.json run under --dangerously-bypass-hook-trust; the results carry Codex's decisions over JSON-RPC
// (05b ignored rewrite, 08b replaced output, 08a/09c separate-message context, 14 ignored continue:false), and
// `hookd test --input` reads the observed codex envelope. Names quote observed-decisions / observed-envelopes.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { scratchDir } from '../helpers/scratch.js';
import { HOOKD_BIN, Sidecar } from '../helpers/sidecar.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

const print = (value: unknown) => `printf '%s' '${JSON.stringify(value)}'`;

function scene(hooks: Record<string, unknown>) {
  const root = scratchDir('hookd-codex-e2e-');
  const workspace = join(root, 'ws');
  const home = join(root, 'home');
  mkdirSync(workspace, { recursive: true });
  mkdirSync(join(home, '.codex'), { recursive: true });
  writeFileSync(join(home, '.codex', 'hooks.json'), JSON.stringify({ hooks }, null, 2));
  const env = { ...process.env };
  delete env['CODEX_HOME'];
  return { root, workspace, home, env };
}

async function start(s: ReturnType<typeof scene>) {
  const sidecar = new Sidecar('ndjson', ['--dangerously-bypass-hook-trust'], s.env);
  open.push(sidecar);
  await sidecar.request('initialize', { protocolVersion: '0.1', clientInfo: { name: 'codex-io-e2e', version: '1' }, dialect: 'codex', workspace: s.workspace, home: s.home });
  return sidecar;
}

const bash = { toolName: 'Bash', toolInput: { command: 'echo hi && touch tool_ran.marker' }, toolUseId: 'call_mock_1_0' };

describe('codex through the built sidecar', () => {
  it('05b "updatedInput **without** decision" — "**ignored** (original ran)"; 14 "continue:false … ignored: tool ran"', async () => {
    const s = scene({
      PreToolUse: [
        { hooks: [{ type: 'command', command: print({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'echo rewritten' } } }) }] },
        { hooks: [{ type: 'command', command: print({ continue: false, stopReason: 'STOP-REASON-CONTINUE-FALSE' }) }] },
      ],
    });
    const sidecar = await start(s);
    const result = await sidecar.request('hooks/PreToolUse', { session: { id: 's1' }, ...bash });
    expect(result).toMatchObject({ event: 'PreToolUse', decision: 'none', continue: true });
    expect(result.updatedInput).toBeUndefined();
    expect(result.runs.map((run: { status: string }) => run.status)).toEqual(['error', 'error']);
    expect(sidecar.nonProtocolOutput).toEqual([]);
  });

  it('08b "PostToolUse `decision:block`" — "**tool output replaced** by POST-BLOCK-REASON"; 08a "separate **developer message**"', async () => {
    const s = scene({
      PostToolUse: [
        {
          hooks: [
            { type: 'command', command: print({ decision: 'block', reason: 'POST-BLOCK-REASON' }) },
            { type: 'command', command: print({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'POST-ADDITIONAL-CONTEXT' } }) },
          ],
        },
      ],
    });
    const sidecar = await start(s);
    const result = await sidecar.request('hooks/PostToolUse', { session: { id: 's1' }, ...bash, toolResponse: 'hi\n' });
    expect(result).toMatchObject({ decision: 'block', updatedToolOutput: 'POST-BLOCK-REASON', additionalContext: 'POST-ADDITIONAL-CONTEXT', contextDelivery: 'separate-message' });
  });

  it('observed-envelopes "codex" UserPromptSubmit — the stdin a hook reads, and CODEX_HOME', async () => {
    const s = scene({});
    const stdinFile = join(s.root, 'stdin.json');
    const envFile = join(s.root, 'env.txt');
    writeFileSync(join(s.home, '.codex', 'hooks.json'), JSON.stringify({ hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: `cat > '${stdinFile}'; printf '%s' "$CODEX_HOME" > '${envFile}'; echo PLAIN-STDOUT-CONTEXT` }] }] } }));
    const sidecar = await start(s);
    const result = await sidecar.request('hooks/UserPromptSubmit', { session: { id: 's1', turnId: 't1', model: 'gpt-5.1-codex', permissionMode: 'bypassPermissions' }, prompt: 'run the command' });
    expect(result).toMatchObject({ additionalContext: 'PLAIN-STDOUT-CONTEXT', contextDelivery: 'separate-message' });
    const stdin = JSON.parse(readFileSync(stdinFile, 'utf8')) as Record<string, unknown>;
    expect(Object.keys(stdin)).toEqual(['session_id', 'turn_id', 'transcript_path', 'cwd', 'hook_event_name', 'model', 'permission_mode', 'prompt']);
    expect(readFileSync(envFile, 'utf8')).toBe(join(s.home, '.codex'));
  });

  it('`hookd test --dialect codex --input` reads the observed PreToolUse envelope as PreToolUse params', async () => {
    const s = scene({});
    const input = join(s.root, 'envelope.json');
    writeFileSync(
      input,
      JSON.stringify({
        session_id: '01a22898-5f6a-7270-9a37-9736f535ce0d',
        turn_id: '01a22898-5f90-7e83-b226-257bb1c199a3',
        transcript_path: null,
        cwd: s.workspace,
        hook_event_name: 'PreToolUse',
        model: 'gpt-5.1-codex',
        permission_mode: 'bypassPermissions',
        tool_name: 'Bash',
        tool_input: { command: 'echo hi && touch tool_ran.marker' },
        tool_use_id: 'call_mock_1_0',
      }),
    );
    const { stdout } = await promisify(execFile)(process.execPath, [HOOKD_BIN, 'test', '--dialect', 'codex', '--workspace', s.workspace, '--home', s.home, '--input', input], { timeout: 30_000, env: s.env });
    expect(stdout).toContain('read as PreToolUse params');
  });
});
