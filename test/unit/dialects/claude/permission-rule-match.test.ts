// A compiled `if` rule against tool calls: which tools a rule names, Bash per subcommand, file paths, domains, and
// every doubt failing open (the hook runs).
import { describe, expect, it } from 'vitest';
import type { EventContext } from '../../../../src/engine/dialect.js';
import type { EventParams } from '../../../../src/protocol/index.js';
import { compileIfCondition } from '../../../../src/dialects/claude/permission-rule-match.js';
import { parsePermissionRule } from '../../../../src/dialects/claude/permission-rule.js';

const bases = { root: '/repo', home: '/home/u' };

function call(toolName: string, toolInput: Record<string, unknown>, cwd = '/repo'): EventContext {
  const params = { session: { id: 's', cwd }, toolName, toolInput } as unknown as EventParams;
  return { event: 'PreToolUse', params, workspace: '/repo', sessionId: 's', cwd };
}

function applies(rule: string, context: EventContext): boolean {
  const parsed = parsePermissionRule(rule);
  if (!parsed.ok) throw new Error(parsed.error);
  return compileIfCondition(parsed.rule, bases).applies(context);
}

describe('compileIfCondition', () => {
  it('Bash rules: per subcommand, after VAR=value prefixes, inside $() and backticks', () => {
    expect(applies('Bash(git *)', call('Bash', { command: 'git push' }))).toBe(true);
    expect(applies('Bash(git *)', call('Bash', { command: 'npm test' }))).toBe(false);
    expect(applies('Bash(git *)', call('Bash', { command: 'cd src && GIT_DIR=x git push' }))).toBe(true);
    expect(applies('Bash(git *)', call('Bash', { command: 'echo $(git rev-parse HEAD)' }))).toBe(true);
    expect(applies('Bash(git *)', call('Bash', { command: 'echo `git status`' }))).toBe(true);
    expect(applies('Bash(git *)', call('Bash', { command: 'echo git' }))).toBe(false);
    expect(applies('Bash(npm run test:*)', call('Bash', { command: 'npm run test -- --watch' }))).toBe(true);
    expect(applies('Bash(rm -rf *)', call('Bash', { command: 'ls; rm -rf /tmp/x' }))).toBe(true);
  });

  it('Bash rules fail open on a command that cannot be parsed, a missing command, or one over the size limit', () => {
    expect(applies('Bash(git *)', call('Bash', { command: 'echo (unbalanced' }))).toBe(true);
    expect(applies('Bash(git *)', call('Bash', {}))).toBe(true);
    expect(applies('Bash(git *)', call('Bash', { command: 'x'.repeat(1_000_000) }))).toBe(true);
  });

  it('the tool name must match: a Bash rule never applies to Edit, mcp rules by server or tool', () => {
    expect(applies('Bash(git *)', call('Edit', { file_path: '/repo/git' }))).toBe(false);
    expect(applies('Bash', call('Bash', { command: 'anything' }))).toBe(true);
    expect(applies('mcp__github__*', call('mcp__github__create_issue', {}))).toBe(true);
    expect(applies('mcp__github__*', call('mcp__gitlab__create_issue', {}))).toBe(false);
    expect(applies('mcp__github', call('mcp__github__create_issue', {}))).toBe(true);
    expect(applies('mcp__github__create_issue', call('mcp__github__create_issue', {}))).toBe(true);
    expect(applies('mcp__github__create_issue', call('mcp__github__list', {}))).toBe(false);
  });

  it('file tools: file_path / notebook_path / path, relative ones against the session cwd; Edit rules cover Write', () => {
    expect(applies('Edit(src/**)', call('Edit', { file_path: '/repo/src/a.ts' }))).toBe(true);
    expect(applies('Edit(src/**)', call('Write', { file_path: 'src/a.ts' }))).toBe(true);
    expect(applies('Edit(src/**)', call('Edit', { file_path: '/repo/test/a.ts' }))).toBe(false);
    expect(applies('Edit(*.ts)', call('MultiEdit', { file_path: '/repo/a/b.ts' }))).toBe(true);
    expect(applies('Edit(*.ipynb)', call('NotebookEdit', { notebook_path: '/repo/n.ipynb' }))).toBe(true);
    expect(applies('Read(~/.ssh/*)', call('Read', { file_path: '/home/u/.ssh/id_rsa' }))).toBe(true);
    expect(applies('Read(~/.ssh/*)', call('Read', { file_path: '/repo/README.md' }))).toBe(false);
    expect(applies('Read(/src/**)', call('Grep', { pattern: 'x' }, '/repo/src'))).toBe(true); // no path: the cwd
    expect(applies('Read(src/**)', call('Edit', { file_path: '/repo/src/a' }))).toBe(false); // Read rules do not cover Edit
    expect(applies('Edit(src/**)', call('Edit', {}))).toBe(true); // no path: fails open
  });

  it('WebFetch(domain:...) compares the URL host', () => {
    expect(applies('WebFetch(domain:example.com)', call('WebFetch', { url: 'https://example.com/a' }))).toBe(true);
    expect(applies('WebFetch(domain:example.com)', call('WebFetch', { url: 'https://evil.com/example.com' }))).toBe(false);
    expect(applies('WebFetch(domain:*.example.com)', call('WebFetch', { url: 'https://docs.example.com/' }))).toBe(true);
    expect(applies('WebFetch(domain:example.com)', call('WebFetch', { url: 'not a url' }))).toBe(true);
  });

  it('content hookd cannot judge fails open for that tool and says so', () => {
    const parsed = parsePermissionRule('Agent(Explore)');
    if (!parsed.ok) throw new Error(parsed.error);
    const condition = compileIfCondition(parsed.rule, bases);
    expect(condition.notice).toMatch(/fails open/);
    expect(condition.applies(call('Agent', { subagent_type: 'Plan' }))).toBe(true);
    expect(condition.applies(call('Bash', { command: 'x' }))).toBe(false);
  });
});
