import type { BusinessEvent } from '@app/contract/events';
import { formatDay } from '../../../lib/dates.ts';

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
