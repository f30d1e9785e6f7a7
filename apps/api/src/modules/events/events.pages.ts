import { page, type Page } from '../mailing-list/mailing-list.pages.ts';

/** The page the "Confirm my footprint" link opens (issue 23 item 5); answered by the API itself, so it works without the web app. */
export function footprintConfirmPage(outcome: 'confirmed' | 'gone' | 'account', eventName?: string): Page {
  const shop = { kind: 'link', url: '/', label: 'Go to Carbonwise' } as const;
  if (outcome === 'confirmed') {
    return page(200, { tone: 'ok', title: 'Your footprint is confirmed', lead: `It now counts in the totals of ${eventName ?? 'the event'} and in your own footprint history.`, action: shop });
  }
  if (outcome === 'account') {
    return page(409, {
      tone: 'warn',
      title: 'Sign in to change this footprint',
      lead: 'The account with this email address recorded its own footprint for this event, so a visitor’s record cannot replace it. Sign in to change it.',
      action: { kind: 'link', url: '/login', label: 'Sign in' },
    });
  }
  return page(410, { tone: 'warn', title: 'This link no longer works', lead: 'It was used already, a newer link replaced it, or it expired. Record your footprint again to get a new link.', action: shop });
}
