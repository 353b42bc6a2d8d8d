// Issue 9 (Bamboo audit), configuration choices: a hooks.json without the lifecycle_hooks wrapper says so, and a file
// with errors at start-up loads its events without errors (whole-file rejection stays for edits: "Changes are
// validated"). Runs through the real Engine and process runner; no hook process may be left.
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Bench, trackedBenches, bash, cmd, emit } from './bamboo-bench.js';

const bench = trackedBenches();

/** The seed's own "Configuration" snippet without its outer object: what a user pastes as the whole file. */
const SEED_SNIPPET_UNWRAPPED = {
  enabled: true,
  PreToolUse: [{ matcher: '^Bash$', hooks: [{ type: 'command', command: '.bamboo/hooks/audit-bash.sh', timeout_ms: 5000 }] }],
};

function write(b: Bench, value: unknown, where: 'user' | 'project' = 'user') {
  writeFileSync(b.hooksFile(where), JSON.stringify(value, null, 2));
  return b.engine.load(b.loadContext);
}

describe('choice: a hooks.json without the lifecycle_hooks wrapper loads nothing, and says so', () => {
  it('the seed snippet pasted without {"lifecycle_hooks": ...}: a warning names the file, the missing key and the keys not read', () => {
    const b = bench();
    const snapshot = write(b, SEED_SNIPPET_UNWRAPPED);
    expect(snapshot.hooks).toEqual([]);
    expect(snapshot.diagnostics).toEqual([
      {
        severity: 'warning',
        file: b.hooksFile(),
        line: 2,
        column: 3,
        field: 'enabled',
        code: 'outside-lifecycle-hooks',
        message: `${b.hooksFile()} has no lifecycle_hooks object: its "enabled", "PreToolUse" key(s) are not read and none of its hooks load; wrap them in {"lifecycle_hooks": {...}}`,
      },
    ]);
  });

  it('a misspelt wrapper (lifecycleHooks) or Claude\'s "hooks" object: the warning says to rename it', () => {
    const b = bench();
    const camel = write(b, { lifecycleHooks: { Stop: [] } });
    expect(camel.diagnostics[0]?.message).toContain('its "lifecycleHooks" key(s) are not read and none of its hooks load; rename "lifecycleHooks" to "lifecycle_hooks"');
    const claude = write(b, { hooks: { PreToolUse: [] } });
    expect(claude.diagnostics[0]).toMatchObject({ code: 'outside-lifecycle-hooks', field: 'hooks' });
    expect(claude.diagnostics[0]?.message).toContain('rename "hooks" to "lifecycle_hooks"');
  });

  it('event keys beside a lifecycle_hooks object are not read either: a warning says to move them in; the section loads', () => {
    const b = bench();
    const snapshot = write(b, { lifecycle_hooks: { Stop: [{ hooks: [cmd('true')] }] }, preToolUse: [] });
    expect(snapshot.hooks).toHaveLength(1);
    expect(snapshot.diagnostics).toEqual([
      expect.objectContaining({ severity: 'warning', code: 'outside-lifecycle-hooks', field: 'preToolUse', message: `${b.hooksFile()}: its "preToolUse" key(s) are not read: they are outside the lifecycle_hooks object; move them into it` }),
    ]);
  });

  it('other top-level keys (other Bamboo settings) still say nothing', () => {
    const b = bench();
    expect(write(b, { theme: 'dark', notifications: { ntfy: true } }).diagnostics).toEqual([]);
    expect(write(b, {}).diagnostics).toEqual([]);
  });

  it('100,000 stray event-like keys: one bounded warning', () => {
    const b = bench();
    const keys = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [i === 0 ? 'Stop' : `stop${'_'.repeat(i % 3)}${i}`, []]));
    keys.PreToolUse = [];
    const snapshot = write(b, keys);
    expect(snapshot.diagnostics).toHaveLength(1);
    expect(snapshot.diagnostics[0]?.message).toMatch(/"Stop", "PreToolUse" key\(s\)/);
    expect(snapshot.diagnostics[0]?.message.length).toBeLessThan(400);
  });
});

describe('choice: at start-up (no last good configuration) a file with errors still loads its events without errors', () => {
  const guard = cmd(`${emit({ decision: 'block', reason: 'guarded' })}`);

  it('a typo in one event key (PreTooluse) or a matcher on SessionStart does not switch off the PreToolUse guard; a warning names what is not active', async () => {
    const b = bench();
    const snapshot = write(b, {
      lifecycle_hooks: {
        SessionStart: [{ matcher: 'startup', hooks: [cmd('true')] }],
        PreTooluse: [{ hooks: [cmd('true')] }],
        PreToolUse: [{ matcher: '^Bash$', hooks: [guard] }],
      },
    });
    expect(snapshot.hooks.map((hook) => hook.id)).toEqual(['user:PreToolUse[0].hooks[0]']);
    const errors = snapshot.diagnostics.filter((entry) => entry.severity === 'error').map((entry) => entry.code);
    expect(errors).toEqual(['matcher-not-supported', 'unknown-event']);
    expect(snapshot.diagnostics.at(-1)).toEqual({
      severity: 'warning',
      file: b.hooksFile(),
      line: 1,
      column: 1,
      field: '(root)',
      code: 'source-partly-loaded',
      message: `${b.hooksFile()} has 2 error(s): its lifecycle_hooks.SessionStart and lifecycle_hooks.PreTooluse hooks are not active until fixed; its other 1 hook(s) are loaded`,
    });
    const result = await b.dispatch('PreToolUse', bash('rm -rf /'));
    expect(result).toMatchObject({ decision: 'block', reason: 'guarded' });
  });

  it('an event with an error loads none of its handlers (dropping one would let a later allow answer for it)', async () => {
    const b = bench();
    const snapshot = write(b, {
      lifecycle_hooks: {
        PreToolUse: [{ hooks: [{ type: 'command', command: 'x', timeout_ms: 0 }] }, { hooks: [cmd(emit({ decision: 'allow' }))] }],
        Stop: [{ hooks: [cmd('true')] }],
      },
    });
    expect(snapshot.hooks.map((hook) => hook.id)).toEqual(['user:Stop[0].hooks[0]']);
    expect((await b.dispatch('PreToolUse', bash('ls'))).decision).toBe('none');
  });

  it('an error outside every event (lifecycle_hooks.enabled not a boolean) loads nothing: the file says none of its hooks are active', () => {
    const b = bench();
    const snapshot = write(b, { lifecycle_hooks: { enabled: 'no', Stop: [{ hooks: [cmd('true')] }] } });
    expect(snapshot.hooks).toEqual([]);
    expect(snapshot.diagnostics.at(-1)).toMatchObject({
      severity: 'warning',
      code: 'source-rejected',
      message: `${b.hooksFile()} has 1 error(s): none of its hooks are active until it is fixed`,
    });
  });

  it('a group whose enabled is not a boolean takes its whole event with it (it might have meant "off")', () => {
    const b = bench();
    const snapshot = write(b, { lifecycle_hooks: { Stop: [{ enabled: 'false', hooks: [cmd('true')] }], SessionEnd: [{ hooks: [cmd('true')] }] } });
    expect(snapshot.hooks.map((hook) => hook.id)).toEqual(['user:SessionEnd[0].hooks[0]']);
  });

  it('"Changes are validated and hot-reloaded." — an invalid edit still rejects the whole file: the start-up hooks stay as they were', () => {
    const b = bench();
    write(b, { lifecycle_hooks: { SessionStart: [{ matcher: 'x', hooks: [cmd('true')] }], Stop: [{ hooks: [cmd('echo first')] }] } });
    writeFileSync(
      b.hooksFile(),
      JSON.stringify({ lifecycle_hooks: { SessionStart: [{ matcher: 'x', hooks: [cmd('true')] }], Stop: [{ hooks: [cmd('echo second')] }] } }),
    );
    const reloaded = b.engine.reload(b.loadContext);
    expect(reloaded.hooks.map((hook) => (hook.handler.type === 'command' ? hook.handler.command : ''))).toEqual(['echo first']);
    expect(reloaded.diagnostics.at(-1)).toMatchObject({ code: 'kept-last-good', message: `${b.hooksFile()} is invalid: keeping the 1 hook(s) last loaded from it until it is fixed` });
  });

  it('a file that had no hooks loaded and is then saved with an error: the warning says none of its hooks are active', () => {
    const b = bench();
    b.engine.load(b.loadContext); // no file yet
    writeFileSync(b.hooksFile(), JSON.stringify({ lifecycle_hooks: { Stop: [{ hooks: [cmd('x', { timeout_ms: 0 })] }], SessionEnd: [{ hooks: [cmd('true')] }] } }));
    const reloaded = b.engine.reload(b.loadContext);
    expect(reloaded.hooks).toEqual([]);
    expect(reloaded.diagnostics.at(-1)).toMatchObject({
      severity: 'warning',
      code: 'kept-last-good',
      message: `${b.hooksFile()} is invalid: none of its hooks are active until it is fixed (no hooks were loaded from it before)`,
    });
  });
});
