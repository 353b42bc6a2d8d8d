// Bash rule content: the subcommands a command is split into (shell-quote) and the three pattern forms.
import { describe, expect, it } from 'vitest';
import { MAX_COMMAND_CHARS, bashSubcommands, compileCommandPattern } from '../../../../src/dialects/claude/permission-rule-bash.js';

describe('bashSubcommands', () => {
  it.each([
    ['git status', ['git status']],
    ['cd src && git push', ['cd src', 'git push']],
    ['a || b; c | d & e', ['a', 'b', 'c', 'd', 'e']],
    ['ls\ngit push', ['ls', 'git push']],
    ['FOO=1 BAR=2 git push', ['git push']],
    ['timeout 5 git push', ['git push']],
    ['nohup nice -n 5 git push', ['git push']],
    ['time -p stdbuf -oL git log', ['git log']],
    ['FOO=1 timeout -s KILL 5 git push', ['git push']],
    ['git commit -m "a && b"', ['git commit -m a && b']],
    ['git commit -m "line one\nline two"', ['git commit -m line one\nline two']],
    ['ls # a comment && rm -rf x\ngit push', ['ls', 'git push']],
  ])('%j → %j', (command, expected) => {
    expect(bashSubcommands(command)).toEqual(expected);
  });

  it('searches $(), subshells, process substitution and backticks, stripping VAR=value inside them too', () => {
    expect(bashSubcommands('echo $(FOO=1 git rev-parse HEAD)')).toEqual(expect.arrayContaining(['git rev-parse HEAD']));
    expect(bashSubcommands('echo "$(git push)"')).toEqual(expect.arrayContaining(['git push']));
    expect(bashSubcommands('(cd x && git push)')).toEqual(expect.arrayContaining(['cd x', 'git push']));
    expect(bashSubcommands('diff <(git show HEAD) x')).toEqual(expect.arrayContaining(['git show HEAD']));
    expect(bashSubcommands('echo `X=1 git status`')).toEqual(expect.arrayContaining(['git status']));
    expect(bashSubcommands('a=$(git push) ls')).toEqual(expect.arrayContaining(['git push', 'ls']));
  });

  it('is undefined (the rule fails open) when the command cannot be parsed or is too large', () => {
    expect(bashSubcommands('echo (x')).toBeUndefined();
    expect(bashSubcommands('echo x)')).toBeUndefined();
    expect(bashSubcommands('echo `x')).toBeUndefined();
    expect(bashSubcommands('echo \u0000')).toBeUndefined();
    expect(bashSubcommands('x'.repeat(MAX_COMMAND_CHARS + 1))).toBeUndefined();
    expect(bashSubcommands('true && '.repeat(2000))).toBeUndefined(); // over 1000 subcommands
    expect(bashSubcommands(`${'$('.repeat(40)}x${')'.repeat(40)}`)).toBeUndefined(); // nested too deep
  });

  it('a command at the size limit is split in bounded time', () => {
    const message = `git commit -m "${'x '.repeat((MAX_COMMAND_CHARS - 20) / 2)}"`;
    const many = `${'git status && '.repeat(999)}ls`;
    const started = performance.now();
    expect(bashSubcommands(message)).toHaveLength(1);
    expect(bashSubcommands(many)).toHaveLength(1000);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('compileCommandPattern', () => {
  it.each([
    ['git *', 'git push', true],
    ['git *', 'git', true], // a single trailing ` *` is optional
    ['git *', 'gitk', false],
    ['git * main', 'git merge main', true],
    ['git * main', 'git merge dev', false],
    ['* install', 'npm install', true],
    ['ls*', 'lsof', true],
    ['ls *', 'lsof', false],
    ['git commit *', 'git commit -m some message', true],
    ['npm run test:*', 'npm run test', true],
    ['npm run test:*', 'npm run test --watch', true],
    ['npm run test:*', 'npm run testing', false],
    ['npm run build', 'npm run build', true],
    ['npm run build', 'npm run build:dev', false],
    ['echo \\*', 'echo *', true],
    ['echo \\*', 'echo x', false],
    ['a.b*', 'aXb', false], // regex characters are literal
    ['*', 'anything\nat all', true],
  ])('%j on %j → %s', (content, text, expected) => {
    expect(compileCommandPattern(content)(text)).toBe(expected);
  });
});
