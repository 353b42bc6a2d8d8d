// Unit tests of the wamp loader (src/dialects/wamp/load.ts, sources.ts, parse-hooks-file.ts, parse-handler.ts):
// which files are read, trust keys, positions of diagnostics, handler fields and timeouts.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LoadContext } from '../../../src/engine/dialect.js';
import { loadWampHooks } from '../../../src/dialects/wamp/load.js';
import { committedSources, wampSources } from '../../../src/dialects/wamp/sources.js';
import { scratchDir } from '../../helpers/scratch.js';

function setup(): { home: string; workspace: string; userFile: string; projectFile: string; context: LoadContext } {
  const root = scratchDir('hookd-wamp-load-');
  const home = join(root, 'home');
  const workspace = join(root, 'ws');
  mkdirSync(join(home, '.wamp'), { recursive: true });
  mkdirSync(join(workspace, '.wamp'), { recursive: true });
  return { home, workspace, userFile: join(home, '.wamp', 'hooks.json'), projectFile: join(workspace, '.wamp', 'hooks.json'), context: { home, workspace } };
}

const oneHook = (command: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'shell', hooks: [{ type: 'command', command, ...extra }] }] } }, null, 2);

describe('wamp sources', () => {
  it('discovers the user file then the project file; only the project file is gated by wamp-project:<workspace>', () => {
    const s = setup();
    expect(wampSources(s.context)).toEqual([
      { path: s.userFile, scope: 'user', label: 'user' },
      { path: s.projectFile, scope: 'project', label: 'project', trustKey: `wamp-project:${s.workspace}` },
    ]);
  });

  it('trustWorkspace (a Cloud session): project hooks get no trust key', () => {
    const s = setup();
    expect(wampSources({ ...s.context, trustWorkspace: true }).map((source) => source.trustKey)).toEqual([undefined, undefined]);
  });

  it('the home directory as workspace: one file, user scope', () => {
    const s = setup();
    expect(wampSources({ home: s.home, workspace: s.home })).toEqual([{ path: s.userFile, scope: 'user', label: 'user' }]);
  });

  it('the home directory reached through a symlink is still one file (realpath)', () => {
    const s = setup();
    const link = join(s.workspace, '..', 'home-link');
    symlinkSync(s.home, link);
    expect(wampSources({ home: s.home, workspace: link }).map((source) => source.scope)).toEqual(['user']);
  });

  it('explicit sources replace discovery; project and local scopes are gated, others are not', () => {
    const s = setup();
    const listed = wampSources({ ...s.context, sources: [{ path: 'a.json', scope: 'explicit' }, { path: 'b.json', scope: 'project' }, { path: 'c.json', scope: 'project' }] });
    expect(listed.map((source) => [source.label, source.trustKey])).toEqual([
      ['explicit', undefined],
      ['project#1', `wamp-project:${s.workspace}`],
      ['project#2', `wamp-project:${s.workspace}`],
    ]);
    expect(listed[0]?.path).toBe(join(s.workspace, 'a.json'));
  });

  it('committedSources is the project file only', () => {
    const s = setup();
    expect(committedSources(s.context)).toEqual([{ path: s.projectFile, scope: 'project' }]);
  });
});

describe('wamp loader', () => {
  it('loads both files in order with ids, scopes, trust key (no trust hash) and a sh command', () => {
    const s = setup();
    writeFileSync(s.userFile, oneHook('echo user'));
    writeFileSync(s.projectFile, oneHook('echo project', { timeout: 10 }));
    const loaded = loadWampHooks(s.context);
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.sources).toEqual([s.userFile, s.projectFile]);
    expect(loaded.hooks.map((hook) => [hook.id, hook.scope, hook.trustKey, hook.trustHash, hook.matcher])).toEqual([
      ['user:PreToolUse[0].hooks[0]', 'user', undefined, undefined, 'shell'],
      ['project:PreToolUse[0].hooks[0]', 'project', `wamp-project:${s.workspace}`, undefined, 'shell'],
    ]);
    expect(loaded.hooks[0]?.handler).toEqual({ type: 'command', command: 'echo user', timeoutMs: 60_000, onFailure: 'continue' });
    expect(loaded.hooks[1]?.handler).toMatchObject({ timeoutMs: 10_000, explicitTimeout: true });
    expect(loaded.hooks[0]?.location).toMatchObject({ file: s.userFile, line: 7, field: 'hooks.PreToolUse[0].hooks[0]' });
  });

  it('invalid JSON: an error with line and column, that file contributes nothing, the other loads', () => {
    const s = setup();
    writeFileSync(s.userFile, '{\n  "hooks": {,\n}');
    writeFileSync(s.projectFile, oneHook('echo project'));
    const loaded = loadWampHooks(s.context);
    expect(loaded.hooks.map((hook) => hook.scope)).toEqual(['project']);
    expect(loaded.rejectedSources).toEqual([s.userFile]);
    expect(loaded.diagnostics).toEqual([expect.objectContaining({ severity: 'error', file: s.userFile, line: 2, column: 13, code: 'invalid-json' })]);
  });

  it('JSON with comments is invalid (the file is JSON)', () => {
    const s = setup();
    writeFileSync(s.userFile, '// note\n' + oneHook('echo x'));
    const loaded = loadWampHooks(s.context);
    expect(loaded.hooks).toEqual([]);
    expect(loaded.diagnostics[0]).toMatchObject({ severity: 'error', line: 1, column: 1 });
  });

  it('a root that is not an object, or hooks that is not an object, rejects the file', () => {
    const s = setup();
    writeFileSync(s.userFile, '[]');
    writeFileSync(s.projectFile, '{"hooks": []}');
    const loaded = loadWampHooks(s.context);
    expect(loaded.hooks).toEqual([]);
    expect(loaded.rejectedSources).toEqual([s.userFile, s.projectFile]);
    expect(loaded.diagnostics.map((entry) => [entry.severity, entry.field])).toEqual([
      ['error', '(root)'],
      ['error', 'hooks'],
    ]);
  });

  it('a missing or empty file is silent', () => {
    const s = setup();
    writeFileSync(s.projectFile, '  \n');
    expect(loadWampHooks(s.context)).toMatchObject({ hooks: [], diagnostics: [] });
  });

  it('a directory where the file should be is an error naming the file', () => {
    const s = setup();
    mkdirSync(s.userFile);
    const loaded = loadWampHooks(s.context);
    expect(loaded.diagnostics[0]).toMatchObject({ severity: 'error', file: s.userFile });
  });

  it('every entry-level problem is a warning with file, line and field; the rest applies', () => {
    const s = setup();
    const text = JSON.stringify(
      {
        version: 2,
        hooks: {
          Notification: [{ hooks: [{ type: 'command', command: 'echo n' }] }],
          PreToolUse: [
            { matcher: 'shell', note: 'x', hooks: [{ type: 'command', command: 'echo a', statusMessage: 's', async: true }] },
            { matcher: '(', hooks: [{ type: 'command', command: 'echo bad-regex' }] },
            { matcher: 3, hooks: [{ type: 'command', command: 'echo bad-matcher' }] },
            { hooks: [{ type: 'http', url: 'http://x' }, { type: 'prompt', prompt: 'p' }, { command: 'echo no-type' }, { type: 'command' }, { type: 'command', command: '  ' }, 'x'] },
            { hooks: 'nope' },
            7,
          ],
          Stop: { hooks: [] },
          SessionStart: [{ matcher: 'startup', hooks: [{ type: 'command', command: 'echo s', timeout: 900 }, { type: 'command', command: 'echo t', timeout: -1 }, { type: 'command', command: 'echo u', timeout: '5' }] }],
        },
      },
      null,
      2,
    );
    writeFileSync(s.userFile, text);
    const loaded = loadWampHooks(s.context);
    expect(loaded.rejectedSources).toBeUndefined();
    expect(loaded.hooks.map((hook) => [hook.id, hook.handler.timeoutMs, hook.matcher])).toEqual([
      ['user:PreToolUse[0].hooks[0]', 60_000, 'shell'],
      ['user:SessionStart[0].hooks[0]', 600_000, undefined],
      ['user:SessionStart[0].hooks[1]', 60_000, undefined],
      ['user:SessionStart[0].hooks[2]', 60_000, undefined],
    ]);
    const lines = text.split('\n');
    for (const entry of loaded.diagnostics) {
      expect(entry.severity, entry.message).toBe('warning');
      expect(entry.file).toBe(s.userFile);
      expect(entry.line).toBeGreaterThan(0);
      expect(entry.field).toBeDefined();
    }
    const byField = Object.fromEntries(loaded.diagnostics.map((entry) => [entry.field, entry]));
    expect(Object.keys(byField).sort()).toEqual(
      [
        'version',
        'hooks.Notification',
        'hooks.PreToolUse[0].note',
        'hooks.PreToolUse[0].hooks[0].statusMessage',
        'hooks.PreToolUse[0].hooks[0].async',
        'hooks.PreToolUse[1].matcher',
        'hooks.PreToolUse[2].matcher',
        'hooks.PreToolUse[3].hooks[0].type',
        'hooks.PreToolUse[3].hooks[0].url',
        'hooks.PreToolUse[3].hooks[1].type',
        'hooks.PreToolUse[3].hooks[1].prompt',
        'hooks.PreToolUse[3].hooks[2]',
        'hooks.PreToolUse[3].hooks[3]',
        'hooks.PreToolUse[3].hooks[4].command',
        'hooks.PreToolUse[3].hooks[5]',
        'hooks.PreToolUse[4].hooks',
        'hooks.PreToolUse[5]',
        'hooks.Stop',
        'hooks.SessionStart[0].matcher',
        'hooks.SessionStart[0].hooks[0].timeout',
        'hooks.SessionStart[0].hooks[1].timeout',
        'hooks.SessionStart[0].hooks[2].timeout',
      ].sort(),
    );
    // Lines point at the field as written.
    expect(lines[(byField['hooks.PreToolUse[1].matcher']?.line ?? 0) - 1]).toContain('"matcher": "("');
    expect(lines[(byField['hooks.SessionStart[0].hooks[0].timeout']?.line ?? 0) - 1]).toContain('"timeout": 900');
    expect(byField['hooks.Notification']?.message).toContain('Claude Code event');
    expect(byField['hooks.PreToolUse[3].hooks[0].type']?.message).toContain('"http"');
    expect(byField['hooks.SessionStart[0].hooks[0].timeout']?.message).toContain('600 s');
  });

  it('fractional seconds are kept in milliseconds; 600 exactly is not capped', () => {
    const s = setup();
    writeFileSync(s.userFile, JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'a', timeout: 1.5 }, { type: 'command', command: 'b', timeout: 600 }] }] } }));
    const loaded = loadWampHooks(s.context);
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.hooks.map((hook) => hook.handler.timeoutMs)).toEqual([1500, 600_000]);
  });

  it('the same hook in the home workspace is loaded once, as a user hook', () => {
    const s = setup();
    writeFileSync(s.userFile, oneHook('echo once'));
    const loaded = loadWampHooks({ home: s.home, workspace: s.home });
    expect(loaded.hooks.map((hook) => [hook.id, hook.trustKey])).toEqual([['user:PreToolUse[0].hooks[0]', undefined]]);
    expect(loaded.sources).toEqual([s.userFile]);
  });
});
