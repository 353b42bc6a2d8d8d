// coalescedWrites: calls made while a batch is being written go into the next batch together, in call order; each
// call settles with its own outcome; a failed batch rejects only its own calls.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { coalescedWrites } from '../../../src/trust/coalesced-writes.js';
import { scratchDir } from '../../helpers/scratch.js';

describe('coalescedWrites', () => {
  it('the first call is written alone; the 99 made while it is written are one batch, in call order', async () => {
    const batches: number[][] = [];
    const queue = coalescedWrites<number>(join(scratchDir('hookd-coalesce-'), 'store.json'), async (changes) => {
      batches.push([...changes]);
      await new Promise((resolve) => setImmediate(resolve));
    });
    const all = Array.from({ length: 100 }, (_, index) => queue(index));
    await Promise.all(all);
    expect(batches[0]).toEqual([0]);
    expect(batches.slice(1)).toEqual([Array.from({ length: 99 }, (_, index) => index + 1)]);
  });

  it('each call gets its own outcome: an Error rejects that call only, the others of the batch resolve', async () => {
    const queue = coalescedWrites<string>(join(scratchDir('hookd-coalesce-'), 'store.json'), async (changes) => changes.map((change) => (change === 'bad' ? new Error('bad change') : undefined)));
    const results = await Promise.allSettled([queue('a'), queue('bad'), queue('c')]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('bad change'));
  });

  it('a batch whose write throws rejects its calls, and the queue keeps working for the next call', async () => {
    let fail = true;
    const queue = coalescedWrites<string>(join(scratchDir('hookd-coalesce-'), 'store.json'), async () => {
      if (fail) throw new Error('EACCES: permission denied');
    });
    await expect(queue('x')).rejects.toThrow('EACCES: permission denied');
    fail = false;
    await expect(queue('y')).resolves.toBeUndefined();
  });
});
