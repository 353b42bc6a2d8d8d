// `hookd test`'s params (test-input.ts): telling an agent's envelope from protocol params, the synthetic session
// filled in, the shortcuts laid over, and usage errors naming the field. Files are scratch; no processes.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/commands/load-options.js';
import { isNativeEnvelope, readTestInput } from '../../../src/commands/test-input.js';
import { bambooDialect } from '../../../src/dialects/bamboo/index.js';
import { claudeDialect } from '../../../src/dialects/claude/index.js';
import { scratchDir } from '../../helpers/scratch.js';

const WORKSPACE = '/home/user/project';

function inputFile(value: unknown): string {
  const file = join(scratchDir('hookd-test-input-'), 'input.json');
  writeFileSync(file, JSON.stringify(value));
  return file;
}

describe('hookd test input', () => {
  it('an envelope has snake_case fields or a payload and no session object; params have camelCase fields', () => {
    expect(isNativeEnvelope({ hook_event_name: 'Stop' })).toBe(true);
    expect(isNativeEnvelope({ payload: {} })).toBe(true);
    expect(isNativeEnvelope({ toolName: 'Bash', toolInput: {} })).toBe(false);
    expect(isNativeEnvelope({ session: { id: 's' }, tool_name: 'Bash' })).toBe(false);
  });

  it('an envelope without session fields gets the synthetic session; its own fields win', async () => {
    const input = await readTestInput(claudeDialect, undefined, { input: inputFile({ hook_event_name: 'UserPromptSubmit', prompt: 'hi', permission_mode: 'plan' }) }, WORKSPACE);
    expect(input.kind).toBe('envelope');
    expect(input.event).toBe('UserPromptSubmit');
    expect(input.params.session).toEqual({ id: 'hookd-test-session', cwd: WORKSPACE, transcriptPath: '', permissionMode: 'plan' });
  });

  it('protocol params need no session either, but an unknown field is named with the one it resembles', async () => {
    const ok = await readTestInput(claudeDialect, 'PreToolUse', { input: inputFile({ toolName: 'Write', toolInput: { file_path: 'a' } }) }, WORKSPACE);
    expect([ok.kind, ok.params.session.id, ok.params.toolName]).toEqual(['params', 'hookd-test-session', 'Write']);
    await expect(readTestInput(claudeDialect, 'PreToolUse', { input: inputFile({ toolName: 'Bash', toolInput: {}, session: { idd: 'x' } }) }, WORKSPACE)).rejects.toThrow(
      'unknown field "session.idd" in protocol params (did you mean "session.id"?)',
    );
    await expect(readTestInput(claudeDialect, undefined, { input: inputFile({ toolName: 'Bash' }) }, WORKSPACE)).rejects.toThrow(UsageError);
  });

  it('a wrongly typed envelope field is named as the envelope spells it', async () => {
    await expect(readTestInput(claudeDialect, undefined, { input: inputFile({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: 'ls' }) }, WORKSPACE)).rejects.toThrow(/: tool_input: /);
    await expect(readTestInput(bambooDialect, undefined, { input: inputFile({ schema_version: 1, hook_event_name: 'PreToolUse', payload: { type: 'tool_call', tool_name: 7, tool_input: {} } }) }, WORKSPACE)).rejects.toThrow(
      /: payload\.tool_name: /,
    );
  });

  it('shortcuts lay over the synthetic payload; another tool starts from an empty input', async () => {
    const rm = await readTestInput(claudeDialect, 'PreToolUse', { tool: 'Bash', 'tool-input': '{"command":"rm -rf x"}' }, WORKSPACE);
    expect([rm.params.toolName, rm.params.toolInput]).toEqual(['Bash', { command: 'rm -rf x' }]);
    const write = await readTestInput(claudeDialect, 'PreToolUse', { tool: 'Write' }, WORKSPACE);
    expect([write.params.toolName, write.params.toolInput]).toEqual(['Write', {}]);
    const prompt = await readTestInput(claudeDialect, 'UserPromptSubmit', { prompt: 'ship it' }, WORKSPACE);
    expect(prompt.params.prompt).toBe('ship it');
    await expect(readTestInput(claudeDialect, 'PreToolUse', { 'tool-input': '"rm"' }, WORKSPACE)).rejects.toThrow('--tool-input must be a JSON object');
    await expect(readTestInput(claudeDialect, 'SessionStart', { prompt: 'x' }, WORKSPACE)).rejects.toThrow('--prompt applies to events with a prompt');
    await expect(readTestInput(bambooDialect, 'Stop', { tool: 'Bash' }, WORKSPACE)).rejects.toThrow('(PreToolUse, PostToolUse); Stop has none');
  });

  it('bamboo checks its payload as it does over the wire', async () => {
    const envelope = { schema_version: 1, hook_event_name: 'PreCompact', session_id: 's', payload: { type: 'compression', estimated_tokens: 1, usage_percent: 2, max_context_tokens: 3, trigger_context_tokens: 4, trigger: 'auto', phase: 'x' } };
    await expect(readTestInput(bambooDialect, undefined, { input: inputFile(envelope) }, WORKSPACE)).rejects.toThrow('payload.trigger: must be one of threshold, forced_overflow_recovery, manual (got "auto")');
  });
});
