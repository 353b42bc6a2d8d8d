// Unit: the claude dialect's workspace trust fields — which hooks are gated, their key, and what the hash covers.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeDialect } from '../../../src/dialects/claude/index.js';
import { workspaceHooksHash, workspaceTrustKey } from '../../../src/dialects/claude/workspace-trust.js';
import type { LoadContext } from '../../../src/engine/dialect.js';
import { tempTree } from './outcome.js';

const hooksOf = (label: string) => ({ Stop: [{ hooks: [{ type: 'command', command: `echo ${label}` }] }] });

function load(files: Record<string, unknown>, options: Partial<LoadContext> = { workspaceTrust: true }) {
  const root = tempTree(files);
  const context: LoadContext = { workspace: join(root, 'ws'), home: join(root, 'home'), managedSettingsPath: join(root, 'managed.json'), ...options };
  return { result: claudeDialect.load(context), workspace: context.workspace };
}

const trustOf = (result: ReturnType<typeof load>['result']) => result.hooks.map((hook) => [hook.scope, hook.trustKey, hook.trustHash]);

describe('claude workspace trust fields', () => {
  it('gates project and local hooks with claude-workspace:<workspace>; managed and user hooks need no trust', () => {
    const { result, workspace } = load({
      'managed.json': { hooks: hooksOf('managed') },
      'home/.claude/settings.json': { hooks: hooksOf('user') },
      'ws/.claude/settings.json': { hooks: hooksOf('project') },
      'ws/.claude/settings.local.json': { hooks: hooksOf('local') },
    });
    const hash = workspaceHooksHash([
      { scope: 'project', hooks: hooksOf('project') },
      { scope: 'local', hooks: hooksOf('local') },
    ]);
    expect(trustOf(result)).toEqual([
      ['managed', undefined, undefined],
      ['user', undefined, undefined],
      ['project', `claude-workspace:${workspace}`, hash],
      ['local', `claude-workspace:${workspace}`, hash],
    ]);
    expect(workspaceTrustKey(workspace)).toBe(`claude-workspace:${workspace}`);
  });

  it('without workspaceTrust nothing is gated', () => {
    const { result } = load({ 'ws/.claude/settings.json': { hooks: hooksOf('project') } }, {});
    expect(trustOf(result)).toEqual([['project', undefined, undefined]]);
  });

  it('the hash is sha256 of canonical [[scope, hooks], ...] (key order and other settings do not count; files without hooks are left out)', () => {
    const expected = `sha256:${createHash('sha256').update(JSON.stringify([['project', { Stop: [{ hooks: [{ command: 'echo p', type: 'command' }] }] }]])).digest('hex')}`;
    const { result } = load({
      'ws/.claude/settings.json': { theme: 'dark', hooks: hooksOf('p') },
      'ws/.claude/settings.local.json': { permissions: { allow: ['Bash(ls:*)'] } },
    });
    expect(result.hooks[0]?.trustHash).toBe(expected);
  });

  it('a hook moved from settings.json to settings.local.json changes the hash', () => {
    const same = hooksOf('x');
    expect(workspaceHooksHash([{ scope: 'project', hooks: same }])).not.toBe(workspaceHooksHash([{ scope: 'local', hooks: same }]));
  });

  it('explicit sources: scope project and local are gated, explicit and user are not', () => {
    const root = tempTree({ 'a.json': { hooks: hooksOf('a') }, 'b.json': { hooks: hooksOf('b') }, 'ws/.keep': '' });
    const result = claudeDialect.load({
      workspace: join(root, 'ws'),
      home: root,
      workspaceTrust: true,
      sources: [
        { path: join(root, 'a.json'), scope: 'explicit' },
        { path: join(root, 'b.json'), scope: 'project' },
      ],
    });
    expect(result.hooks.map((hook) => hook.trustKey !== undefined)).toEqual([false, true]);
  });
});
