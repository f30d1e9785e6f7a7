import type { Product } from '@app/contract';
import { useToast } from '../../../components/ui/useToast.ts';
import { COMPARE_MAX_ITEMS, toggleCompare, useCompareIds } from '../compare-store.ts';
import './compare-toggle.css';

/** The compare switch on a product card (spec §8 toasts 'Added To Compare' / 'Removed From Compare'). */
export function CompareToggle({ product }: { product: Pick<Product, 'id' | 'name'> }) {
  const toast = useToast();
  const selected = useCompareIds().includes(product.id);

  function toggle() {
    const outcome = toggleCompare(product.id);
    if (outcome === 'added') toast.success('Added To Compare');
    else if (outcome === 'removed') toast.success('Removed From Compare');
    else toast.info(`You can compare up to ${COMPARE_MAX_ITEMS} products: remove one first`);
  }

  return (
    <button
      type="button"
      className="compare-toggle"
      aria-pressed={selected}
      aria-label={`Compare: ${product.name}`}
      title={selected ? 'Remove from compare' : 'Add to compare'}
      onClick={toggle}
      data-testid="compare-toggle"
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M7 4v16M17 4v16M3 8h8M13 16h8" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        {selected && <circle cx="19" cy="5" r="3.5" fill="currentColor" />}
      </svg>
    </button>
  );
}
