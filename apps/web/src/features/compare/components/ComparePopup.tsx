import { useEffect } from 'react';
import type { Product } from '@app/contract';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { useDisplayCurrency } from '../../currency/currency-store.ts';
import { useProducts } from '../../products/api/use-catalog.ts';
import { useCompareIds } from '../compare-store.ts';
import { CompareTable, type AddToCartFromCompare } from './CompareTable.tsx';
import './compare-popup.css';

export interface ComparePopupProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAddToCart: AddToCartFromCompare;
}

/**
 * The compare popup of spec §2.5, loaded only when first opened (CompareBar). The products come
 * from the catalog list (with details), looked up by the ids the compare list holds; ids the
 * catalog no longer has are skipped. The popup closes itself once nothing is left to compare.
 */
export function ComparePopup({ open, onOpenChange, onAddToCart }: ComparePopupProps) {
  const ids = useCompareIds();
  const { data: catalog, isPending, isError, refetch } = useProducts();
  const currency = useDisplayCurrency();
  const byId = new Map((catalog ?? []).map((product) => [product.id, product]));
  const products = ids.map((id) => byId.get(id)).filter((product): product is Product => product !== undefined);
  const empty = ids.length === 0 || (catalog !== undefined && products.length === 0);

  useEffect(() => {
    if (open && empty) onOpenChange(false);
  }, [open, empty, onOpenChange]);

  return (
    <Dialog open={open && !empty} onOpenChange={onOpenChange} title={`Compare products (${products.length || ids.length})`} size="lg">
      {isPending && !catalog ? (
        <p role="status" className="compare__status">
          Loading the products…
        </p>
      ) : isError && !catalog ? (
        <div role="alert" className="compare__status">
          <p>Failed to fetch products</p>
          <button type="button" className="btn btn--secondary btn--md" onClick={() => void refetch()}>
            Retry
          </button>
        </div>
      ) : (
        <CompareTable products={products} currency={currency} onAddToCart={onAddToCart} />
      )}
    </Dialog>
  );
}
