import { describe, expect, it } from 'vitest';
import { SUPPORTED_CURRENCIES } from '../money/currencies.ts';
import {
  ADMIN_ROUTES,
  couponCreateBodySchema,
  mfaVerifyBodySchema,
  productCreateBodySchema,
  productListQuerySchema,
  stockChangeBodySchema,
} from './index.ts';

const prices = Object.fromEntries(SUPPORTED_CURRENCIES.map((currency) => [currency, { priceMinor: currency === 'JPY' ? 1500 : 1200 }]));
const product = { name: 'Kenya cookstoves', kind: 'offset', shortDescription: 'Cleaner air. Less wood.', description: 'Long text', prices };

describe('admin contract', () => {
  it('fills a new product with defaults and keeps every price in minor units', () => {
    const parsed = productCreateBodySchema.parse(product);
    expect(parsed.featured).toBe(false);
    expect(parsed.colors).toEqual([]);
    expect(parsed.prices.JPY).toEqual({ priceMinor: 1500, oldPriceMinor: null });
  });

  it('names the missing currency and a wrong old price', () => {
    const { JPY: _jpy, ...sixPrices } = prices;
    const missing = productCreateBodySchema.safeParse({ ...product, prices: sixPrices });
    expect(missing.error?.issues.map((issue) => issue.path.join('.'))).toContain('prices.JPY');
    const cheaperOld = productCreateBodySchema.safeParse({ ...product, prices: { ...prices, EUR: { priceMinor: 500, oldPriceMinor: 400 } } });
    expect(cheaperOld.error?.issues[0]).toMatchObject({ path: ['prices', 'EUR', 'oldPriceMinor'], message: 'The old price must be higher than the price' });
  });

  it('takes either a code or a recovery code to verify, never both', () => {
    expect(mfaVerifyBodySchema.safeParse({ code: '123456' }).success).toBe(true);
    expect(mfaVerifyBodySchema.parse({ recoveryCode: 'abcde-23456' })).toEqual({ recoveryCode: 'ABCDE23456' });
    expect(mfaVerifyBodySchema.safeParse({}).success).toBe(false);
    expect(mfaVerifyBodySchema.safeParse({ code: '123456', recoveryCode: 'ABCDE23456' }).success).toBe(false);
  });

  it('sets or adjusts stock, not both, with a reason', () => {
    expect(stockChangeBodySchema.safeParse({ set: 10, reason: 'restock' }).success).toBe(true);
    expect(stockChangeBodySchema.safeParse({ set: 10, adjust: 2, reason: 'restock' }).success).toBe(false);
    expect(stockChangeBodySchema.safeParse({ adjust: 0, reason: 'damaged' }).success).toBe(false);
    expect(stockChangeBodySchema.safeParse({ adjust: -2 }).error?.issues[0].path).toEqual(['reason']);
  });

  it('pages, sorts and filters lists from their query string', () => {
    expect(productListQuerySchema.parse({ page: '2', lowStock: 'true' })).toMatchObject({ page: 2, size: 20, sort: 'updatedAt', order: 'desc', status: 'active', lowStock: true });
    expect(productListQuerySchema.safeParse({ size: '1000' }).success).toBe(false);
    expect(productListQuerySchema.safeParse({ sort: 'password' }).success).toBe(false);
  });

  it('refuses a percentage coupon without a percentage', () => {
    expect(couponCreateBodySchema.safeParse({ code: 'SPRING', kind: 'percent' }).error?.issues[0].path).toEqual(['percentOff']);
  });

  it('lists each admin route once', () => {
    const keys = ADMIN_ROUTES.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
