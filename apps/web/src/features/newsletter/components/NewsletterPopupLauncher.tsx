import { lazy, Suspense, useEffect, useState } from 'react';
import { markNewsletterHandled, newsletterHandled } from '../popup-flag.ts';

const NewsletterPopup = lazy(() => import('./NewsletterPopup.tsx').then((module) => ({ default: module.NewsletterPopup })));

/** How long a visitor is on the page before the invitation appears. */
export const POPUP_DELAY_MS = 20_000;
/** Leaving through the top of the window (exit intent) opens it sooner, but not in the first seconds. */
export const EXIT_INTENT_AFTER_MS = 5_000;

/**
 * Opens the newsletter popup once per visitor: after POPUP_DELAY_MS, or on exit intent, never
 * during the first paint (its code loads only then), never again once shown or once the visitor
 * subscribed inline (localStorage flag). Automated browsers (navigator.webdriver) never see it,
 * so it cannot get in the way of crawlers or of other pages' browser tests.
 */
export function NewsletterPopupLauncher({ delayMs = POPUP_DELAY_MS }: { delayMs?: number }) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (newsletterHandled() || navigator.webdriver) return;
    const startedAt = Date.now();
    const show = () => {
      if (newsletterHandled()) return;
      markNewsletterHandled();
      setOpen(true);
      cleanup();
    };
    const onMouseOut = (event: MouseEvent) => {
      if (!event.relatedTarget && event.clientY <= 0 && Date.now() - startedAt >= EXIT_INTENT_AFTER_MS) show();
    };
    const timer = setTimeout(show, delayMs);
    document.addEventListener('mouseout', onMouseOut);
    const cleanup = () => {
      clearTimeout(timer);
      document.removeEventListener('mouseout', onMouseOut);
    };
    return cleanup;
  }, [delayMs]);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <NewsletterPopup onClosed={() => setOpen(false)} />
    </Suspense>
  );
}
