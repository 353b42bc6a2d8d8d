// Folder trust as Gemini CLI decides it (packages/core/src/utils/trust.ts checkPathTrust and
// LoadedTrustedFolders.isPathTrusted; §4.6 "Project hooks load only in trusted folders"), through the loader:
// untrusted → no settings hook loads (hookRegistry.processHooksFromConfig), each notLoaded saying what to add.
import { mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGeminiHooks } from '../../../src/dialects/gemini/load.js';
import { decideFolderTrust } from '../../../src/dialects/gemini/folder-trust.js';
import { geminiSetup } from './load-setup.js';

const hookIn = (command: string) => ({ hooks: { BeforeTool: [{ hooks: [{ type: 'command', command }] }] } });

describe('§4.6 "Project hooks load only in trusted folders" (folder trust on by default: settingsSchema security.folderTrust.enabled default true)', () => {
  it('without trustedFolders.json the folder is untrusted: neither the project\'s nor the user\'s hooks load; each is notLoaded naming the file and the entry to add', () => {
    const s = geminiSetup({ folderTrust: true });
    s.write(s.userFile, hookIn('echo user'));
    s.write(s.projectFile, hookIn('echo project'));
    const result = loadGeminiHooks(s.context);
    expect(result.hooks).toEqual([]);
    expect(result.notLoaded?.map((hook) => hook.id)).toEqual(['user:BeforeTool[0].hooks[0]', 'project:BeforeTool[0].hooks[0]']);
    expect(result.notLoaded?.[0]?.disabledBy).toContain(`add "${s.workspace}": "TRUST_FOLDER" to ${s.trustedFolders}`);
    expect(result.diagnostics).toMatchObject([{ severity: 'warning', code: 'folder-untrusted', file: s.trustedFolders }]);
  });

  it('"security.folderTrust.enabled": false in the user settings trusts every folder (observed 16 "project .gemini/settings.json runs (folder trust disabled)")', () => {
    const s = geminiSetup({ folderTrust: true });
    s.write(s.userFile, { security: { folderTrust: { enabled: false } } });
    s.write(s.projectFile, hookIn('echo project'));
    expect(loadGeminiHooks(s.context).hooks.map((hook) => hook.id)).toEqual(['project:BeforeTool[0].hooks[0]']);
  });

  it('the project file cannot turn folder trust off for itself (Gemini decides trust from the user and system settings only)', () => {
    const s = geminiSetup({ folderTrust: true });
    s.write(s.projectFile, { security: { folderTrust: { enabled: false } }, ...hookIn('echo project') });
    expect(loadGeminiHooks(s.context).hooks).toEqual([]);
  });

  it('GEMINI_CLI_TRUST_WORKSPACE "true" trusts and "false" distrusts, whatever the file says', () => {
    const s = geminiSetup();
    s.write(s.projectFile, hookIn('echo project'));
    expect(loadGeminiHooks({ ...s.context, env: { ...s.context.env, GEMINI_CLI_TRUST_WORKSPACE: 'false' } }).hooks).toEqual([]);
    const t = geminiSetup({ folderTrust: true });
    t.write(t.projectFile, hookIn('echo project'));
    expect(loadGeminiHooks({ ...t.context, env: { ...t.context.env, GEMINI_CLI_TRUST_WORKSPACE: 'true' } }).hooks).toHaveLength(1);
  });
});

describe('trustedFolders.json rules (isPathTrusted: the longest rule path that contains the workspace wins)', () => {
  const decide = (s: ReturnType<typeof geminiSetup>, rules: Record<string, string>, workspace = s.workspace) => {
    s.write(s.trustedFolders, rules);
    return decideFolderTrust({ ...s.context, workspace }, undefined);
  };

  it('TRUST_FOLDER on the workspace or an ancestor trusts it and its subfolders', () => {
    const s = geminiSetup({ folderTrust: true });
    expect(decide(s, { [s.workspace]: 'TRUST_FOLDER' }).trusted).toBe(true);
    expect(decide(s, { [s.root]: 'TRUST_FOLDER' }).trusted).toBe(true);
    expect(decide(s, { [join(s.workspace, 'sub')]: 'TRUST_FOLDER' }).trusted).toBe(false);
  });

  it('TRUST_PARENT on a path trusts the directory that contains it (so a sibling too)', () => {
    const s = geminiSetup({ folderTrust: true });
    expect(decide(s, { [join(s.root, 'sibling')]: 'TRUST_PARENT' }).trusted).toBe(true);
    expect(decide(s, { [join(s.workspace, 'child')]: 'TRUST_PARENT' }).trusted).toBe(true);
    expect(decide(s, { [join(s.workspace, 'a', 'b')]: 'TRUST_PARENT' }).trusted).toBe(false);
  });

  it('DO_NOT_TRUST decides only when it is the longest matching rule: a TRUST_FOLDER nearer the workspace overrides it', () => {
    const s = geminiSetup({ folderTrust: true });
    expect(decide(s, { [s.root]: 'TRUST_FOLDER', [s.workspace]: 'DO_NOT_TRUST' }).trusted).toBe(false);
    expect(decide(s, { [s.root]: 'DO_NOT_TRUST', [s.workspace]: 'TRUST_FOLDER' }).trusted).toBe(true);
    expect(decide(s, { [s.root]: 'DO_NOT_TRUST' }).because).toContain('DO_NOT_TRUST');
  });

  it('paths are compared by their real path (a symlinked workspace is trusted by its target\'s rule); comments are allowed', () => {
    const s = geminiSetup({ folderTrust: true });
    const link = join(s.root, 'link');
    symlinkSync(s.workspace, link);
    s.write(s.trustedFolders, `// trust\n{ "${s.workspace}": "TRUST_FOLDER" }`);
    expect(decideFolderTrust({ ...s.context, workspace: link }, undefined).trusted).toBe(true);
  });

  it('an invalid trust level is an error naming the file, line and path (Gemini refuses to start); the workspace counts as untrusted', () => {
    const s = geminiSetup({ folderTrust: true });
    mkdirSync(dirname(s.trustedFolders), { recursive: true });
    s.write(s.trustedFolders, `{\n  "${s.workspace}": "TRUST_ME"\n}`);
    const trust = decideFolderTrust(s.context, undefined);
    expect(trust.trusted).toBe(false);
    expect(trust.diagnostics).toMatchObject([{ severity: 'error', file: s.trustedFolders, line: 2, code: 'invalid-trust-level' }]);
    expect(trust.diagnostics[0]?.message).toContain('Possible values are: TRUST_FOLDER, TRUST_PARENT, DO_NOT_TRUST');
  });

  it('invalid JSON in trustedFolders.json is an error with line and column; untrusted', () => {
    const s = geminiSetup({ folderTrust: true });
    s.write(s.trustedFolders, '{ "a": ');
    const trust = decideFolderTrust(s.context, undefined);
    expect(trust.trusted).toBe(false);
    expect(trust.diagnostics[0]).toMatchObject({ severity: 'error', file: s.trustedFolders, line: 1, code: 'invalid-json' });
  });
});
