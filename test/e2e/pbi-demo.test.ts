// `npm run demo -- --dialect pbi` end to end: the scripted pbi agent session against the built sidecar prints each
// behaviour the demo promises (README): the startup review warning, review/trust, a PreToolUse deny and an updatedInput
// rewrite, a PostToolUse replacement, one Stop continuation only, review/disable, an edit turning a hook modified, bypass.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const DEMO = fileURLToPath(new URL('../../scripts/demo.mjs', import.meta.url));

/** The demo's output as blocks (one per call it printed), each starting with the call's first line. */
function blocks(stdout: string): string[] {
  return stdout.split(/\n\s*\n/).map((block) => block.trim()).filter((block) => block !== '');
}

describe('npm run demo -- --dialect pbi', () => {
  it('plays the pbi session: review warning, trust, deny, rewrite, replacement, one continuation, disable, modified, bypass', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [DEMO, '--dialect', 'pbi'], { timeout: 90_000, maxBuffer: 4 * 1024 * 1024 });
    const printed = blocks(stdout);
    const after = (marker: string): string[] => printed.slice(printed.findIndex((block) => block.includes(marker)));
    // Five command hooks (four project, one global) wait for review: the notification after initialize says so.
    expect(stdout).toContain('↪ hooks/reviewWarnings: 5 command hooks require trust review and will be skipped. Run `hookd hooks` or open Settings → Hooks (`hookd ui`).');
    expect(stdout).toContain('review/list (5 require review)');
    expect(stdout.match(/^ {2}\w+ \[untrusted\] matcher=\S+ source=(project|global) runnable=false: /gm)).toHaveLength(5);
    // Before the review the guard does not run: rm -rf is not denied.
    const beforeTrust = printed.find((block) => block.startsWith('hooks/PreToolUse shell {"command":"rm -rf build"}'));
    expect(beforeTrust).toContain('hooks run: none matched');
    expect(stdout).toContain('review/trust PreToolUse sh .agents/hooks/guard-shell.sh: ');
    expect(stdout).toMatch(/review\/trust \S+ .*: 0 still need review/);
    expect(stdout).toContain('hooks_state.json: 5 entries');
    // After trust: context at SessionStart, a refused prompt, a deny, a rewrite, a replacement.
    expect(stdout).toContain('context: This project builds with make; run npm test before you finish.');
    expect(stdout).toMatch(/decision: block — prompts about secrets are refused/);
    expect(stdout).toMatch(/decision: (deny|block) — rm -rf is not allowed in this project/);
    expect(stdout).toContain('updatedInput: {"command":"git push --force-with-lease origin main"}');
    expect(stdout).toMatch(/updatedToolOutput: ".*API_KEY=\[redacted\]/);
    expect(stdout).not.toMatch(/updatedToolOutput: ".*sk-demo-1234/);
    // The Stop hook asks for one more pass exactly once: the continuation's own Stop, the Stop after review/disable and
    // the Stop under bypass (still disabled) do not.
    expect(stdout.match(/decision: block — Run npm test and report the result before you finish\./g)).toHaveLength(1);
    const afterDisable = after('review/disable (the Stop hook)');
    expect(afterDisable[0]).toContain('"reviewRequiredCount":0');
    // The next turn (its UserPromptSubmit resets the one-pass count): the disabled Stop hook itself does not run.
    const nextTurn = afterDisable.findIndex((block) => block.includes('hooks/UserPromptSubmit Now clean the cache too'));
    expect(nextTurn).toBeGreaterThan(0);
    expect(afterDisable[nextTurn + 1]).toMatch(/^hooks\/Stop\n {2}hooks run: none matched\n {2}decision: none$/);
    // Editing the guard's timeout changes its hash: modified, not runnable, rm -rf is no longer denied.
    expect(stdout).toMatch(/^ {2}PreToolUse \[modified\] runnable=false: sh \.agents\/hooks\/guard-shell\.sh$/m);
    const afterEdit = after("hooks/reload (after editing the guard's timeout)");
    expect(afterEdit.find((block) => block.startsWith('hooks/PreToolUse'))).not.toContain('rm -rf is not allowed');
    // The bypassed hookd: the warning replaces the review one, the modified guard runs, the disabled Stop hook does not.
    const bypass = after('a second hookd, initialized with dangerouslyBypassHookTrust: true');
    expect(bypass.join('\n\n')).toContain('↪ hooks/reviewWarnings: dangerously bypassing hook trust review; untrusted hooks may run.');
    expect(bypass.join('\n\n')).toContain('trustBypassActive true');
    expect(bypass.find((block) => block.startsWith('hooks/PreToolUse'))).toMatch(/decision: (deny|block) — rm -rf is not allowed in this project/);
    expect(bypass.find((block) => block.startsWith('hooks/Stop'))).toContain('hooks run: none matched');
    expect(stdout).toContain('the second hookd exited with code 0');
    expect(stdout).toContain('hookd exited with code 0');
  }, 120_000);
});

// The part that holds with the loader and io alone (parts B, C): the trusted hooks' effects, one continuation pass.
describe('npm run demo -- --dialect pbi (hook effects)', () => {
  it('prints the context, a refused prompt, a deny, an updatedInput rewrite, a redacted replacement and one Stop continuation', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [DEMO, '--dialect', 'pbi'], { timeout: 90_000, maxBuffer: 4 * 1024 * 1024 });
    expect(stdout).toMatch(/^5 hooks loaded, 0 diagnostics$/m);
    expect(stdout).toContain('context: This project builds with make; run npm test before you finish.');
    expect(stdout).toContain('decision: block — prompts about secrets are refused');
    expect(stdout).toContain('decision: deny — rm -rf is not allowed in this project');
    expect(stdout).toContain('updatedInput: {"command":"git push --force-with-lease origin main"}');
    expect(stdout).toMatch(/updatedToolOutput: ".*API_KEY=\[redacted\]/);
    expect(stdout).not.toMatch(/updatedToolOutput: ".*sk-demo-1234/);
    // The continuation's own Stop (stopHookActive true) is not run again.
    const continuation = blocks(stdout).filter((block) => block.startsWith('hooks/Stop'))[1];
    expect(continuation).toContain('hooks run: none matched');
    expect(continuation).toContain('not fired: ');
    expect(stdout).toContain('hookd exited with code 0');
  }, 120_000);
});
