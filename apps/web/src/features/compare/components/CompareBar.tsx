import { Suspense, lazy, useEffect, useState } from 'react';
import { useCompareIds } from '../compare-store.ts';
import type { AddToCartFromCompare } from './CompareTable.tsx';
import './compare-bar.css';

// The popup (table, styles) is fetched when first opened, so the shop's first load stays small.
const loadPopup = () => import('./ComparePopup.tsx');
const ComparePopup = lazy(async () => ({ default: (await loadPopup()).ComparePopup }));

/**
 * The compare dock, shown while the compare list holds something; it opens the compare popup.
 * Rendered once by the app layout, so it follows the shopper across pages. Issue 26: the floating
 * button covered controls; now it is docked along the bottom edge and the page keeps that much
 * room below its content (`html[data-compare-dock]` in compare-bar.css, which also lifts the
 * phone's footprint bar above it), so it never covers anything. It can be hidden; it comes back
 * when the list changes.
 */
export function CompareBar({ onAddToCart }: { onAddToCart: AddToCartFromCompare }) {
  const ids = useCompareIds();
  const count = ids.length;
  const [open, setOpen] = useState(false);
  // Keep the popup mounted after the first open so closing animates and reopening is instant.
  const [loaded, setLoaded] = useState(false);
  const [hiddenFor, setHiddenFor] = useState<string | null>(null);
  const docked = count > 0 && hiddenFor !== ids.join();

  useEffect(() => {
    if (!docked) return;
    document.documentElement.dataset.compareDock = '';
    return () => {
      delete document.documentElement.dataset.compareDock;
    };
  }, [docked]);

  return (
    <>
      {docked && (
        <div className="compare-dock" role="region" aria-label="Compare products" data-testid="compare-dock">
          <div className="container compare-dock__inner">
            <p className="compare-dock__text">
              {count} {count === 1 ? 'product' : 'products'} to compare
            </p>
            <button
              type="button"
              className="compare-bar"
              onClick={() => {
                setLoaded(true);
                setOpen(true);
              }}
              onPointerEnter={() => void loadPopup()}
              onFocus={() => void loadPopup()}
              aria-haspopup="dialog"
              data-testid="compare-bar"
            >
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <path d="M7 4v16M17 4v16M3 8h8M13 16h8" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
              </svg>
              Compare ({count})
            </button>
            <button type="button" className="compare-dock__hide" aria-label="Hide the compare bar" onClick={() => setHiddenFor(ids.join())}>
              <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
                <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
              </svg>
            </button>
          </div>
        </div>
      )}
      {loaded && (
        <Suspense fallback={null}>
          <ComparePopup open={open && count > 0} onOpenChange={setOpen} onAddToCart={onAddToCart} />
        </Suspense>
      )}
    </>
  );
}
