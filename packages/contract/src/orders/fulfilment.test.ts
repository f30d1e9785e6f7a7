import { describe, expect, it } from 'vitest';
import { lineState, trackingUrlFor } from './fulfilment.ts';

describe('a goods line’s state from its counts', () => {
  it.each([
    [{ quantity: 2, shipped: 0, delivered: 0, returned: 0 }, 'unfulfilled'],
    [{ quantity: 2, shipped: 1, delivered: 0, returned: 0 }, 'partially_shipped'],
    [{ quantity: 2, shipped: 1, delivered: 1, returned: 0 }, 'partially_shipped'],
    [{ quantity: 2, shipped: 2, delivered: 0, returned: 0 }, 'shipped'],
    [{ quantity: 2, shipped: 2, delivered: 1, returned: 0 }, 'shipped'],
    [{ quantity: 2, shipped: 2, delivered: 2, returned: 0 }, 'delivered'],
    [{ quantity: 2, shipped: 2, delivered: 2, returned: 1 }, 'delivered'],
    [{ quantity: 2, shipped: 2, delivered: 0, returned: 2 }, 'returned'],
    [{ quantity: 2, shipped: 1, delivered: 0, returned: 1 }, 'returned'],
    [{ quantity: 2, shipped: 0, delivered: 0, returned: 0, refunded: 2 }, 'refunded'],
    [{ quantity: 2, shipped: 0, delivered: 0, returned: 0, refunded: 1 }, 'unfulfilled'],
    [{ quantity: 2, shipped: 1, delivered: 0, returned: 0, refunded: 1 }, 'shipped'],
  ] as const)('%o → %s', (counts, state) => {
    expect(lineState(counts)).toBe(state);
  });
});

describe('tracking links', () => {
  it('fills the carrier’s template, whatever the carrier’s spelling, with the number encoded', () => {
    expect(trackingUrlFor('DHL', 'JD0146000062')).toBe('https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=JD0146000062');
    expect(trackingUrlFor('royal mail', 'AB 1234 5678 9GB')).toBe('https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB');
    expect(trackingUrlFor('Fed-Ex', '1234/5')).toBe('https://www.fedex.com/fedextrack/?trknbr=1234%2F5');
  });

  it('gives none for a carrier the shop does not know', () => {
    expect(trackingUrlFor('Village Courier', 'VC-42')).toBeNull();
  });
});
