/** Business-event constants and pure rules without zod (subpath `@app/contract/events-rules`), for pages. */

/** Events are listed at most this many at a time. */
export const EVENT_LIST_MAX_PAGE_SIZE = 50;
export const EVENT_LIST_DEFAULT_PAGE_SIZE = 20;
/** The live view lists at most this many attendees (the totals always cover all of them). */
export const EVENT_LIVE_MAX_ATTENDEES = 500;
/** How often the owner's live footprint view asks again (TanStack Query refetchInterval). */
export const EVENT_LIVE_REFRESH_MS = 5_000;
/** An event image: PNG, JPEG or WebP by content, as every upload. */
export const EVENT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const EVENT_MAX_ATTENDEES = 1_000_000;

/** The components of an attendee's footprint (a subset of the event model's breakdown, packages/contract/src/carbon/event.ts). */
export const EVENT_FOOTPRINT_COMPONENTS = ['travel', 'accommodation', 'catering'] as const;
export type EventFootprintComponent = (typeof EVENT_FOOTPRINT_COMPONENTS)[number];

/** Where a conference code leads in the web app. */
export const eventPagePath = (conferanceCode: string) => `/events/${encodeURIComponent(conferanceCode)}`;

/** The spec §3 stored key the web keeps the last conference code under. */
export const CONFERENCE_CODE_KEY = 'conferenceCode';
