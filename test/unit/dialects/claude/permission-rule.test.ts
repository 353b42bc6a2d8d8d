// The grammar of one Claude Code permission rule in a handler's `if`: tool name, optional content, exactly one rule.
import { describe, expect, it } from 'vitest';
import { parsePermissionRule } from '../../../../src/dialects/claude/permission-rule.js';

describe('parsePermissionRule', () => {
  it.each([
    ['Bash(git *)', { toolName: 'Bash', content: 'git *' }],
    ['Bash(npm run test:*)', { toolName: 'Bash', content: 'npm run test:*' }],
    ['Edit(src/**)', { toolName: 'Edit', content: 'src/**' }],
    ['Read(~/.ssh/*)', { toolName: 'Read', content: '~/.ssh/*' }],
    ['WebFetch(domain:example.com)', { toolName: 'WebFetch', content: 'domain:example.com' }],
    ['mcp__server__tool', { toolName: 'mcp__server__tool' }],
    ['mcp__server__*', { toolName: 'mcp__server__*' }],
    ['Bash', { toolName: 'Bash' }],
    ['Bash()', { toolName: 'Bash' }],
    ['Bash(*)', { toolName: 'Bash' }],
    ['  Bash(ls)  ', { toolName: 'Bash', content: 'ls' }],
    ['Bash(echo \\(x\\))', { toolName: 'Bash', content: 'echo (x)' }],
    ['Bash(echo $(date))', { toolName: 'Bash', content: 'echo $(date)' }],
    ['Bash(ls -la | grep foo)', { toolName: 'Bash', content: 'ls -la | grep foo' }],
  ])('"%s" is one rule', (text, rule) => {
    expect(parsePermissionRule(text)).toEqual({ ok: true, rule });
  });

  it.each([
    ['Bash(git *) Edit(src/**)', /several rules/],
    ['Bash(git *), Edit(src/**)', /several rules/],
    ['Bash(git *) || Read', /several rules/],
    ['Bash, Edit', /several rules/],
    ['Bash Edit', /several rules/],
    ['Bash(git *', /no closing/],
    ['(git *)', /not a tool name/],
    ['', /empty/],
    ['   ', /empty/],
    ['Ba sh(x', /several rules|no closing/],
    ['Bash!(x)', /not a tool name/],
    ['*', /not a tool name/],
    [`Bash(${'x'.repeat(5000)})`, /over the limit/],
  ])('"%s" is refused', (text, why) => {
    const parsed = parsePermissionRule(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(why);
  });

  it('a long rule full of separators parses in bounded time (linear regexes)', () => {
    const text = `Bash(${') '.repeat(2000)}`.slice(0, 4000);
    const started = performance.now();
    parsePermissionRule(text);
    parsePermissionRule(`${'a'.repeat(4000)},`);
    expect(performance.now() - started).toBeLessThan(2_000); // generous: a quadratic blow-up takes far longer
  });
});
