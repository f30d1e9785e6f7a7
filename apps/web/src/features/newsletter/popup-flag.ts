/**
 * The popup shows once per visitor: this flag in localStorage records that it was shown (or
 * that the visitor already subscribed through the inline form, so it never needs to show).
 */
export const NEWSLETTER_POPUP_FLAG = 'newsletterPopupSeen';

export function newsletterHandled(): boolean {
  try {
    return localStorage.getItem(NEWSLETTER_POPUP_FLAG) !== null;
  } catch {
    // Storage blocked (privacy mode): better never to show it than to show it on every page.
    return true;
  }
}

export function markNewsletterHandled(): void {
  try {
    localStorage.setItem(NEWSLETTER_POPUP_FLAG, new Date().toISOString());
  } catch {
    // Nothing to remember with; newsletterHandled() already answers true then.
  }
}
