/** The event pages in one lazy module: both routes (routes.tsx) load this file. */
export { EventPage } from './EventPage.tsx';
export { MyEventsPage } from './MyEventsPage.tsx';
