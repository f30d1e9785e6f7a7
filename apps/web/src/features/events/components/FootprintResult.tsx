import { formatKg } from '../footprint-inputs.ts';

export interface ShownFootprint {
  totalKg: number;
  breakdown: Partial<Record<'travel' | 'accommodation' | 'catering', number>>;
  updatedAt: string;
}

const PARTS = [
  ['travel', 'Travel'],
  ['accommodation', 'Hotel'],
  ['catering', 'Meals'],
] as const;

/** An attendee's result: the total and its parts as bars of the total. */
export function FootprintResult({ footprint, fresh, pendingFor }: { footprint: ShownFootprint; fresh: boolean; pendingFor?: string | null }) {
  const total = footprint.totalKg;
  return (
    <section className="ev-result" aria-live="polite" data-testid="my-footprint">
      <p className="ev-eyebrow">{pendingFor ? 'Your footprint — waiting for you to confirm it' : fresh ? 'Your footprint was recorded' : 'Your recorded footprint'}</p>
      {pendingFor && (
        <p className="ev-muted" data-testid="footprint-pending">
          We sent a link to <strong>{pendingFor}</strong>. It counts in the event’s totals once you open that link and confirm it was you.
        </p>
      )}
      <p className="ev-result__total">{formatKg(total)}</p>
      <ul className="ev-bars">
        {PARTS.map(([key, label]) => {
          const value = footprint.breakdown[key] ?? 0;
          const share = total > 0 ? Math.round((value / total) * 100) : 0;
          return (
            <li key={key} className="ev-bars__row">
              <span className="ev-bars__label">{label}</span>
              <span className="ev-bars__track" aria-hidden="true">
                <span className="ev-bars__fill" style={{ width: `${share}%` }} />
              </span>
              <span className="ev-bars__value">
                {formatKg(value)} <span className="ev-muted">({share}%)</span>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
