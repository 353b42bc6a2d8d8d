// The ACP proxy's line splitter: raw lines as they came, split across chunks, the size cap, the last line at end.
import { describe, expect, it } from 'vitest';
import { LineSplitter } from '../../src/acp/line-splitter.js';

function split(chunks: readonly string[], maxLineBytes = 1024) {
  const lines: string[] = [];
  const dropped: number[] = [];
  const splitter = new LineSplitter(maxLineBytes, { line: (bytes) => lines.push(bytes.toString('utf8')), dropped: (bytes) => dropped.push(bytes) });
  for (const chunk of chunks) splitter.push(Buffer.from(chunk));
  splitter.end();
  return { lines, dropped };
}

describe('LineSplitter', () => {
  it('gives each line without its newline, keeping every other byte (spaces, a trailing \\r)', () => {
    expect(split(['{"a": 1}\n', ' {"b":2} \r\n']).lines).toEqual(['{"a": 1}', ' {"b":2} \r']);
  });

  it('joins a line split across chunks, and several lines in one chunk', () => {
    expect(split(['{"a"', ':1}\n{"b":2}\n{"c"', ':3}\n']).lines).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
  });

  it('skips empty lines and reads a last line without a newline at the end of input', () => {
    expect(split(['\n\n{"a":1}\n\n{"b":2}']).lines).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('drops a line over the cap as it streams, reports its length, and goes on with the next line', () => {
    const long = 'x'.repeat(40);
    const { lines, dropped } = split([`${long.slice(0, 25)}`, `${long.slice(25)}\n{"ok":1}\n`], 32);
    expect(lines).toEqual(['{"ok":1}']);
    expect(dropped).toEqual([40]);
  });

  it('keeps a line of exactly the cap', () => {
    const exact = 'y'.repeat(32);
    expect(split([`${exact}\n`], 32).lines).toEqual([exact]);
  });
});
