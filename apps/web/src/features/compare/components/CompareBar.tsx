import { Suspense, lazy, useState } from 'react';
import { useCompareIds } from '../compare-store.ts';
import type { AddToCartFromCompare } from './CompareTable.tsx';
import './compare-bar.css';

// The popup (table, styles) is fetched when first opened, so the shop's first load stays small.
const loadPopup = () => import('./ComparePopup.tsx');
const ComparePopup = lazy(async () => ({ default: (await loadPopup()).ComparePopup }));

/**
 * The floating "Compare (n)" button, shown while the compare list holds something; it opens the
 * compare popup. Rendered once by the app layout, so it follows the shopper across pages.
 */
export function CompareBar({ onAddToCart }: { onAddToCart: AddToCartFromCompare }) {
  const count = useCompareIds().length;
  const [open, setOpen] = useState(false);
  // Keep the popup mounted after the first open so closing animates and reopening is instant.
  const [loaded, setLoaded] = useState(false);

  return (
    <>
      {count > 0 && (
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
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M7 4v16M17 4v16M3 8h8M13 16h8" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
          Compare ({count})
        </button>
      )}
      {loaded && (
        <Suspense fallback={null}>
          <ComparePopup open={open && count > 0} onOpenChange={setOpen} onAddToCart={onAddToCart} />
        </Suspense>
      )}
    </>
  );
}
