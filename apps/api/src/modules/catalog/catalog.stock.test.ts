import { describe, expect, it } from 'vitest';
import type { Product } from '@app/contract';
import { withStock } from './catalog.service.ts';

/** Only the fields withStock reads or writes matter here; the rest is carried over untouched. */
const plain = { id: 'p1', name: 'Cookstoves', stock: 10, actualStock: 7, variation: [] } as unknown as Product;
const varied = {
  id: 'p2',
  name: 'Tote bag',
  stock: 9,
  actualStock: 9,
  variation: [
    { _id: 'c1', name: 'Green', hex: '#0a0', stock: 5, sizes: [{ _id: 's1', name: 'S', stock: 2 }, { _id: 's2', name: 'M', stock: 3 }] },
    { _id: 'c2', name: 'Blue', hex: '#00a', stock: 4, sizes: [{ _id: 's3', name: 'S', stock: 4 }] },
  ],
} as unknown as Product;

describe('withStock: fresh stock patched into a product of the read model', () => {
  it('sets stock on hand and actualStock (unreserved, never below 0) of a product without sizes', () => {
    expect(withStock(plain, { id: 'p1', stock: 10, reserved: 4, sizes: [] })).toMatchObject({ name: 'Cookstoves', stock: 10, actualStock: 6 });
    expect(withStock(plain, { id: 'p1', stock: 2, reserved: 5, sizes: [] })).toMatchObject({ stock: 2, actualStock: 0 });
  });

  it('shows each size what can still be bought, each color the sum of its sizes, stock the units on hand', () => {
    const patched = withStock(varied, {
      id: 'p2',
      stock: 0,
      reserved: 0,
      sizes: [{ id: 's1', stock: 2, reserved: 2 }, { id: 's2', stock: 3, reserved: 1 }, { id: 's3', stock: 4, reserved: 0 }],
    })!;
    expect(patched.variation.map((color) => [color.stock, color.sizes.map((size) => size.stock)])).toEqual([[2, [0, 2]], [4, [4]]]);
    expect([patched.stock, patched.actualStock]).toEqual([9, 6]);
    // The read model's product is not changed in place.
    expect(varied.variation[0].sizes[0].stock).toBe(2);
  });

  it('refuses to patch when the sizes read differ from the product’s (then the product is reloaded whole)', () => {
    expect(withStock(varied, { id: 'p2', stock: 0, reserved: 0, sizes: [{ id: 's1', stock: 1, reserved: 0 }] })).toBeUndefined();
    expect(withStock(varied, { id: 'p2', stock: 0, reserved: 0, sizes: [{ id: 's1', stock: 1, reserved: 0 }, { id: 's2', stock: 1, reserved: 0 }, { id: 's3', stock: 1, reserved: 0 }, { id: 's4', stock: 1, reserved: 0 }] })).toBeUndefined();
    expect(withStock(plain, { id: 'p1', stock: 1, reserved: 0, sizes: [{ id: 's9', stock: 1, reserved: 0 }] })).toBeUndefined();
  });
});
