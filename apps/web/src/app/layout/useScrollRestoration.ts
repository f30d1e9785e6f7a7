import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Scroll like a multi-page site (what React Router's <ScrollRestoration> did under the data
 * router): a new page starts at the top (or at its #anchor), Back and Forward and a reload return
 * to where the visitor was. Positions are kept per history entry in sessionStorage.
 */
const STORAGE_KEY = 'scroll-positions';

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {}; // storage disabled or garbled: nothing to restore
  }
}

function writePositions(positions: Record<string, number>): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    /* storage disabled or full: scrolling still works, only restoring does not */
  }
}

export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const currentKey = useRef(location.key);

  // The app restores positions itself; the browser's own restoring would fight it on Back.
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    let frame = 0;
    const remember = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => writePositions({ ...readPositions(), [currentKey.current]: window.scrollY }));
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', remember);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', remember);
      cancelAnimationFrame(frame);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    const saved = readPositions()[location.key];
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const anchor = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (anchor) anchor.scrollIntoView();
    // A change within a page (a catalog filter) says so in its state, and keeps the scroll.
    else if (navigationType !== 'POP' && !(location.state as { keepScroll?: boolean } | null)?.keepScroll) window.scrollTo(0, 0);
  }, [location.key, location.hash, location.state, navigationType]);
}
