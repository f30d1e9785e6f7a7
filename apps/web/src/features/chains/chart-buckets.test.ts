import { describe, expect, it } from 'vitest';
import { barShares, buckets, niceMax, periodStart } from './chart-buckets.ts';

const NOW = new Date('2026-11-23T16:00:00Z'); // a Monday

describe('chart buckets for the referral stats', () => {
  it('starts periods as date_trunc does (weeks on Monday, UTC)', () => {
    expect(periodStart(new Date('2026-11-29T23:00:00Z'), 'week').toISOString().slice(0, 10)).toBe('2026-11-23');
    expect(periodStart(NOW, 'month').toISOString().slice(0, 10)).toBe('2026-11-01');
    expect(periodStart(NOW, 'year').toISOString().slice(0, 10)).toBe('2026-01-01');
  });

  it('makes every period of the window, oldest first, with answered values and zeros between', () => {
    const months = buckets('month', [{ period: '2026-11-01', value: 300 }, { period: '2026-09-01', value: 100 }, { period: '2020-01-01', value: 9 }], NOW);
    expect(months).toHaveLength(12);
    expect(months[11]).toEqual({ key: '2026-11-01', label: 'Nov 26', value: 300 });
    expect(months[10]!.value).toBe(0);
    expect(months[9]!.value).toBe(100);
    expect(months[0]!.key).toBe('2025-12-01');
    const days = buckets('day', [{ period: '2026-11-22', value: 2 }], NOW, 3);
    expect(days.map((d) => [d.key, d.label, d.value])).toEqual([['2026-11-21', '21 Nov', 0], ['2026-11-22', '22 Nov', 2], ['2026-11-23', '23 Nov', 0]]);
    expect(buckets('year', [], NOW).map((y) => y.label)).toEqual(['2022', '2023', '2024', '2025', '2026']);
    expect(buckets('week', [{ period: '2026-11-16', value: 1 }, { period: '2026-11-16', value: 2 }], NOW, 2)).toEqual([{ key: '2026-11-16', label: '16 Nov', value: 3 }, { key: '2026-11-23', label: '23 Nov', value: 0 }]);
  });

  it('scales bars to the tallest', () => {
    expect(barShares([0, 5, 10])).toEqual([0, 0.5, 1]);
    expect(barShares([0, 0])).toEqual([0, 0]);
    expect(barShares([])).toEqual([]);
  });
});

describe('the scale of a chart', () => {
  it('rounds the top up to a round number, so the half-way line is round too', () => {
    expect([0, 3, 7, 12, 1999, 2500, 0.3].map(niceMax)).toEqual([0, 5, 10, 20, 2000, 2500, 0.5]);
  });
});
