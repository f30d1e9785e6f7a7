import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatPeriod, formatTime, SERVER_DATE_CONTEXT } from './dates.ts';

/** 19:40 on 25 Nov 2026 in New York (EST, UTC−5): already 26 Nov in UTC and in Amsterdam. */
const LATE_EVENING = '2026-11-26T00:40:00.000Z';
const amsterdam = { locale: 'en-GB', timeZone: 'Europe/Amsterdam' };
const newYork = { locale: 'en-US', timeZone: 'America/New_York' };

describe('the date formatter', () => {
  it("shows an instant's date in the viewer's time zone: a late-evening order in New York is placed on the 25th", () => {
    expect(formatDate(LATE_EVENING, newYork)).toBe('Nov 25, 2026');
    expect(formatDate(LATE_EVENING, amsterdam)).toBe('26 Nov 2026');
    expect(formatDate(LATE_EVENING, SERVER_DATE_CONTEXT)).toBe('26 Nov 2026');
  });

  it('uses one style for dates and one for date-times, in the viewer\'s locale, naming the time zone', () => {
    expect(formatDateTime(LATE_EVENING, amsterdam)).toBe('26 Nov 2026, 01:40 CET');
    expect(formatDateTime(LATE_EVENING, SERVER_DATE_CONTEXT)).toBe('26 Nov 2026, 00:40 UTC');
    expect(formatDateTime(LATE_EVENING, newYork)).toBe('Nov 25, 2026, 07:40 PM EST');
    expect(formatTime(LATE_EVENING, amsterdam)).toBe('01:40 CET');
  });

  it('shows a calendar day as typed, whatever the time zone', () => {
    expect(formatDay('2026-05-04', newYork)).toBe('May 4, 2026');
    expect(formatDay('2026-05-04', { locale: 'en-GB', timeZone: 'Pacific/Kiritimati' })).toBe('4 May 2026');
    expect(formatDay('2030-12-31T00:00:00.000Z', amsterdam)).toBe('31 Dec 2030');
  });

  it('labels chart buckets by the day or month they stand for, whatever the zone', () => {
    expect(formatPeriod('2026-11-01', 'month', amsterdam)).toBe('Nov 2026');
    expect(formatPeriod('2026-11-26', 'day', amsterdam)).toBe('26 Nov');
    expect(formatPeriod('2026-01-01', 'month', { locale: 'en-GB', timeZone: 'America/Los_Angeles' })).toBe('Jan 2026');
  });

  it('shows unreadable input as it came rather than "Invalid Date"', () => {
    expect(formatDate('not a date', amsterdam)).toBe('not a date');
    expect(formatDay('soon', amsterdam)).toBe('soon');
  });
});

/** Source files of the web app, tests excluded. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('no other date formatting', () => {
  it('formats dates only in lib/dates.ts', () => {
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const forbidden = /toLocaleDateString|toLocaleTimeString|new Intl\.DateTimeFormat|Intl\.DateTimeFormat\((?!\)\.resolvedOptions)|dateStyle|timeStyle|Date\([^)]*\)\.toLocaleString/;
    const offenders = sources(src)
      .filter((file) => !file.endsWith(`${path.sep}lib${path.sep}dates.ts`))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, index) => ({ line, index }))
          .filter(({ line }) => forbidden.test(line))
          .map(({ index }) => `${path.relative(src, file)}:${index + 1}`),
      );
    expect(offenders).toEqual([]);
  });
});
