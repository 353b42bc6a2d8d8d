// Native event names as methods through the built sidecar: the gemini dialect serves hooks/BeforeTool … (EVENT_ALIASES)
// as the canonical events and initialize reports them; a dialect without aliases answers -32601 naming the method.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EVENT_ALIASES } from '../../src/protocol/index.js';
import { scratchDir } from '../helpers/scratch.js';
import { Sidecar } from '../helpers/sidecar.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

const session = { id: 's1' };

/** A gemini home whose user settings.json has one BeforeTool hook appending its hook_event_name to `marks`. */
function geminiHome(): { root: string; workspace: string; home: string; marks: string; env: NodeJS.ProcessEnv } {
  const root = scratchDir('hookd-aliases-');
  const workspace = join(root, 'ws');
  const home = join(root, 'home');
  const marks = join(root, 'marks');
  mkdirSync(workspace, { recursive: true });
  mkdirSync(join(home, '.gemini'), { recursive: true });
  const command = `node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>require('fs').appendFileSync(process.argv[1],JSON.parse(s).hook_event_name+'\\\\n'))" '${marks}'`;
  writeFileSync(
    join(home, '.gemini', 'settings.json'),
    JSON.stringify({ security: { folderTrust: { enabled: false } }, hooks: { BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command }] }] } }),
  );
  // Gemini's system settings file: kept inside the scratch root so no /etc file takes part.
  return { root, workspace, home, marks, env: { ...process.env, GEMINI_CLI_SYSTEM_SETTINGS_PATH: join(root, 'system-settings.json') } };
}

const marksOf = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);

describe('event aliases (built sidecar)', () => {
  it('issue 15 "An agent may send either the canonical events (hooks/PreToolUse …) or the native names (hooks/BeforeTool …)" — gemini runs the same hook for both, result event canonical', async () => {
    const { workspace, home, marks, env } = geminiHome();
    const sidecar = new Sidecar('ndjson', [], env);
    open.push(sidecar);
    const init = await sidecar.request('initialize', { protocolVersion: '0.1', clientInfo: { name: 'aliases-e2e' }, dialect: 'gemini', workspace, home });
    expect(init.hooks).toHaveLength(1);
    const params = { session, toolName: 'run_shell_command', toolInput: { command: 'ls' } };
    const native = await sidecar.request('hooks/BeforeTool', params);
    expect(native.event).toBe('PreToolUse');
    expect(native.runs.map((run: { status: string }) => run.status)).toEqual(['ok']);
    expect(marksOf(marks)).toEqual(['BeforeTool']);
    const canonical = await sidecar.request('hooks/PreToolUse', params);
    expect(canonical.event).toBe('PreToolUse');
    expect(marksOf(marks)).toEqual(['BeforeTool', 'BeforeTool']);
    expect(sidecar.nonProtocolOutput).toEqual([]);
  });

  it('gemini serves every EVENT_ALIASES method: hooks/AfterTool, BeforeAgent, AfterAgent, PreCompress answer their canonical event', async () => {
    const { workspace, home, env } = geminiHome();
    const sidecar = new Sidecar('ndjson', [], env);
    open.push(sidecar);
    await sidecar.request('initialize', { protocolVersion: '0.1', clientInfo: { name: 'aliases-e2e' }, dialect: 'gemini', workspace, home });
    const params: Record<string, unknown> = {
      AfterTool: { session, toolName: 'run_shell_command', toolInput: { command: 'ls' }, toolResponse: { llmContent: 'ok' } },
      BeforeAgent: { session, prompt: 'hi' },
      AfterAgent: { session },
      PreCompress: { session, trigger: 'manual' },
    };
    for (const [alias, event] of Object.entries(EVENT_ALIASES).filter(([alias]) => alias !== 'BeforeTool')) {
      const result = await sidecar.request(`hooks/${alias}`, params[alias]);
      expect(result.event, alias).toBe(event);
    }
  });

  it('initialize reports the aliases a dialect serves (gemini: alias → canonical); capabilities.requests does not list them', async () => {
    const { workspace, home, env } = geminiHome();
    const sidecar = new Sidecar('ndjson', [], env);
    open.push(sidecar);
    const init = await sidecar.request('initialize', { protocolVersion: '0.1', clientInfo: { name: 'aliases-e2e' }, dialect: 'gemini', workspace, home });
    expect(init.eventAliases).toEqual({ BeforeTool: 'PreToolUse', AfterTool: 'PostToolUse', BeforeAgent: 'UserPromptSubmit', AfterAgent: 'Stop', PreCompress: 'PreCompact' });
    expect(init.capabilities.requests).not.toContain('hooks/BeforeTool');
    expect(init.capabilities.requests).toContain('review/revoke');
  });

  it('"the claude dialect has no BeforeTool event (Gemini CLI\'s name for PreToolUse): send hooks/PreToolUse" — -32601, and initialize reports no eventAliases', async () => {
    const workspace = scratchDir('hookd-aliases-claude-');
    const sidecar = new Sidecar();
    open.push(sidecar);
    const init = await sidecar.initialize(workspace);
    expect(init.eventAliases).toBeUndefined();
    expect(init.capabilities.requests).not.toContain('hooks/BeforeTool');
    const refused = await sidecar.call('hooks/BeforeTool', { session, toolName: 'Bash', toolInput: { command: 'ls' } });
    expect(refused.error).toEqual({ code: -32601, message: "method not found: the claude dialect has no BeforeTool event (Gemini CLI's name for PreToolUse): send hooks/PreToolUse" });
    const afterAgent = await sidecar.call('hooks/AfterAgent', { session });
    expect(afterAgent.error?.message).toBe("method not found: the claude dialect has no AfterAgent event (Gemini CLI's name for Stop): send hooks/Stop");
    // The canonical method still works on the same connection.
    expect((await sidecar.request('hooks/PreToolUse', { session, toolName: 'Bash', toolInput: { command: 'ls' } })).event).toBe('PreToolUse');
  });

  it('before initialize an alias method is -32002 like every other event method, not -32601', async () => {
    const sidecar = new Sidecar();
    open.push(sidecar);
    const early = await sidecar.call('hooks/BeforeTool', { session, toolName: 'run_shell_command', toolInput: {} });
    expect(early.error?.code).toBe(-32002);
  });
});
