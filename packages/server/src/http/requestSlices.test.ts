import { describe, expect, it } from 'vitest';
import { createRequestSlices } from './requestSlices.js';

describe('request slices', () => {
  it("lets requests in one after the other; once a slice has run its time, the others go on in the next loop turn, after what the slice's requests sent", async () => {
    // Each request takes 1 ms on this clock, then sends its model request as undici does: in the next check phase.
    let clock = 0;
    const slices = createRequestSlices({ now: () => clock, sliceMs: 2 });
    const events: string[] = [];
    const request = async (name: string): Promise<void> => {
      await slices.enter();
      events.push(`in ${name}`);
      clock += 1;
      await new Promise<void>((resolve) =>
        setImmediate(() => {
          events.push(`sent ${name}`);
          resolve();
        }),
      );
    };
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map(request));
    expect(events).toEqual(['in a', 'in b', 'sent a', 'sent b', 'in c', 'in d', 'sent c', 'sent d', 'in e', 'sent e']);
  });

  it('never holds a request for another that waits on I/O', async () => {
    const slices = createRequestSlices({ now: () => 0 });
    const forever = new Promise<never>(() => undefined);
    const admitted: number[] = [];
    const request = async (n: number): Promise<void> => {
      await slices.enter();
      admitted.push(n);
      // The first waits on I/O that never ends: the others are let in all the same.
      if (n === 1) await forever;
    };
    for (const n of [1, 2, 3]) void request(n);
    await slices.enter();
    expect(admitted).toEqual([1, 2, 3]);
  });
});
