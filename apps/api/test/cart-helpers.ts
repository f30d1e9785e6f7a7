import type { FastifyInstance } from 'fastify';
import type { Product } from '@app/contract';
import { bearer } from './auth-helpers.ts';
import { json } from './helper.ts';

/** Cart calls as a signed-in person makes them. */
export function cartClient(app: FastifyInstance, token: string) {
  const call = async (method: 'GET' | 'PATCH' | 'DELETE' | 'POST', url: string, payload?: unknown) => {
    const response = await app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });
    return { status: response.statusCode, body: json(response) };
  };
  return {
    get: () => call('GET', '/api/v1/carts'),
    patch: (payload: unknown) => call('PATCH', '/api/v1/carts', payload),
    clear: () => call('DELETE', '/api/v1/carts'),
    remove: (cartItemId: string) => call('PATCH', `/api/v1/carts/${cartItemId}/remove`, { getStripeCoupon: false }),
    express: (payload: unknown) => call('PATCH', '/api/v1/calculate-express-checkout', payload),
    coupon: (code: string) => call('GET', `/api/v1/coupons/${encodeURIComponent(code)}`),
    apply: (code: string) => call('POST', `/api/v1/coupons/${encodeURIComponent(code)}/apply`, { type: 'regular', getStripeCoupon: false }),
    unapply: () => call('PATCH', '/api/v1/coupons/unapply'),
  };
}

export const priceIn = (product: Product, currency: string) => product.priceList.find((entry) => entry.currency === currency)!.priceMinor;

/** Products of the seeded catalog for cart tests: plain ones (no variations) and one with colors and sizes. */
export function pickProducts(app: FastifyInstance) {
  const all = app.catalog.snapshot().products;
  const plain = all.filter((p) => p.variation.length === 0 && p.stock >= 50);
  const varied = all.find((p) => p.variation.length > 0 && p.variation[0].sizes.some((s) => s.stock > 2))!;
  return { plain, varied, all };
}
