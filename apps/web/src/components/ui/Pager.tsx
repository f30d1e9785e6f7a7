import type { ReactNode } from 'react';
import { Button } from './Button.tsx';

/** Previous and next buttons around "Page n of m" for a list shown a page at a time; nothing when one page holds it all. */
export function Pager({
  page,
  pages,
  onPage,
  label,
  className,
  statusClassName,
  status,
  previousLabel = 'Previous',
  nextLabel = 'Next',
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** The navigation landmark's name, e.g. "Member pages". */
  label: string;
  className?: string;
  statusClassName?: string;
  /** What the middle says; "Page n of m" by default. */
  status?: ReactNode;
  previousLabel?: string;
  nextLabel?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav className={className} aria-label={label}>
      <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {previousLabel}
      </Button>
      <span className={statusClassName} aria-live="polite">
        {status ?? `Page ${page} of ${pages}`}
      </span>
      <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {nextLabel}
      </Button>
    </nav>
  );
}
