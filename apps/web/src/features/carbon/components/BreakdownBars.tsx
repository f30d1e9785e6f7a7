import { formatTonnes } from '../state/format.ts';

export interface BarItem {
  key: string;
  label: string;
  /** kg CO2e */
  value: number;
  /** Marks a reference bar (country, world) rather than a part of the footprint. */
  tone?: 'accent' | 'muted' | 'reference';
}

/**
 * Horizontal bars in plain HTML/CSS: each bar's width is its share of the largest, and the
 * numbers are written out, so the chart reads the same to a screen reader as a list.
 */
export function BreakdownBars({ items, label }: { items: BarItem[]; label: string }) {
  const max = Math.max(...items.map((item) => item.value), 1);
  return (
    <ul className="bars" aria-label={label}>
      {items.map((item) => (
        <li key={item.key} className="bars__row" data-key={item.key}>
          <span className="bars__label">{item.label}</span>
          <span className="bars__track" aria-hidden="true">
            <span className={`bars__fill bars__fill--${item.tone ?? 'accent'}`} style={{ width: `${Math.max((item.value / max) * 100, 0.5)}%` }} />
          </span>
          <span className="bars__value" data-testid={`bar-${item.key}`}>
            {formatTonnes(item.value)}
          </span>
        </li>
      ))}
    </ul>
  );
}
