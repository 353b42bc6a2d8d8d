// TurnWriteBatcher (src/write-batching.ts) on a real Writable that records how it was called: the first write of a
// turn goes straight through, later ones in the same turn leave together in one writev when the turn ends, in order.
import { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { TurnWriteBatcher, type Corkable } from '../../src/write-batching.js';

function recordingStream(): { stream: Writable; calls: string[][] } {
  const calls: string[][] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      calls.push([chunk.toString()]);
      callback();
    },
    writev(chunks, callback) {
      calls.push(chunks.map(({ chunk }) => (chunk as Buffer).toString()));
      callback();
    },
  });
  return { stream, calls };
}

describe('TurnWriteBatcher', () => {
  it('a lone write in a turn goes out at once, not corked', () => {
    const { stream, calls } = recordingStream();
    const batcher = new TurnWriteBatcher(stream);
    batcher.beforeWrite();
    stream.write('only');
    expect(calls).toEqual([['only']]);
    expect(stream.writableCorked).toBe(0);
  });

  it('the writes after the first in one turn leave together in one writev when the turn ends, in order', async () => {
    const { stream, calls } = recordingStream();
    const batcher = new TurnWriteBatcher(stream);
    for (const text of ['a', 'b', 'c', 'd']) {
      batcher.beforeWrite();
      stream.write(text);
    }
    expect(calls).toEqual([['a']]);
    expect(stream.writableCorked).toBe(1);
    await nextTurn();
    expect(calls).toEqual([['a'], ['b', 'c', 'd']]);
    expect(stream.writableCorked).toBe(0);
  });

  it('a new turn starts fresh: its first write is not held back by the last turn', async () => {
    const { stream, calls } = recordingStream();
    const batcher = new TurnWriteBatcher(stream);
    batcher.beforeWrite();
    stream.write('turn 1');
    await nextTurn();
    batcher.beforeWrite();
    stream.write('turn 2');
    expect(calls).toEqual([['turn 1'], ['turn 2']]);
  });

  it('a target without cork is written as before, one write at a time', () => {
    const written: string[] = [];
    const target: Corkable & { write(text: string): void } = { write: (text) => void written.push(text) };
    const batcher = new TurnWriteBatcher(target);
    for (const text of ['x', 'y']) {
      batcher.beforeWrite();
      target.write(text);
    }
    expect(written).toEqual(['x', 'y']);
  });
});
