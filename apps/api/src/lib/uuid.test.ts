import { describe, expect, it } from 'vitest';
import { uuidv7, uuidv7Millis } from './uuid.ts';

describe('uuidv7', () => {
  it('sorts in creation order even within one millisecond', () => {
    const ids = Array.from({ length: 5000 }, () => uuidv7());
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 10)) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('draws fresh random bits for every id, across refills of its random pool', () => {
    // 3000 ids use the 4 KiB pool ten times over; a pool that did not advance or refill repeats tails.
    const tails = Array.from({ length: 3000 }, () => uuidv7().slice(-12));
    expect(new Set(tails).size).toBe(tails.length);
    const sameMillisecond = Array.from({ length: 300 }, () => uuidv7(Date.UTC(2025, 0, 1)));
    expect(new Set(sameMillisecond).size).toBe(sameMillisecond.length);
  });

  it('carries an explicit time when given one', () => {
    const at = Date.UTC(2024, 0, 1);
    const id = uuidv7(at);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('gives back the creation time of a v7 id, and nothing for other ids', () => {
    const at = Date.UTC(2026, 10, 23, 7, 0, 0, 123);
    expect(uuidv7Millis(uuidv7(at))).toBe(at);
    expect(uuidv7Millis('9b2e4a3c-1f0d-4c5e-8a7b-6d5c4b3a2f10')).toBeUndefined();
    expect(uuidv7Millis('not-a-uuid')).toBeUndefined();
  });
});
