import { describe, expect, it } from 'vitest';
import type { Product } from '@app/contract';
import { makeTestProduct } from '../../../test/product-fixture.ts';
import { planOffsetCart } from './offset-plan.ts';

const offset = (id: string, actualStock: number): Product => makeTestProduct(id, { kind: 'offset', actualStock, stock: actualStock, variation: [] });

describe('planOffsetCart', () => {
  it('rounds the gap up to whole tonnes and takes them from the first project with stock', () => {
    const plan = planOffsetCart([offset('a', 100), offset('b', 100)], 6_200);
    expect(plan.tonnesNeeded).toBe(7);
    expect(plan.lines.map((l) => [l.product.id, l.quantity])).toEqual([['a', 7]]);
    expect(plan.tonnesCovered).toBe(7);
  });

  it('moves on to the next project when one runs out, skipping sold-out projects and goods', () => {
    const goods = { ...offset('g', 100), kind: 'goods' as const };
    const plan = planOffsetCart([offset('sold-out', 0), goods, offset('a', 3), offset('b', 10)], 8_000);
    expect(plan.lines.map((l) => [l.product.id, l.quantity])).toEqual([['a', 3], ['b', 5]]);
  });

  it('says how much it could not cover, and plans nothing for no gap', () => {
    expect(planOffsetCart([offset('a', 2)], 5_000)).toMatchObject({ tonnesNeeded: 5, tonnesCovered: 2 });
    expect(planOffsetCart([offset('a', 2)], 0)).toEqual({ lines: [], tonnesNeeded: 0, tonnesCovered: 0 });
  });
});
