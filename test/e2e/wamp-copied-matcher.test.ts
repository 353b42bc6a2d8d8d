// A Claude Code hook file copied into WAMP, through the built sidecar: its `"Bash"` matcher names no tool the agent
// registered at initialize, so hookd warns (at initialize and on the first result of a send) instead of failing silently.
import { afterEach, describe, expect, it } from 'vitest';
import type { Sidecar } from '../helpers/sidecar.js';
import { startWamp, wampHook, wampSession, wampSetup, writeHooks, type WampSetup } from '../helpers/wamp.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

const call = (setup: WampSetup, runId: string, toolName: string) => ({ session: wampSession(setup), runId, toolName, toolInput: { command: 'rm -rf build' }, toolUseId: `call-${runId}` });
const guard = 'echo "rm -rf is not allowed from chat" >&2; exit 2';
const mentionsBash = (text: string) => /\bBash\b/.test(text);

describe('wamp: a copied Claude "Bash" matcher (built sidecar)', () => {
  it('"A literal name that matches no registered tool produces a warning, so a copied "Bash" matcher does not fail silently." — an initialize warning naming the file and the matcher', async () => {
    const setup = wampSetup();
    writeHooks(setup.userFile, wampHook('PreToolUse', guard, { matcher: 'Bash' }));
    const { init } = await startWamp(setup, open);
    const warnings = init.diagnostics.filter((diagnostic: any) => diagnostic.severity === 'warning' && mentionsBash(diagnostic.message));
    expect(warnings).toHaveLength(1);
    expect(warnings[0].file).toBe(setup.userFile);
  });

  it('"Claude Code names such as `Bash` are not translated.": the copied guard does not run for the `shell` tool; the first result of the send carries the warning', async () => {
    const setup = wampSetup();
    writeHooks(setup.userFile, wampHook('PreToolUse', guard, { matcher: 'Bash' }));
    const { sidecar } = await startWamp(setup, open);
    const result = await sidecar.request('hooks/PreToolUse', call(setup, 'run-1', 'shell'));
    expect(result.runs).toEqual([]);
    expect(result.decision).toBe('none');
    expect((result.warnings ?? []).some(mentionsBash)).toBe(true);
  });

  it('"Matchers use WAMP tool names, such as `shell`, `write`, `edit`, `apply_patch`": the same guard with matcher "shell" draws no warning and denies', async () => {
    const setup = wampSetup();
    writeHooks(setup.userFile, wampHook('PreToolUse', guard, { matcher: 'shell' }));
    const { sidecar, init } = await startWamp(setup, open);
    expect(init.diagnostics.filter((diagnostic: any) => diagnostic.severity !== 'info')).toEqual([]);
    const result = await sidecar.request('hooks/PreToolUse', call(setup, 'run-1', 'shell'));
    expect(result).toMatchObject({ decision: 'deny', binding: true });
    expect(result.reason).toContain('rm -rf is not allowed from chat');
    expect(result.warnings ?? []).toEqual([]);
  });
});
