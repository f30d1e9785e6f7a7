import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Product } from '@app/contract';
import { CARD_CHARGE_MAX_MINOR, isWithinCardRange } from '@app/contract/cart';
import { createCatalogWrites, type CatalogWrites } from '../src/modules/catalog/catalog.writes.ts';
import { bearer, registerVerified } from './auth-helpers.ts';
import { cartClient, pickProducts, priceIn } from './cart-helpers.ts';
import { createTestApp, json } from './helper.ts';
import { createEventOfNewBusiness } from './business-helpers.ts';

let app: FastifyInstance;
let writes: CatalogWrites;
let plain: Product[];
let varied: Product;

async function newShopper() {
  const { token, user } = await registerVerified(app);
  return { token, userId: user._id as string, cart: cartClient(app, token) };
}

beforeAll(async () => {
  app = await createTestApp();
  writes = createCatalogWrites(app.database.db, app.catalog);
  ({ plain, varied } = pickProducts(app));
});
afterAll(async () => {
  await app.close();
});

describe('who may use the cart', () => {
  it('answers 401 without a token on every cart call', async () => {
    const calls = [
      { method: 'GET', url: '/api/v1/carts' },
      { method: 'PATCH', url: '/api/v1/carts', payload: { products: [] } },
      { method: 'DELETE', url: '/api/v1/carts' },
      { method: 'PATCH', url: '/api/v1/carts/0190a0a0-0000-7000-8000-000000000000/remove', payload: {} },
      { method: 'PATCH', url: '/api/v1/calculate-express-checkout', payload: { products: [{ product: plain[0].id, quantity: 1 }] } },
    ] as const;
    for (const call of calls) {
      const response = await app.inject(call);
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(json(response).success).toBe(false);
    }
  });
});

describe('the cart', () => {
  it('starts empty, in the account currency, with every field of spec §7', async () => {
    const { cart } = await newShopper();
    const { status, body } = await cart.get();
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      _id: null,
      products: [],
      itemCount: 0,
      currency: 'USD',
      temporaryCheckoutCurrency: 'USD',
      subTotal: 0,
      discount: 0,
      discountUnit: null,
      orderTotal: 0,
      orderTotalWithinStripeRange: false,
      coupon: null,
      couponType: null,
      stripePaymentCouponId: null,
      stripeSubscriptionCouponId: null,
      type: 'regular',
    });
  });

  it('prices lines from the price list; adding again raises the quantity; quantity 0 removes the line', async () => {
    const { cart } = await newShopper();
    const [a, b] = plain;
    let { status, body } = await cart.patch({ products: [{ product: a.id, quantity: 2 }] });
    expect(status).toBe(200);
    expect(body.message).toBe('Added to cart Successfully');
    ({ body } = await cart.patch({ products: [{ product: a.id, quantity: 3 }, { product: b.id, quantity: 1 }] }));
    const lines = body.data.products;
    expect(lines).toHaveLength(2);
    const lineA = lines.find((l: any) => l.product._id === a.id);
    expect(lineA.quantity).toBe(5);
    expect(lineA.priceMinor).toBe(priceIn(a, 'USD'));
    expect(body.data.subTotalMinor).toBe(5 * priceIn(a, 'USD') + priceIn(b, 'USD'));
    expect(body.data.orderTotalMinor).toBe(body.data.subTotalMinor);
    expect(body.data.subTotal).toBeCloseTo(body.data.subTotalMinor / 100, 10);
    expect(body.data.orderTotalWithinStripeRange).toBe(true);
    expect(body.data.itemCount).toBe(2);

    ({ status, body } = await cart.patch({ products: [{ product: a.id, quantity: 0 }] }));
    expect(status).toBe(200);
    expect(body.message).toBe('Item Removed from cart');
    expect(body.data.products.map((l: any) => l.product._id)).toEqual([b.id]);
  });

  it('ignores any price a client sends: a price field is refused', async () => {
    const { cart } = await newShopper();
    const { status } = await cart.patch({ products: [{ product: plain[0].id, quantity: 1, price: 0.01 }] });
    expect(status).toBe(400);
  });

  it('needs a color and size for products with variations, and keeps one line per size', async () => {
    const { cart } = await newShopper();
    const color = varied.variation[0];
    const [size1, size2] = color.sizes;
    let { status, body } = await cart.patch({ products: [{ product: varied.id, quantity: 1 }] });
    expect(status).toBe(400);
    expect(body.message).toBe(`Please choose a color and a size of ${varied.name}`);
    ({ status, body } = await cart.patch({ products: [{ product: varied.id, quantity: 1, color: color._id, size: varied.variation[1]?.sizes[0]._id ?? plain[0].id }] }));
    expect(status).toBe(400);
    ({ status, body } = await cart.patch({ products: [{ product: plain[0].id, quantity: 1, color: color._id, size: size1._id }] }));
    expect(status).toBe(400);
    expect(body.message).toBe(`${plain[0].name} has no colors or sizes to choose`);

    await writes.setSizeStock(size1._id, 10);
    await writes.setSizeStock(size2._id, 10);
    await cart.patch({ products: [{ product: varied.id, quantity: 1, color: color._id, size: size1._id }] });
    await cart.patch({ products: [{ product: varied.id, quantity: 2, color: color._id, size: size1._id }] });
    ({ body } = await cart.patch({ products: [{ product: varied.id, quantity: 1, color: color._id, size: size2._id }] }));
    const lines = body.data.products;
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ quantity: 3, color: { _id: color._id, name: color.name }, size: { _id: size1._id, name: size1.name }, inStock: 10 });
    expect(lines[1]).toMatchObject({ quantity: 1, size: { _id: size2._id } });
  });

  it('refuses more than is in stock with the product and how many are left', async () => {
    const { cart } = await newShopper();
    const product = plain[2];
    await writes.setStock(product.id, 3);
    expect((await cart.patch({ products: [{ product: product.id, quantity: 2 }] })).status).toBe(200);
    const { status, body } = await cart.patch({ products: [{ product: product.id, quantity: 2 }] });
    expect(status).toBe(409);
    expect(body.code).toBe('CART_OUT_OF_STOCK');
    expect(body.message).toBe(`Only 3 of ${product.name} are left in stock; you already have 2 in your cart`);
    // The refused change wrote nothing.
    expect((await cart.get()).body.data.products[0].quantity).toBe(2);

    // The variation's own stock counts, not the product's total.
    const color = varied.variation[0];
    const size = color.sizes[color.sizes.length - 1];
    await writes.setSizeStock(size._id, 0);
    const refused = await cart.patch({ products: [{ product: varied.id, quantity: 1, color: color._id, size: size._id }] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`${varied.name} (${color.name}, ${size.name}) is out of stock`);

    // Lowering a quantity is allowed even when stock fell below it since.
    await writes.setStock(product.id, 1);
    const line = (await cart.get()).body.data.products[0];
    const lowered = await cart.patch({ checkout: true, products: [{ product: product.id, cartItemId: line.cartItemId, quantity: 1 }] });
    expect(lowered.status).toBe(200);
    await writes.setStock(product.id, 1000);
  });

  it('answers 404 for a product that does not exist', async () => {
    const { cart } = await newShopper();
    const { status, body } = await cart.patch({ products: [{ product: '0190a0a0-0000-7000-8000-000000000000', quantity: 1 }] });
    expect(status).toBe(404);
    expect(body.message).toMatch(/product was not found/);
  });

  it('with the checkout flag sets quantities by cartItemId; 0 removes the line', async () => {
    const { cart } = await newShopper();
    const [a, b] = plain;
    const { body } = await cart.patch({ products: [{ product: a.id, quantity: 1 }, { product: b.id, quantity: 4 }] });
    const [lineA, lineB] = body.data.products;
    const set = await cart.patch({ checkout: true, products: [{ product: a.id, cartItemId: lineA.cartItemId, quantity: 7 }, { product: b.id, cartItemId: lineB.cartItemId, quantity: 3 }] });
    expect(set.status).toBe(200);
    expect(set.body.data.products.map((l: any) => l.quantity)).toEqual([7, 3]);
    const decreased = await cart.patch({ checkout: true, products: [{ product: b.id, cartItemId: lineB.cartItemId, quantity: 0 }] });
    expect(decreased.body.data.products.map((l: any) => l.cartItemId)).toEqual([lineA.cartItemId]);

    const mismatch = await cart.patch({ checkout: true, products: [{ product: b.id, cartItemId: lineA.cartItemId, quantity: 1 }] });
    expect(mismatch.status).toBe(400);
    const withoutFlag = await cart.patch({ products: [{ product: a.id, cartItemId: lineA.cartItemId, quantity: 1 }] });
    expect(withoutFlag.status).toBe(400);
  });

  it("never reaches another person's cart lines (404)", async () => {
    const owner = await newShopper();
    const other = await newShopper();
    const { body } = await owner.cart.patch({ products: [{ product: plain[0].id, quantity: 1 }] });
    const itemId = body.data.products[0].cartItemId;
    const removed = await other.cart.remove(itemId);
    expect(removed.status).toBe(404);
    const set = await other.cart.patch({ checkout: true, products: [{ product: plain[0].id, cartItemId: itemId, quantity: 5 }] });
    expect(set.status).toBe(404);
    expect((await owner.cart.get()).body.data.products[0].quantity).toBe(1);
  });

  it('removes one line by its cartItemId, and answers 404 for an unknown one', async () => {
    const { cart } = await newShopper();
    const { body } = await cart.patch({ products: [{ product: plain[0].id, quantity: 1 }, { product: plain[1].id, quantity: 1 }] });
    const removed = await cart.remove(body.data.products[0].cartItemId);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Item Removed from cart');
    expect(removed.body.data.products).toHaveLength(1);
    expect((await cart.remove(body.data.products[0].cartItemId)).status).toBe(404);
    expect((await cart.remove('not-an-id')).status).toBe(400);
  });

  it('clears everything with DELETE, the coupon and event ties included', async () => {
    const { cart } = await newShopper();
    const event = await createEventOfNewBusiness(app, 'Climate 2026');
    await cart.patch({ products: [{ product: plain[0].id, quantity: 3 }], conferanceCode: event.conferanceCode, eventOwnerOrder: true, businessEventUserId: '0190a0a0-0000-7000-8000-000000000001' });
    expect((await cart.apply('welcome10')).status).toBe(200);
    const { status, body } = await cart.clear();
    expect(status).toBe(200);
    expect(body.message).toBe('Removed All From Cart');
    expect(body.data).toMatchObject({ products: [], coupon: null, discount: 0, discountUnit: null, conferanceCode: null, eventOwnerOrder: false, businessEventUserId: null, orderTotal: 0 });
  });

  it('stores and returns the event fields', async () => {
    const { cart } = await newShopper();
    const event = await createEventOfNewBusiness(app);
    const { body } = await cart.patch({ products: [], conferanceCode: event.conferanceCode.toLowerCase(), eventOwnerOrder: true, businessEventUserId: '0190a0a0-0000-7000-8000-000000000002' });
    expect(body.data).toMatchObject({ conferanceCode: event.conferanceCode, eventOwnerOrder: true, businessEventUserId: '0190a0a0-0000-7000-8000-000000000002' });
    expect((await cart.get()).body.data.conferanceCode).toBe(event.conferanceCode);
  });
});

describe('currencies', () => {
  it('re-prices the cart in JPY (no decimals) and in EUR with updateCurrency', async () => {
    const { cart } = await newShopper();
    const [a, b] = plain;
    await cart.patch({ products: [{ product: a.id, quantity: 3 }, { product: b.id, quantity: 1 }] });
    const jpy = await cart.patch({ products: [], updateCurrency: 'JPY' });
    expect(jpy.status).toBe(200);
    const yen = 3 * priceIn(a, 'JPY') + priceIn(b, 'JPY');
    expect(jpy.body.data).toMatchObject({ currency: 'JPY', temporaryCheckoutCurrency: 'JPY', currencySymbol: '¥', subTotalMinor: yen, subTotal: yen, orderTotal: yen });
    expect(Number.isInteger(jpy.body.data.orderTotal)).toBe(true);
    expect(jpy.body.data.products[0]).toMatchObject({ price: priceIn(a, 'JPY'), lineTotal: 3 * priceIn(a, 'JPY') });
    // The cart keeps its currency.
    expect((await cart.get()).body.data.currency).toBe('JPY');

    const eur = await cart.patch({ updateCurrency: 'EUR' });
    const cents = 3 * priceIn(a, 'EUR') + priceIn(b, 'EUR');
    expect(eur.body.data).toMatchObject({ currency: 'EUR', subTotalMinor: cents, orderTotalMinor: cents });
    expect(eur.body.data.subTotal).toBeCloseTo(cents / 100, 10);

    expect((await cart.patch({ updateCurrency: 'XYZ' })).status).toBe(400);
  });

  it("judges the card provider's range per currency (minimum and eight-digit maximum)", () => {
    expect(isWithinCardRange(49, 'JPY')).toBe(false);
    expect(isWithinCardRange(50, 'JPY')).toBe(true);
    expect(isWithinCardRange(29, 'GBP')).toBe(false);
    expect(isWithinCardRange(30, 'GBP')).toBe(true);
    expect(isWithinCardRange(399, 'CNY')).toBe(false);
    expect(isWithinCardRange(CARD_CHARGE_MAX_MINOR, 'USD')).toBe(true);
    expect(isWithinCardRange(CARD_CHARGE_MAX_MINOR + 1, 'USD')).toBe(false);
  });

  it('a new cart starts in the currency of the account', async () => {
    const { token, cart } = await newShopper();
    await app.inject({ method: 'POST', url: '/api/auth/set-currency', headers: bearer(token), payload: { currency: 'GBP', level: 2 } });
    const { body } = await cart.patch({ products: [{ product: plain[0].id, quantity: 1 }] });
    expect(body.data.currency).toBe('GBP');
    expect(body.data.subTotalMinor).toBe(priceIn(plain[0], 'GBP'));
  });
});
