// "Command hooks are deduplicated by command string" (Claude Code hooks reference): which copies load, which run
// together, and the info diagnostic of each copy. Loads scratch settings files; the runner here only records.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeDialect } from '../../../../src/dialects/claude/index.js';
import { dispatchEvent } from '../../../../src/engine/dispatcher.js';
import type { LoadResult } from '../../../../src/engine/dialect.js';
import type { EventParams } from '../../../../src/protocol/index.js';
import type { ProcessRunner, SpawnRequest } from '../../../../src/runner/types.js';
import { outcome } from '../../../helpers/outcome.js';
import { tempTree } from '../../claude/outcome.js';

const handler = (command: string, more: Record<string, unknown> = {}) => ({ type: 'command', command, ...more });
const group = (matcher: string | undefined, ...hooks: unknown[]) => ({ ...(matcher !== undefined ? { matcher } : {}), hooks });

function load(user: unknown, project: unknown = {}): LoadResult & { userFile: string; projectFile: string } {
  const root = tempTree({ 'home/.claude/settings.json': user, 'ws/.claude/settings.json': project });
  const result = claudeDialect.load({ workspace: join(root, 'ws'), home: join(root, 'home'), managedSettingsPath: join(root, 'none.json') });
  return { ...result, userFile: join(root, 'home/.claude/settings.json'), projectFile: join(root, 'ws/.claude/settings.json') };
}

/** Dispatches PreToolUse for `toolName` with a runner that only records what it was asked to run. */
async function ran(result: LoadResult, toolName: string): Promise<string[]> {
  const names: string[] = [];
  const runner: ProcessRunner = {
    findExecutable: () => undefined,
    run: async (request: SpawnRequest) => {
      names.push(request.command.kind === 'shell' ? request.command.script : request.command.file);
      return outcome();
    },
  };
  const params: EventParams = { session: { id: 's' }, toolName, toolInput: {} };
  await dispatchEvent(
    { dialect: claudeDialect, candidates: result.hooks, event: 'PreToolUse', params, workspace: '/ws', signal: new AbortController().signal },
    { runner, baseEnv: {}, killGraceMs: 200, maxOutputBytes: 65_536 },
  );
  return names;
}

describe('"command hooks are deduplicated by command string" across files and groups', () => {
  it('the same command in two files runs once, whatever its timeout or statusMessage; each dropped copy gets an info diagnostic', async () => {
    const result = load(
      { hooks: { PreToolUse: [group('Bash', handler('guard.sh', { timeout: 5 }))] } },
      { hooks: { PreToolUse: [group('Bash', handler('guard.sh', { timeout: 50, statusMessage: 'checking' })), group('Bash', handler('guard.sh'))] } },
    );
    expect(result.hooks.map((hook) => hook.id)).toEqual(['user:PreToolUse[0].hooks[0]']);
    expect(result.hooks[0]?.handler.timeoutMs).toBe(5_000);
    expect(result.diagnostics.filter((d) => d.code === 'duplicate-handler')).toEqual([
      expect.objectContaining({ severity: 'info', file: result.projectFile, field: 'hooks.PreToolUse[0].hooks[0]', message: 'same command as hook user:PreToolUse[0].hooks[0]; it runs once' }),
      expect.objectContaining({ severity: 'info', file: result.projectFile, field: 'hooks.PreToolUse[1].hooks[0]' }),
    ]);
    expect(await ran(result, 'Bash')).toEqual(['guard.sh']);
  });

  it('the matcher is not part of the key: copies under other matchers run once when both match, and alone otherwise', async () => {
    const result = load({ hooks: { PreToolUse: [group('Bash', handler('log.sh')), group('Bash|Edit', handler('log.sh')), group('Edit', handler('other.sh'))] } });
    expect(result.hooks.map((hook) => hook.id)).toEqual(['user:PreToolUse[0].hooks[0]', 'user:PreToolUse[1].hooks[0]', 'user:PreToolUse[2].hooks[0]']);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'info',
        code: 'duplicate-handler',
        field: 'hooks.PreToolUse[1].hooks[0]',
        message: 'same command as hook user:PreToolUse[0].hooks[0] (matcher "Bash"); when both match, it runs once',
      }),
    ]);
    expect(await ran(result, 'Bash')).toEqual(['log.sh']);
    expect(await ran(result, 'Edit')).toEqual(['log.sh', 'other.sh']);
  });

  it.each([
    ['args', handler('run', { args: ['a'] }), handler('run', { args: ['b'] })],
    ['shell', handler('x', { shell: 'bash', args: [] }), handler('x', { shell: 'powershell', args: [] })],
    ['if rule', handler('x', { if: 'Bash(git *)' }), handler('x', { if: 'Bash(npm *)' })],
  ])('a different %s is a different handler: both load, no duplicate diagnostic', (_what, first, second) => {
    const result = load({ hooks: { PreToolUse: [group('Bash', first, second)] } });
    expect(result.hooks).toHaveLength(2);
    expect(result.diagnostics.filter((d) => d.code === 'duplicate-handler')).toEqual([]);
  });

  it('the same executable with other args: both run', async () => {
    expect(await ran(load({ hooks: { PreToolUse: [group('Bash', handler('run', { args: ['a'] }), handler('run', { args: ['b'] }))] } }), 'Bash')).toEqual(['run', 'run']);
  });

  it('an omitted shell is "bash" (Claude Code\'s default), so the two are one handler', () => {
    expect(load({ hooks: { PreToolUse: [group(undefined, handler('x'), handler('x', { shell: 'bash' }))] } }).hooks).toHaveLength(1);
  });

  it('the same command on another event is another handler', () => {
    expect(load({ hooks: { PreToolUse: [group(undefined, handler('x'))], PostToolUse: [group(undefined, handler('x'))] } }).hooks).toHaveLength(2);
  });
});
