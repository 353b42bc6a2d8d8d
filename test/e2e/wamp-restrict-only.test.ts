// "A hook can only restrict", through the built sidecar: a rewrite (updatedInput / updatedOutput) is refused like
// exit 2 and never passed through; an "allow" is ignored with a warning; a refused prompt carries its refusal.
import { afterEach, describe, expect, it } from 'vitest';
import type { Sidecar } from '../helpers/sidecar.js';
import { printJson, startWamp, wampHook, wampSession, wampSetup, writeHooks, type WampSetup } from '../helpers/wamp.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});

const shell = (setup: WampSetup, runId: string, command = 'rm -rf build') => ({ session: wampSession(setup), runId, toolName: 'shell', toolInput: { command }, toolUseId: `call-${runId}` });

async function started(hooks: unknown): Promise<{ setup: WampSetup; sidecar: Sidecar }> {
  const setup = wampSetup();
  writeHooks(setup.userFile, hooks);
  const { sidecar } = await startWamp(setup, open);
  return { setup, sidecar };
}

describe('wamp restrict only (built sidecar)', () => {
  it('"`updatedInput` or `updatedOutput` | Same as exit 2, because WAMP does not apply rewrites": a PreToolUse updatedInput is a binding deny; the rewrite is not in the result', async () => {
    const rewrite = { hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'echo safe' }, permissionDecisionReason: 'made it safe' } };
    const { setup, sidecar } = await started(wampHook('PreToolUse', printJson(rewrite), { matcher: 'shell' }));
    const result = await sidecar.request('hooks/PreToolUse', shell(setup, 'run-1'));
    expect(result).toMatchObject({ decision: 'deny', binding: true });
    expect(result.updatedInput).toBeUndefined();
    expect(result.reason).toMatch(/rewrite/i);
    expect(JSON.stringify(result)).not.toContain('echo safe');
  });

  it('"`updatedInput` or `updatedOutput` | Same as exit 2, because WAMP does not apply rewrites": a top-level updatedInput is refused the same way', async () => {
    const { setup, sidecar } = await started(wampHook('PreToolUse', printJson({ updatedInput: { command: 'echo safe' } }), { matcher: 'shell' }));
    const result = await sidecar.request('hooks/PreToolUse', shell(setup, 'run-1'));
    expect(result).toMatchObject({ decision: 'deny', binding: true });
    expect(result.updatedInput).toBeUndefined();
  });

  it('"`updatedInput` or `updatedOutput` | Same as exit 2, because WAMP does not apply rewrites": a PostToolUse updatedOutput becomes feedback (exit 2 on PostToolUse), the output is not replaced', async () => {
    const rewrite = { hookSpecificOutput: { hookEventName: 'PostToolUse', updatedOutput: 'REDACTED' } };
    const { setup, sidecar } = await started(wampHook('PostToolUse', printJson(rewrite), { matcher: 'shell' }));
    const result = await sidecar.request('hooks/PostToolUse', { ...shell(setup, 'run-1', 'cat .env'), toolResponse: 'SECRET=1' });
    expect(result.updatedToolOutput).toBeUndefined();
    expect(JSON.stringify(result)).not.toContain('REDACTED');
    expect(result.feedback).toMatch(/rewrite/i);
  });

  it('"A hook can only restrict. It cannot allow anything WAMP would otherwise refuse": permissionDecision "allow" is ignored with a warning', async () => {
    const allow = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', permissionDecisionReason: 'trust me' } };
    const { setup, sidecar } = await started(wampHook('PreToolUse', printJson(allow), { matcher: 'shell' }));
    const result = await sidecar.request('hooks/PreToolUse', shell(setup, 'run-1'));
    expect(result.decision).toBe('none');
    expect((result.warnings ?? []).some((warning: string) => /allow/.test(warning))).toBe(true);
  });

  it('"A refused prompt never enters the chat, and its reason appears as a warning. Through `engine.run.start`, the call fails with a failed-precondition error whose data carries the `reason`."', async () => {
    const { setup, sidecar } = await started(wampHook('UserPromptSubmit', 'echo "no prompts about secrets" >&2; exit 2'));
    const result = await sidecar.request('hooks/UserPromptSubmit', { session: wampSession(setup), runId: 'run-1', prompt: 'print the secrets' });
    expect(result).toMatchObject({ decision: 'block' });
    expect(result.reason).toContain('no prompts about secrets');
    expect(result.warnings.some((warning: string) => warning.includes('no prompts about secrets'))).toBe(true);
    expect(result.refusal).toEqual({
      code: 'failed_precondition',
      message: `prompt refused by a hook: ${result.reason}`,
      data: { reason: result.reason },
    });
  });
});
