// $CODEX_HOME/config.toml as the codex dialect reads it (hook-systems §3.1, §3.2; codex-rs config_rules.rs
// `hook_states_from_stack`) and each hook's review status (§3.2 "Status values", "Runs if enabled && (bypass ||
// Trusted || Managed)"). Real files in a scratch home.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCodexConfig, projectTrusted, readCodexConfig, type CodexConfig } from '../../../src/dialects/codex/config-toml.js';
import { codexReviewState } from '../../../src/dialects/codex/review.js';
import { codexBypassesReview } from '../../../src/dialects/codex/bypass.js';
import { scratchDir } from '../../helpers/scratch.js';
import { mkfifo } from '../../helpers/special-files.js';

const HASH = `sha256:${'a'.repeat(64)}`;
const OTHER = `sha256:${'b'.repeat(64)}`;

function config(text: string): CodexConfig {
  return parseCodexConfig('/h/.codex/config.toml', text);
}

describe('codex config.toml: features, projects, hooks.state', () => {
  it('§3.1 "`[features] hooks = false` turns them off (`codex_hooks` is a deprecated alias)"', () => {
    expect(config('[features]\nhooks = false\n').hooksFeature).toBe(false);
    expect(config('[features]\ncodex_hooks = false\n').hooksFeature).toBe(false);
    expect(config('[features]\nhooks = true\ncodex_hooks = false\n').hooksFeature).toBe(true);
    expect(config('model = "x"\n').hooksFeature).toBeUndefined();
  });
  it('a non-boolean features.hooks is a warning naming the field, and is ignored', () => {
    const read = config('[features]\nhooks = "no"\n');
    expect(read.hooksFeature).toBeUndefined();
    expect(read.diagnostics).toMatchObject([{ severity: 'warning', file: '/h/.codex/config.toml', field: 'features.hooks' }]);
  });
  it('odd values (a huge integer, nan, a date) in checked fields are warnings, never a crash', () => {
    const read = config(`[features]\nhooks = 9223372036854775807\n[projects."/p"]\ntrust_level = nan\n[hooks.state."k"]\nenabled = 1979-05-27\n`);
    expect(read.hooksFeature).toBeUndefined();
    expect(read.projectTrust.size).toBe(0);
    expect(read.hookState.size).toBe(0);
    expect(read.diagnostics.map((diagnostic) => diagnostic.field)).toEqual(['features.hooks', 'projects."/p"', 'hooks.state."k"']);
  });
  it('§3.2 "State lives in config: [hooks.state."<key>"] with enabled (bool) and trusted_hash"', () => {
    const read = config(`[hooks.state."/h/.codex/hooks.json:pre_tool_use:0:0"]\nenabled = true\ntrusted_hash = "${HASH}"\n\n[hooks.state."/h/.codex/hooks.json:stop:0:0"]\nenabled = false\n`);
    expect(read.hookState.get('/h/.codex/hooks.json:pre_tool_use:0:0')).toEqual({ enabled: true, trustedHash: HASH });
    expect(read.hookState.get('/h/.codex/hooks.json:stop:0:0')).toEqual({ enabled: false });
    expect(read.diagnostics).toEqual([]);
  });
  it('config_rules.rs "ignores malformed state entries" — the whole entry is skipped, with a warning naming line and field', () => {
    const read = config(`model = "x"\n\n[hooks.state."good"]\nenabled = false\n\n[hooks.state."malformed"]\nenabled = "not a bool"\ntrusted_hash = "${HASH}"\n`);
    expect([...read.hookState.keys()]).toEqual(['good']);
    expect(read.diagnostics).toMatchObject([{ severity: 'warning', line: 6, field: 'hooks.state."malformed"' }]);
  });
  it('config_rules.rs: state keys are trimmed and an empty key is skipped', () => {
    const read = config(`[hooks.state."  k  "]\nenabled = false\n[hooks.state."  "]\nenabled = false\n`);
    expect([...read.hookState.keys()]).toEqual(['k']);
  });
  it('a TOML syntax error is a diagnostic with file, line and column, and the file counts as empty', () => {
    const read = config(`[features]\nhooks = false\n\n[hooks.state."k"]\nenabled = tru\n`);
    expect(read.hooksFeature).toBeUndefined();
    expect(read.hookState.size).toBe(0);
    expect(read.diagnostics).toHaveLength(1);
    expect(read.diagnostics[0]).toMatchObject({ severity: 'error', file: '/h/.codex/config.toml', line: 5, code: 'codex-config-toml-syntax' });
    expect(read.diagnostics[0]!.column).toBeGreaterThan(0);
  });
  it('reading is bounded: a missing file is empty without diagnostics; a FIFO is refused without blocking', () => {
    const dir = scratchDir('hookd-codex-config-');
    expect(readCodexConfig(join(dir, 'config.toml'))).toMatchObject({ diagnostics: [], hookState: new Map() });
    const fifo = join(dir, 'fifo.toml');
    mkfifo(fifo);
    const read = readCodexConfig(fifo);
    expect(read.diagnostics).toMatchObject([{ severity: 'error', code: 'codex-config-unreadable', file: fifo }]);
  });
});

describe('codex project trust', () => {
  it('§3.1 "Project-local hooks load only if the project .codex/ layer is trusted" — [projects."<path>"] trust_level = "trusted"', () => {
    const dir = scratchDir('hookd-codex-project-');
    const read = config(`[projects."${dir}"]\ntrust_level = "trusted"\n`);
    expect(projectTrusted(read, dir)).toBe(true);
    expect(projectTrusted(config(`[projects."${dir}"]\ntrust_level = "untrusted"\n`), dir)).toBe(false);
    expect(projectTrusted(config(''), dir)).toBe(false);
  });
  it('a folder inside a trusted git project inherits its trust; its own "untrusted" entry wins', () => {
    const root = scratchDir('hookd-codex-git-');
    mkdirSync(join(root, '.git'));
    mkdirSync(join(root, 'pkg', 'sub'), { recursive: true });
    const sub = join(root, 'pkg', 'sub');
    expect(projectTrusted(config(`[projects."${root}"]\ntrust_level = "trusted"\n`), sub)).toBe(true);
    expect(projectTrusted(config(`[projects."${root}"]\ntrust_level = "trusted"\n[projects."${sub}"]\ntrust_level = "untrusted"\n`), sub)).toBe(false);
  });
  it('a linked worktree inherits the main working tree\'s trust (its .git file points into <main>/.git/worktrees)', () => {
    const main = scratchDir('hookd-codex-main-');
    mkdirSync(join(main, '.git', 'worktrees', 'wt'), { recursive: true });
    const worktree = scratchDir('hookd-codex-wt-');
    writeFileSync(join(worktree, '.git'), `gitdir: ${join(main, '.git', 'worktrees', 'wt')}\n`);
    expect(projectTrusted(config(`[projects."${main}"]\ntrust_level = "trusted"\n`), worktree)).toBe(true);
  });
});

describe('codex review status', () => {
  const key = '/h/.codex/hooks.json:pre_tool_use:0:0';
  const state = (entry: string) => config(`[hooks.state."${key}"]\n${entry}\n`);
  const review = (read: CodexConfig, extra: { managed?: boolean; bypass?: boolean } = {}) =>
    codexReviewState({ key, currentHash: HASH, managed: extra.managed ?? false, bypass: extra.bypass ?? false, config: read });

  it('§3.2 "Status values: Managed, Trusted (hash matches), Modified (hash differs), Untrusted (none)"', () => {
    expect(review(state(`trusted_hash = "${HASH}"`))).toMatchObject({ status: 'trusted', runnable: true });
    expect(review(state(`trusted_hash = "${OTHER}"`))).toMatchObject({ status: 'modified', runnable: false });
    expect(review(config(''))).toMatchObject({ status: 'untrusted', runnable: false });
    expect(review(state('enabled = false'), { managed: true })).toMatchObject({ status: 'managed', runnable: true });
  });
  it('§3.2 "Runs if enabled && (bypass || Trusted || Managed)" — disabled stays off even when trusted or bypassed', () => {
    expect(review(state(`enabled = false\ntrusted_hash = "${HASH}"`))).toMatchObject({ status: 'disabled', runnable: false });
    expect(review(state('enabled = false'), { bypass: true })).toMatchObject({ status: 'disabled', runnable: false });
  });
  it('§3.2 "--dangerously-bypass-hook-trust bypasses for one invocation" — untrusted and modified run, status unchanged', () => {
    expect(review(config(''), { bypass: true })).toMatchObject({ status: 'untrusted', runnable: true });
    expect(review(state(`trusted_hash = "${OTHER}"`), { bypass: true })).toMatchObject({ status: 'modified', runnable: true });
    expect(codexBypassesReview({ workspace: '/w', home: '/h', bypassHookTrust: true })).toBe(true);
    expect(codexBypassesReview({ workspace: '/w', home: '/h' })).toBe(false);
  });
  it('an odd trusted_hash (not sha256:<64 hex>) is named in the hook\'s diagnostics', () => {
    const state2 = review(state('trusted_hash = "sha256:test"'));
    expect(state2.status).toBe('modified');
    expect(state2.diagnostics).toHaveLength(1);
    expect(state2.diagnostics[0]).toContain('/h/.codex/config.toml: ');
  });
});
