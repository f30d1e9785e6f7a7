import { useCallback } from 'react';
import type { Product } from '@app/contract';
import { useToast } from '../../components/ui/useToast.ts';
import { incrementCartCount } from '../../features/cart/cart-count-store.ts';

/**
 * Adding to the cart from any shop page. Carts come in a later issue; for now adding only counts
 * and confirms (spec §8 toast text). The app layer wires the cart and toast features together.
 */
export function useAddToCart(): (product: Product, choice?: { quantity?: number; colorId?: string; sizeId?: string }) => void {
  const toast = useToast();
  return useCallback(
    (_product: Product, _choice?: { quantity?: number; colorId?: string; sizeId?: string }) => {
      incrementCartCount();
      toast.success('Added to cart Successfully');
    },
    [toast],
  );
}
