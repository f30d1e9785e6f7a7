import { formatDate, formatTime } from '../../../lib/dates.ts';

/**
 * A date and time in a table cell on two lines (the date, then the time and zone, muted), so a
 * list with two of them (the orders' placed and paid) fits a 1280 px screen without scrolling.
 */
export function DateTimeCell({ iso }: { iso: string | null | undefined }) {
  if (!iso) return <>—</>;
  return (
    <time dateTime={iso} className="admin-nowrap">
      {formatDate(iso)}
      <span className="admin-muted admin-small admin-block">{formatTime(iso)}</span>
    </time>
  );
}
