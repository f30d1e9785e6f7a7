/** What the business pages place: the owner's events panel and the member's list of their employer's events. */
export { BusinessEventsPanel } from './components/BusinessEventsPanel.tsx';
export { EmployerEventsList } from './components/EmployerEventsList.tsx';
