import { useHydrated } from './use-hydrated.ts';
import { visitorLanguages } from './visitor-languages.ts';

/**
 * The web app's one date formatter (issue 26: the shop used four formats, and an order placed at
 * 23:40 in Amsterdam said "Placed on 25 Nov" in one place and 26 Nov in another).
 *
 * - One style for dates (`formatDate`: "26 Nov 2026" for en-GB, "Nov 26, 2026" for en-US) and one
 *   for date-times (`formatDateTime`: the date, the time and the time zone it is in), in the
 *   viewer's locale and time zone. `formatTime` is the date-time style without the date, for a
 *   moment later today.
 * - A calendar day someone typed (an event's days, a project's validity date) is a day, not an
 *   instant: `formatDay` shows it in the date style as typed, in no time zone.
 * - The server renders in a fixed locale and UTC and knows nothing of the viewer, so text it
 *   renders must hydrate identically: components on server-rendered pages use `useDateFormat()`,
 *   which keeps the fixed format until the page is live, then switches to the viewer's.
 *
 * No other file formats dates (lib/dates.test.ts checks the source).
 */

export interface DateFormatContext {
  locale: string | readonly string[] | undefined;
  /** undefined: the viewer's own time zone. */
  timeZone: string | undefined;
}

/** What the server renders with, and what hydration starts from. */
export const SERVER_DATE_CONTEXT: DateFormatContext = { locale: 'en-GB', timeZone: 'UTC' };

const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const LONG_DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, ...TIME };

/** The viewer's locale and zone in a browser; the server's fixed ones elsewhere. */
export function viewerDateContext(): DateFormatContext {
  if (typeof window === 'undefined') return SERVER_DATE_CONTEXT;
  const languages = visitorLanguages().filter((tag) => !tag.startsWith('und'));
  return { locale: languages.length > 0 ? [...languages] : undefined, timeZone: undefined };
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(options: Intl.DateTimeFormatOptions, context: DateFormatContext): Intl.DateTimeFormat {
  const key = JSON.stringify([options, context.locale, context.timeZone]);
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(context.locale as string | string[] | undefined, { ...options, timeZone: context.timeZone });
    } catch {
      // A locale tag or zone this browser does not know: its defaults, rather than no date.
      format = new Intl.DateTimeFormat(undefined, options);
    }
    formats.set(key, format);
  }
  return format;
}

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An instant's date: "26 Nov 2026". Unreadable input is shown as it came. */
export function formatDate(value: string | Date, context: DateFormatContext = viewerDateContext()): string {
  const date = toDate(value);
  return date ? formatter(DATE, context).format(date) : String(value);
}

/** An instant's date written out, for sentences: "3 December 2026". */
export function formatLongDate(value: string | Date, context: DateFormatContext = viewerDateContext()): string {
  const date = toDate(value);
  return date ? formatter(LONG_DATE, context).format(date) : String(value);
}

/** An instant's date and time with its zone: "26 Nov 2026, 00:40 CET". */
export function formatDateTime(value: string | Date, context: DateFormatContext = viewerDateContext()): string {
  const date = toDate(value);
  return date ? formatter(DATE_TIME, context).format(date) : String(value);
}

/** An instant's time with its zone: "00:40 CET". */
export function formatTime(value: string | Date, context: DateFormatContext = viewerDateContext()): string {
  const date = toDate(value);
  return date ? formatter(TIME, context).format(date) : String(value);
}

/** A calendar day ("2026-05-04", or the date part of an ISO date-time) in the date style, in no time zone. */
export function formatDay(day: string, context: DateFormatContext = viewerDateContext()): string {
  const date = toDate(`${day.slice(0, 10)}T00:00:00Z`);
  return date ? formatter(DATE, { locale: context.locale, timeZone: 'UTC' }).format(date) : day;
}

/**
 * A chart's bucket label for a calendar day or month it stands for ("2026-11-26" → "26 Nov";
 * with `month`, "2026-11-01" → "Nov 2026"), in no time zone, like `formatDay`.
 */
export function formatPeriod(day: string, unit: 'day' | 'month', context: DateFormatContext = viewerDateContext()): string {
  const date = toDate(`${day.slice(0, 10)}T00:00:00Z`);
  const options: Intl.DateTimeFormatOptions = unit === 'month' ? { month: 'short', year: 'numeric' } : { day: 'numeric', month: 'short' };
  return date ? formatter(options, { locale: context.locale, timeZone: 'UTC' }).format(date) : day;
}

/** The year of an instant in the viewer's zone (a footer's ©). */
export function yearOf(value: Date, context: DateFormatContext = viewerDateContext()): string {
  return formatter({ year: 'numeric' }, context).format(value);
}

/**
 * The formatters for a component that may be server-rendered: the server's fixed locale and
 * zone while the page hydrates, the viewer's once it is live.
 */
export function useDateFormat() {
  const context = useHydrated() ? viewerDateContext() : SERVER_DATE_CONTEXT;
  return {
    date: (value: string | Date) => formatDate(value, context),
    dateTime: (value: string | Date) => formatDateTime(value, context),
    time: (value: string | Date) => formatTime(value, context),
    day: (day: string) => formatDay(day, context),
  };
}
