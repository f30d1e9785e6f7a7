import { describe, expect, it } from 'vitest';
import { pooledRandomBytes, randomInto } from './random-pool.ts';

describe('the random pool', () => {
  it('never hands out the same bytes twice, across many refills of its 4 KiB', () => {
    // 3,000 draws of 12 bytes cross the pool's end about nine times, at every alignment.
    const draws = Array.from({ length: 3_000 }, () => pooledRandomBytes(12).toString('hex'));
    expect(new Set(draws).size).toBe(draws.length);
    for (const draw of draws) expect(draw).toHaveLength(24);
  });

  it('spreads its bytes evenly over all 256 values', () => {
    const counts = new Array<number>(256).fill(0);
    for (const byte of pooledRandomBytes(256 * 400)) counts[byte]! += 1;
    // 400 expected each; a uniform source stays within ±30% here (about 6 standard deviations).
    expect(Math.min(...counts)).toBeGreaterThan(280);
    expect(Math.max(...counts)).toBeLessThan(520);
  });

  it('fills only the length asked for, and serves a request larger than the pool', () => {
    const target = new Uint8Array(8);
    randomInto(target, 4);
    expect([...target.subarray(4)]).toEqual([0, 0, 0, 0]);
    const large = pooledRandomBytes(10_000);
    expect(large).toHaveLength(10_000);
    expect(new Set(large).size).toBeGreaterThan(200);
  });
});
