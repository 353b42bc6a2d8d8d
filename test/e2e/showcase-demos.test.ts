// `npm run demo -- --dialect codex` and `-- --dialect gemini` end to end against the built sidecar: each prints what
// the README promises of it and exits 0. The demo copies examples/<dialect>/ into fresh temp dirs and removes them.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const DEMO = fileURLToPath(new URL('../../scripts/demo.mjs', import.meta.url));

async function demo(dialect: string): Promise<{ stdout: string; blocks: string[] }> {
  const { stdout } = await promisify(execFile)(process.execPath, [DEMO, '--dialect', dialect], { timeout: 90_000, maxBuffer: 4 * 1024 * 1024 });
  return { stdout, blocks: stdout.split(/\n\s*\n/).map((block) => block.trim()).filter((block) => block !== '') };
}

/** The printed result blocks of `method` whose first line mentions `detail`, in order (notification and progress lines
 * printed before a result, `↪ …` and `… statusMessage`, dropped). */
function resultsOf(blocks: string[], method: string, detail = ''): string[] {
  const results = blocks.map((block) => block.replace(/^(?:\s*(?:↪|…) .*\n)+/, '').trimStart());
  return results.filter((block) => [' ', '\n'].some((next) => block.startsWith(`${method}${next}`)) && block.split('\n')[0]!.includes(detail));
}

describe('npm run demo -- --dialect codex', () => {
  it('untrusted hooks skipped with the warning, review/trust into config.toml, then the hooks decide as Codex does (05b ignored, 08b replaced), one continuation, review/revoke', async () => {
    const { stdout, blocks } = await demo('codex');
    expect(stdout).toMatch(/^4 hooks loaded, 0 diagnostics$/m);
    expect(stdout).toContain('↪ hooks/reviewWarnings: 4 command hooks require trust review and will be skipped.');
    expect(stdout.match(/^ {2}\w+ \[untrusted\] matcher=\S+ source=\S+ runnable=false: /gm)).toHaveLength(4);
    const rmRf = resultsOf(blocks, 'hooks/PreToolUse', 'rm -rf build');
    expect(rmRf).toHaveLength(3);
    // Before trust and after the revoke the guard does not run; in between it denies.
    expect(rmRf[0]).toContain('decision: none');
    expect(rmRf[1]).toContain('decision: deny — rm -rf is not allowed in this project');
    expect(rmRf[2]).toContain('decision: none');
    expect(stdout).toMatch(/review\/trust PostToolUse .*: 0 still need review/);
    const config = stdout.slice(stdout.indexOf('config.toml now'), stdout.indexOf('hooks/SessionStart'));
    expect(config.match(/^ {2}\| \[hooks\.state\."[^"]+"\]$/gm)).toHaveLength(4);
    expect(config.match(/^ {2}\| trusted_hash = "sha256:[0-9a-f]{64}"$/gm)).toHaveLength(4);
    expect(config).toContain("  | # Codex CLI's own config file.");
    expect(stdout).toContain('context (separate-message): This project builds with make; run npm test before you finish.');
    expect(resultsOf(blocks, 'hooks/PreToolUse', 'git push --force')[0]).toContain('updatedInput: {"command":"git push --force-with-lease origin main"}');
    const npmInstall = resultsOf(blocks, 'hooks/PreToolUse', 'npm install')[0]!;
    expect(npmInstall).not.toMatch(/^ {2}updatedInput: /m);
    expect(npmInstall).toMatch(/updatedInput without permissionDecision/);
    expect(npmInstall).toContain('decision: none');
    expect(resultsOf(blocks, 'hooks/PostToolUse', 'cat .env')[0]).toContain('updatedToolOutput: "The output contained a secret (API_KEY=...); it was withheld from the model."');
    expect(stdout).not.toMatch(/updatedToolOutput: .*sk-demo-1234/);
    const stops = resultsOf(blocks, 'hooks/Stop');
    expect(stops.map((block) => /decision: (\w+)/.exec(block)?.[1])).toEqual(['block', 'none']);
    expect(stdout).toContain('review/revoke (the shell guard)');
    expect(resultsOf(blocks, 'review/revoke')[0]).toContain('"reviewRequiredCount":1');
    expect(stdout).toMatch(/the guard's table after review\/revoke:\n {2}\| \[hooks\.state\."[^"]+:pre_tool_use:0:0"\]\n {2}\| enabled = true\n\n/);
    expect(stdout).toContain('hookd exited with code 0');
  }, 120_000);
});

describe('npm run demo -- --dialect gemini', () => {
  it('native events (hooks/BeforeTool …), the unmigrated PreToolUse warned, a deny, a tool_input rewrite, an AfterTool replacement, one AfterAgent continuation, trusted_hooks.json', async () => {
    const { stdout, blocks } = await demo('gemini');
    expect(stdout).toMatch(/warning: hooks\.PreToolUse: .*BeforeTool/);
    expect(stdout).not.toMatch(/error -32601/);
    const prompt = resultsOf(blocks, 'hooks/BeforeAgent')[0]!;
    expect(prompt).toContain('event: UserPromptSubmit (the canonical name of BeforeAgent)');
    expect(prompt).toContain('context (appended): This project builds with make; run npm test before you finish.');
    expect(prompt).toContain('system message: prompt logged');
    expect(resultsOf(blocks, 'hooks/BeforeTool', 'ls build')[0]).toContain('system message: guard-shell: command checked');
    expect(resultsOf(blocks, 'hooks/BeforeTool', 'rm -rf build')[0]).toContain('decision: deny — rm -rf is not allowed in this project');
    expect(resultsOf(blocks, 'hooks/BeforeTool', 'git push --force')[0]).toContain('updatedInput: {"command":"git push --force-with-lease origin main"}');
    expect(resultsOf(blocks, 'hooks/AfterTool', 'cat .env')[0]).toContain('updatedToolOutput: {"error":"The output contained a secret (API_KEY=...); it was withheld from the model."}');
    expect(resultsOf(blocks, 'hooks/PreToolUse', 'rm -rf dist')[0]).toContain('decision: deny — rm -rf is not allowed in this project');
    expect(resultsOf(blocks, 'hooks/AfterAgent').map((block) => /decision: (\w+)/.exec(block)?.[1])).toEqual(['block', 'none']);
    expect(stdout).toMatch(/trusted_hooks\.json: \{\n {2}"[^"]+": \[\n {4}"guard-shell:sh \\"\$GEMINI_PROJECT_DIR\/\.gemini\/hooks\/guard-shell\.sh\\""/);
    expect(stdout).toContain('hooks/reload: 1 warning(s), the new-project-hooks one gone: true');
    expect(stdout).toContain('hookd exited with code 0');
  }, 120_000);
});
