import { describe, expect, it } from 'vitest';
import type { Product } from '@app/contract';
import { guestCartView } from './guest-cart-view.ts';

const price = (currency: string, priceMinor: number, exponent = 2) => ({ currency, currencySymbol: '', price: priceMinor / 10 ** exponent, oldPrice: null, priceMinor, oldPriceMinor: null });
const tee = {
  _id: 'p-2',
  name: 'Organic tee',
  slug: 'organic-tee',
  image: ['/tee.svg'],
  actualStock: 3,
  priceList: [price('USD', 1999), price('JPY', 2980, 0)],
  variation: [{ _id: 'c-1', name: 'Natural', hex: null, stock: 3, sizes: [{ _id: 's-1', name: 'M', stock: 3 }] }],
} as unknown as Product;
const brush = { _id: 'p-1', name: 'Bamboo toothbrush', slug: 'brush', image: [], actualStock: 9, priceList: [price('USD', 499)], variation: [] } as unknown as Product;

describe('the guest cart as the page shows it', () => {
  it('prices lines from the catalog in the display currency, exactly in minor units', () => {
    const view = guestCartView([{ product: 'p-2', quantity: 3, color: 'c-1', size: 's-1' }], [tee, brush], 'JPY');
    expect(view.lines).toEqual([
      expect.objectContaining({ name: 'Organic tee', variation: 'Natural, M', quantity: 3, inStock: 3, price: '2,980.00 JPY', lineTotal: '8,940.00 JPY', guest: { product: 'p-2', color: 'c-1', size: 's-1' } }),
    ]);
    expect(view.subTotal).toBe('8,940.00 JPY');
  });

  it('drops lines of products the catalog no longer has, and falls back to USD prices', () => {
    const view = guestCartView([{ product: 'gone', quantity: 1 }, { product: 'p-1', quantity: 3 }], [tee, brush], 'EUR');
    expect(view.lines.map((l) => l.name)).toEqual(['Bamboo toothbrush']);
    expect(view.subTotal).toBe('14.97 USD');
    expect(guestCartView([], [tee], 'USD').subTotal).toBeNull();
    // JPY for the tee, USD for the brush: no sub-total of mixed currencies.
    expect(guestCartView([{ product: 'p-1', quantity: 1 }, { product: 'p-2', quantity: 1, color: 'c-1', size: 's-1' }], [tee, brush], 'JPY').subTotal).toBeNull();
  });
});
