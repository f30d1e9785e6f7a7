import type { BusinessEvent } from '@app/contract/events';

/** '2026-05-04' → '4 May 2026'; the day the owner typed, whatever the reader's time zone. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : date.toLocaleDateString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
}

export function formatDates(event: Pick<BusinessEvent, 'startDate' | 'endDate'>): string {
  return event.startDate === event.endDate ? formatDay(event.startDate) : `${formatDay(event.startDate)} – ${formatDay(event.endDate)}`;
}

/** The event's image at a fixed 16:9 ratio (no layout shift), or a calm placeholder with its initials. */
export function EventImage({ event, size = 'large' }: { event: Pick<BusinessEvent, 'imageUrl' | 'name'>; size?: 'large' | 'small' }) {
  const className = `ev-image ev-image--${size}`;
  if (event.imageUrl) return <img className={className} src={event.imageUrl} alt="" width={size === 'large' ? 960 : 160} height={size === 'large' ? 540 : 90} loading={size === 'small' ? 'lazy' : undefined} />;
  const initials = event.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  return (
    <div className={`${className} ev-image--placeholder`} aria-hidden="true">
      {initials}
    </div>
  );
}
