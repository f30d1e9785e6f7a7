import { describe, expect, it } from 'vitest';
import { isInStock, shortDescriptionBullets } from './text.ts';
import { productListQuerySchema, productSlugParamsSchema } from './product.ts';

describe('product display rules (spec §2.6)', () => {
  it('splits the short description on full stops into bullets', () => {
    expect(shortDescriptionBullets('Protects rainforest. Verified by Verra.  Supports 400 families.')).toEqual([
      'Protects rainforest',
      'Verified by Verra',
      'Supports 400 families',
    ]);
    expect(shortDescriptionBullets('')).toEqual([]);
    expect(shortDescriptionBullets(null)).toEqual([]);
    expect(shortDescriptionBullets('No full stop at all')).toEqual(['No full stop at all']);
  });

  it('is out of stock at 0 or less', () => {
    expect(isInStock(0)).toBe(false);
    expect(isInStock(-2)).toBe(false);
    expect(isInStock(undefined)).toBe(false);
    expect(isInStock(1)).toBe(true);
  });
});

describe('catalog schemas', () => {
  it('accepts showDetails=1 and rejects other words', () => {
    expect(productListQuerySchema.safeParse({ showDetails: '1' }).success).toBe(true);
    expect(productListQuerySchema.safeParse({ showDetails: 'yes please' }).success).toBe(false);
    expect(productListQuerySchema.parse({ limit: '8' }).limit).toBe(8);
  });

  it('accepts only well-formed slugs', () => {
    expect(productSlugParamsSchema.safeParse({ slug: 'mangrove-restoration-kenya' }).success).toBe(true);
    expect(productSlugParamsSchema.safeParse({ slug: '../etc/passwd' }).success).toBe(false);
    expect(productSlugParamsSchema.safeParse({ slug: 'UPPER' }).success).toBe(false);
  });
});
