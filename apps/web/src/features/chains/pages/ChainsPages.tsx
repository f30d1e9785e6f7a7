/** The network and referral pages in one lazy module (routes.tsx): one import in the entry for both. */
export { NetworkPage } from './NetworkPage.tsx';
export { ReferralsPage } from './ReferralsPage.tsx';
