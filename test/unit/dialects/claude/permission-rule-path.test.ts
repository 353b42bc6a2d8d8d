// File-tool rule content: gitignore-style patterns against absolute paths, each of Claude Code's four bases.
import { describe, expect, it } from 'vitest';
import { MAX_PATH_CHARS, compilePathPattern } from '../../../../src/dialects/claude/permission-rule-path.js';

const bases = { root: '/repo', home: '/home/u' };
const cwd = '/repo';

describe('compilePathPattern', () => {
  it.each([
    ['src/**', '/repo/src/a/b.ts', true],
    ['src/**', 'src/a.ts', true], // relative to the cwd
    ['src/**', '/repo/lib/src/a.ts', false], // a single-segment dir/** is anchored (v2.1.214)
    ['src/**', '/repo/src', true],
    ['*.ts', '/repo/a/b/c.ts', true], // no slash: any depth below the cwd
    ['*.ts', '/repo/a.js', false],
    ['*.ts', '/elsewhere/a.ts', false], // outside the base
    ['.env', '/repo/pkg/.env', true],
    ['./.env', '/repo/pkg/.env', false],
    ['./.env', '/repo/.env', true],
    ['/src/**/*.ts', '/repo/src/x/y.ts', true],
    ['/src/**/*.ts', '/repo/other/src/y.ts', false],
    ['~/.ssh/*', '/home/u/.ssh/id_rsa', true],
    ['~/.ssh/*', '/repo/.ssh/id_rsa', false],
    ['//etc/**', '/etc/passwd', true],
    ['//etc/**', '/repo/etc/passwd', false],
    ['node_modules', '/repo/node_modules/x/index.js', true], // a matching directory covers its contents
    ['dist/', '/repo/dist/a.js', true],
    ['src/*.ts', '/repo/src/a/b.ts', false], // * stays within one segment
    ['{a,b}.ts', '/repo/a.ts', false], // no braces in gitignore
  ])('%j on %j → %s', (pattern, file, expected) => {
    expect(compilePathPattern(pattern, bases)(file, cwd)).toBe(expected);
  });

  it('relative patterns follow the session cwd', () => {
    expect(compilePathPattern('*.ts', bases)('/repo/pkg/a.ts', '/repo/pkg')).toBe(true);
    expect(compilePathPattern('src/**', bases)('/repo/src/a.ts', '/repo/pkg')).toBe(false);
    expect(compilePathPattern('/src/**', bases)('/repo/src/a.ts', '/repo/pkg')).toBe(true);
  });

  it('a path over the limit matches (fails open) without being matched', () => {
    expect(compilePathPattern('*.never', bases)(`/repo/${'a/'.repeat(MAX_PATH_CHARS)}`, cwd)).toBe(true);
    const deep = `/repo/${'a/'.repeat(1000)}x.ts`;
    const started = performance.now();
    expect(compilePathPattern('**/b/**/*.js', bases)(deep, cwd)).toBe(false);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
