// ~/.gemini/trusted_hooks.json (§4.6 "TrustedHooksManager keeps ~/.gemini/trusted_hooks.json = { "<project path>":
// ["<name>:<command>", ...] }. New or changed project hooks ... trigger a warning listing them — and are then
// auto-trusted and run"): the review state project hooks get at load, and the review store's bytes. Expected bytes
// are what Gemini's TrustedHooksManager.save writes: JSON.stringify(config, null, 2), no trailing newline.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadGeminiHooks } from '../../../src/dialects/gemini/load.js';
import { createGeminiReviewStore, geminiKeyHash } from '../../../src/dialects/gemini/trusted-hooks.js';
import { geminiDialect } from '../../../src/dialects/gemini/index.js';
import { geminiSetup } from './load-setup.js';

const project = (s: ReturnType<typeof geminiSetup>) =>
  s.write(s.projectFile, {
    hooks: {
      BeforeTool: [{ hooks: [{ type: 'command', command: './guard.sh', name: 'guard' }, { type: 'command', command: 'echo unnamed' }] }],
      AfterTool: [{ hooks: [{ type: 'command', command: './guard.sh', name: 'guard' }] }],
    },
  });

describe('project hooks\' review state from trusted_hooks.json', () => {
  it('"New or changed project hooks ... trigger a warning listing them — and are then ... run": untrusted, runnable, one warning in Gemini\'s words listing each name once', () => {
    const s = geminiSetup();
    project(s);
    s.write(s.userFile, { hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'echo user' }] }] } });
    const result = loadGeminiHooks(s.context);
    const reviews = result.hooks.map((hook) => hook.review && { key: hook.review.key, status: hook.review.status, runnable: hook.review.runnable });
    expect(reviews).toEqual([undefined, { key: 'guard:./guard.sh', status: 'untrusted', runnable: true }, { key: ':echo unnamed', status: 'untrusted', runnable: true }, { key: 'guard:./guard.sh', status: 'untrusted', runnable: true }]);
    expect(result.hooks[1]?.review?.currentHash).toBe(geminiKeyHash('guard:./guard.sh'));
    const warnings = result.diagnostics.filter((d) => d.code === 'untrusted-project-hooks');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toContain('WARNING: The following project-level hooks have been detected in this workspace:\n  - guard\n  - echo unnamed\n\nThese hooks will be executed.');
  });

  it('a hook listed for this project is trusted and not warned about; the same key under another project does not count; a changed command is new again', () => {
    const s = geminiSetup();
    project(s);
    s.write(s.trustedHooks, { '/elsewhere': [':echo unnamed'], [s.workspace]: ['guard:./guard.sh'] });
    const result = loadGeminiHooks(s.context);
    expect(result.hooks.map((hook) => hook.review?.status)).toEqual(['trusted', 'untrusted', 'trusted']);
    expect(result.diagnostics.find((d) => d.code === 'untrusted-project-hooks')?.message).toContain('  - echo unnamed\n\n');
    s.write(s.projectFile, { hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: './guard.sh --v2', name: 'guard' }] }] } });
    expect(loadGeminiHooks(s.context).hooks.map((hook) => hook.review?.status)).toEqual(['untrusted']);
  });

  it('hookd never writes on load (Gemini records the new hooks itself after warning)', () => {
    const s = geminiSetup();
    project(s);
    loadGeminiHooks(s.context);
    expect(() => readFileSync(s.trustedHooks)).toThrow(/ENOENT/);
  });
});

describe('the review store writes trusted_hooks.json in Gemini\'s bytes', () => {
  it('trust creates the file (and ~/.gemini) as JSON.stringify(…, null, 2) without a final newline; a second trust appends; the same key once', async () => {
    const s = geminiSetup();
    const store = geminiDialect.reviewStore!(s.context);
    expect(store.path).toBe(s.trustedHooks);
    await store.trust('guard:./guard.sh', geminiKeyHash('guard:./guard.sh'));
    expect(readFileSync(s.trustedHooks, 'utf8')).toBe(`{\n  "${s.workspace}": [\n    "guard:./guard.sh"\n  ]\n}`);
    await store.trust(':echo unnamed', geminiKeyHash(':echo unnamed'));
    await store.trust('guard:./guard.sh', geminiKeyHash('guard:./guard.sh'));
    expect(JSON.parse(readFileSync(s.trustedHooks, 'utf8'))).toEqual({ [s.workspace]: ['guard:./guard.sh', ':echo unnamed'] });
  });

  it('other projects\' entries (and non-string items) are kept in place; revoke removes only the key from this project', async () => {
    const s = geminiSetup();
    const before = { '/a': ['x:y', 7], [s.workspace]: ['guard:./guard.sh', 'keep:me'], '/z': [] };
    writeFileSync(s.trustedHooks, JSON.stringify(before, null, 2));
    const store = createGeminiReviewStore(s.trustedHooks, s.workspace);
    await store.revoke('guard:./guard.sh');
    expect(readFileSync(s.trustedHooks, 'utf8')).toBe(JSON.stringify({ '/a': ['x:y', 7], [s.workspace]: ['keep:me'], '/z': [] }, null, 2));
  });

  it('a hundred trusts at once are all recorded, in call order (calls made during a write share the next one)', async () => {
    const s = geminiSetup();
    const store = geminiDialect.reviewStore!(s.context);
    const keys = Array.from({ length: 100 }, (_, index) => `hook${index}:./h${index}.sh`);
    await Promise.all(keys.map((key) => store.trust(key, geminiKeyHash(key))));
    expect(JSON.parse(readFileSync(s.trustedHooks, 'utf8'))).toEqual({ [s.workspace]: keys });
  });

  it('a file that is not a JSON object is never overwritten: trust fails naming the file', async () => {
    const s = geminiSetup();
    writeFileSync(s.trustedHooks, '{ not json');
    const store = createGeminiReviewStore(s.trustedHooks, s.workspace);
    await expect(store.trust('a:b', geminiKeyHash('a:b'))).rejects.toThrow(`cannot update ${s.trustedHooks}`);
    expect(readFileSync(s.trustedHooks, 'utf8')).toBe('{ not json');
    project(s);
    expect(loadGeminiHooks(s.context).diagnostics.map((d) => d.code)).toContain('invalid-trusted-hooks');
  });

  it('setEnabled is refused, pointing at hooksConfig.disabled (hookd does not edit settings files)', async () => {
    const s = geminiSetup();
    const store = createGeminiReviewStore(s.trustedHooks, s.workspace);
    await expect(store.setEnabled('guard:./guard.sh', false)).rejects.toThrow('add "guard" to "hooksConfig.disabled"');
    await expect(store.setEnabled(':echo hi', true)).rejects.toThrow('remove "echo hi" from "hooksConfig.disabled"');
  });
});

describe('a project hook hooksConfig.disabled turns off', () => {
  it('has no review state: hooks/list says the settings entry disabled it, not trusted_hooks.json', async () => {
    const s = geminiSetup();
    s.write(s.projectFile, { hooksConfig: { disabled: ['guard'] }, hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: './guard.sh', name: 'guard' }] }] } });
    const [hook] = loadGeminiHooks(s.context).hooks;
    expect(hook?.review).toBeUndefined();
    expect(hook).toMatchObject({ disabled: true });
    expect(hook?.disabledBy).toContain('"guard" is in hooksConfig.disabled');
    expect(loadGeminiHooks(s.context).diagnostics.filter((d) => d.code === 'untrusted-project-hooks')).toEqual([]);
  });
});
