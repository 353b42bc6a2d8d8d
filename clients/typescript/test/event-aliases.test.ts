// The native event methods (beforeTool … preCompress → hooks/BeforeTool …) and reviewRevoke through the built sidecar:
// gemini answers the canonical event and reports initializeResult.eventAliases; claude refuses hooks/BeforeTool -32601.
import { describe, expect, it } from 'vitest';
import { HookdResponseError } from '../src/index.js';
import { claudeSettings, makeWorkspace, SESSION, spawnTestClient, useSidecar } from './helpers.js';

useSidecar();

describe('event aliases and reviewRevoke (TS client)', () => {
  it('gemini: beforeTool/afterTool/beforeAgent/afterAgent/preCompress send hooks/<Alias> and answer the canonical event', async () => {
    const workspace = makeWorkspace();
    const client = await spawnTestClient({ workspace, dialect: 'gemini', env: { GEMINI_CLI_SYSTEM_SETTINGS_PATH: `${workspace}/system-settings.json` } });
    expect(client.initializeResult!.eventAliases).toEqual({ BeforeTool: 'PreToolUse', AfterTool: 'PostToolUse', BeforeAgent: 'UserPromptSubmit', AfterAgent: 'Stop', PreCompress: 'PreCompact' });
    const tool = { session: SESSION, toolName: 'run_shell_command', toolInput: { command: 'ls' } };
    expect((await client.beforeTool(tool)).event).toBe('PreToolUse');
    expect((await client.afterTool({ ...tool, toolResponse: { llmContent: 'ok' } })).event).toBe('PostToolUse');
    expect((await client.beforeAgent({ session: SESSION, prompt: 'hi' })).event).toBe('UserPromptSubmit');
    expect((await client.afterAgent({ session: SESSION })).event).toBe('Stop');
    expect((await client.preCompress({ session: SESSION, trigger: 'manual' })).event).toBe('PreCompact');
  });

  it('claude: beforeTool rejects with -32601 "the claude dialect has no BeforeTool event (Gemini CLI\'s name for PreToolUse): send hooks/PreToolUse"', async () => {
    const workspace = makeWorkspace();
    claudeSettings(workspace, {});
    const client = await spawnTestClient({ workspace });
    expect(client.initializeResult!.eventAliases).toBeUndefined();
    const error = await client.beforeTool({ session: SESSION, toolName: 'Bash', toolInput: {} }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(HookdResponseError);
    expect((error as HookdResponseError).code).toBe(-32601);
    expect((error as HookdResponseError).message).toContain("the claude dialect has no BeforeTool event (Gemini CLI's name for PreToolUse): send hooks/PreToolUse");
  });

  it('reviewRevoke sends review/revoke: an unknown key is -32011', async () => {
    const workspace = makeWorkspace();
    const client = await spawnTestClient({ workspace, dialect: 'pbi' });
    const error = await client.reviewRevoke({ key: 'project:nope' }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect((error as HookdResponseError).code).toBe(-32011);
    expect((error as HookdResponseError).message).toContain('hook not found: project:nope');
  });
});
