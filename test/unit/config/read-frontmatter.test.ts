// YAML frontmatter of Markdown files: found, located to lines of the Markdown file, and bounded.
import { describe, expect, it } from 'vitest';
import { locate } from '../../../src/config/json-locate.js';
import { MAX_FRONTMATTER_CHARS, parseFrontmatter } from '../../../src/config/read-frontmatter.js';

const ok = (text: string) => {
  const result = parseFrontmatter('/x/SKILL.md', text);
  if (result.status !== 'ok') throw new Error(`expected ok, got ${JSON.stringify(result)}`);
  return result.document;
};
const error = (text: string) => {
  const result = parseFrontmatter('/x/SKILL.md', text);
  if (result.status !== 'error') throw new Error(`expected an error, got ${result.status}`);
  return result.diagnostic;
};

describe('frontmatter', () => {
  it('the block between the --- lines is the value; fields locate to lines of the file', () => {
    const document = ok('\ufeff---\nname: deploy\nhooks:\n  Stop:\n    - hooks: []\n---\nbody: not yaml\n');
    expect(document.value).toEqual({ name: 'deploy', hooks: { Stop: [{ hooks: [] }] } });
    expect(locate(document, ['hooks', 'Stop'])).toEqual({ line: 4, column: 3 });
    expect(locate(document, ['hooks', 'Stop', 0])).toEqual({ line: 5, column: 7 });
    expect(locate(document, ['hooks', 'Stop', 0, 'missing'])).toEqual({ line: 5, column: 7 });
  });

  it('a file without frontmatter has no value; an unclosed one is an error', () => {
    expect(ok('# title\n---\na: 1\n---\n').value).toBeUndefined();
    expect(error('---\na: 1\n')).toMatchObject({ code: 'invalid-frontmatter', file: '/x/SKILL.md' });
  });

  it('invalid YAML is an error with its line in the file; duplicate keys too', () => {
    expect(error('---\na: 1\nb: [\n---\n')).toMatchObject({ severity: 'error', code: 'invalid-yaml' });
    expect(error('---\na: 1\na: 2\n---\n')).toMatchObject({ code: 'invalid-yaml', line: 3 });
  });

  it('an alias bomb, a self-referencing alias, deep nesting and an oversized block are refused, never a hang or a crash', () => {
    let bomb = 'a: &a [x,x,x,x,x,x,x,x,x,x]\n';
    for (let i = 0; i < 9; i++) bomb += `b${i}: &b${i} [${Array(10).fill(`*${i === 0 ? 'a' : `b${i - 1}`}`).join(',')}]\n`;
    expect(error(`---\n${bomb}---\n`).code).toBe('invalid-yaml');
    expect(error('---\na: &a [*a, *a]\n---\n').code).toBe('too-deep');
    expect(error(`---\na: ${'['.repeat(200)}${']'.repeat(200)}\n---\n`).code).toMatch(/too-deep|invalid-yaml/);
    expect(error(`---\na: "${'x'.repeat(MAX_FRONTMATTER_CHARS)}"\n---\n`).code).toBe('frontmatter-too-large');
  });
});
