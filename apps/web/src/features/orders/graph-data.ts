import type { OrderGraphPoint } from '@app/contract/orders';
import type { Currency } from '@app/contract/money';

export type GraphPeriod = 'month' | 'year';

export interface GraphRow {
  period: string;
  /** '2026-11' → 'Nov 2026'; a year stays as it is. */
  label: string;
  tonnes: number;
  orders: number;
  /** Spend per currency, keyed by the currency code; a currency not spent in that period is absent. */
  spend: Partial<Record<Currency, number>>;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function periodLabel(period: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  if (!match) return period;
  return `${MONTHS[Number(match[2]) - 1] ?? match[2]} ${match[1]}`;
}

/**
 * The graph call's points as chart rows, oldest first, and the currencies spent in. Amounts in
 * different currencies are never added: each currency is a series of its own.
 */
export function graphRows(points: readonly OrderGraphPoint[]): { rows: GraphRow[]; currencies: Currency[] } {
  const currencies: Currency[] = [];
  const rows = [...points]
    .sort((a, b) => a.period.localeCompare(b.period))
    .map((point) => {
      const spend: Partial<Record<Currency, number>> = {};
      for (const entry of point.spend) {
        if (!currencies.includes(entry.currency)) currencies.push(entry.currency);
        spend[entry.currency] = (spend[entry.currency] ?? 0) + entry.amount;
      }
      return { period: point.period, label: periodLabel(point.period), tonnes: point.tonnes, orders: point.orders, spend };
    });
  return { rows, currencies };
}
