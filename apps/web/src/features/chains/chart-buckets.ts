import type { ReferralPeriod } from '@app/contract/chains-rules';

/**
 * The stats calls answer only the periods that had something (`YYYY-MM-DD` of each period's
 * start, UTC). A bar chart needs every period of the window, empty ones as zero: this makes the
 * last `count` periods up to `now` and puts the answered values in them.
 */
export const BARS_PER_PERIOD: Record<ReferralPeriod, number> = { day: 14, week: 12, month: 12, year: 5 };

export interface Bucket {
  key: string;
  label: string;
  value: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The start (UTC) of the period holding `date`; weeks start on Monday, as PostgreSQL's date_trunc. */
export function periodStart(date: Date, period: ReferralPeriod): Date {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  if (period === 'week') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  if (period === 'month') d.setUTCDate(1);
  if (period === 'year') d.setUTCMonth(0, 1);
  return d;
}

function step(date: Date, period: ReferralPeriod, by: number): Date {
  const d = new Date(date);
  if (period === 'day') d.setUTCDate(d.getUTCDate() + by);
  if (period === 'week') d.setUTCDate(d.getUTCDate() + 7 * by);
  if (period === 'month') d.setUTCMonth(d.getUTCMonth() + by);
  if (period === 'year') d.setUTCFullYear(d.getUTCFullYear() + by);
  return d;
}

function label(date: Date, period: ReferralPeriod): string {
  if (period === 'year') return String(date.getUTCFullYear());
  if (period === 'month') return `${MONTHS[date.getUTCMonth()]} ${String(date.getUTCFullYear()).slice(2)}`;
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
}

export function buckets(period: ReferralPeriod, series: { period: string; value: number }[], now: Date, count = BARS_PER_PERIOD[period]): Bucket[] {
  const values = new Map<string, number>();
  for (const point of series) values.set(point.period, (values.get(point.period) ?? 0) + point.value);
  const last = periodStart(now, period);
  const out: Bucket[] = [];
  for (let i = count - 1; i >= 0; i -= 1) {
    const start = step(last, period, -i);
    const key = iso(start);
    out.push({ key, label: label(start, period), value: values.get(key) ?? 0 });
  }
  return out;
}

/** Bar heights as a share of the tallest (0..1); all zero when there is nothing. */
export function barShares(values: number[]): number[] {
  const max = Math.max(0, ...values);
  return values.map((value) => (max > 0 ? value / max : 0));
}

/**
 * The top of a chart's scale: the largest value rounded up to 1, 2, 2.5 or 5 times a power of
 * ten (so the half-way line is a round number too); 0 when there is nothing.
 */
export function niceMax(max: number): number {
  if (!(max > 0)) return 0;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= max - 1e-9)!;
  return step * power;
}
