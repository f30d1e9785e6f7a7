import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { SUPPORTED_CURRENCIES } from '@app/contract';
import { oneTimeCodes, users } from '../src/db/schema/index.ts';
import { json } from './helper.ts';
import { register, registerVerified } from './auth-helpers.ts';
import { adminCall, type TestOperator } from './admin-helpers.ts';
import { pickProducts } from './cart-helpers.ts';
import { placeOrder, quickBuyer } from './order-helpers.ts';
import { insertOrder } from './order-fixtures.ts';
import { PNG_BYTES, multipartBody } from './upload-helpers.ts';

const unique = () => Math.random().toString(36).slice(2, 10);

/** A valid new product: an offset priced in all seven currencies. */
export function newProductBody(overrides: Record<string, unknown> = {}) {
  return {
    name: `Mangrove restoration ${unique()}`,
    kind: 'offset',
    shortDescription: 'Restores mangroves. Protects coasts.',
    description: 'Mangroves store carbon in their soil for centuries.',
    prices: Object.fromEntries(SUPPORTED_CURRENCIES.map((currency) => [currency, { priceMinor: currency === 'JPY' ? 2000 : 1500, oldPriceMinor: null }])),
    stock: 100,
    countryCode: 'KE',
    vintage: 2024,
    registryProjectId: 'VCS 1234',
    sdgs: [13, 14],
    tags: ['blue carbon'],
    ...overrides,
  };
}

/** A PNG as the multipart body of an image upload. */
export function multipartImage() {
  return multipartBody([{ name: 'file', filename: 'photo.png', type: 'image/png', content: PNG_BYTES }]);
}

/** Records the admin routes act on, made through the API (and an order through the shop). */
export async function adminFixtures(app: FastifyInstance, owner: TestOperator) {
  const call = adminCall(app, owner.token);
  const ok = async (response: Awaited<ReturnType<typeof call>>) => {
    if (response.statusCode >= 300) throw new Error(`fixture failed: ${response.statusCode} ${response.body}`);
    return json(response).data;
  };
  const freshProduct = async (): Promise<string> => (await ok(await call('POST', '/products', newProductBody())))._id;
  const productId = await freshProduct();

  // A shopper who bought a product and reviewed it: the customer, order and review rows act on.
  const buyer = await quickBuyer(app);
  const bought = pickProducts(app).plain[0]!;
  await buyer.cart.patch({ products: [{ product: bought.id, quantity: 1 }] });
  const placed = await placeOrder(app, buyer.token);
  if (placed.status !== 200) throw new Error(`order failed: ${JSON.stringify(placed.body)}`);
  const orderId = placed.body.data._id as string;

  const reviewers: string[] = [];
  async function reviewId(): Promise<string> {
    const shopper = await quickBuyer(app);
    await shopper.cart.patch({ products: [{ product: bought.id, quantity: 1 }] });
    const order = await placeOrder(app, shopper.token);
    const review = await app.inject({ method: 'POST', url: '/api/v1/review', headers: { authorization: `Bearer ${shopper.token}` }, payload: { product: bought.id, order: order.body.data._id, rating: 5, comment: 'Works as promised.' } });
    if (review.statusCode !== 201) throw new Error(`review failed: ${review.body}`);
    reviewers.push(shopper.id);
    return json(review).data._id;
  }

  /** A paid order of `quantity` units of the bought product, placed through the shop (the test provider pays at once). */
  async function paidOrder(quantity = 1): Promise<string> {
    const shopper = await quickBuyer(app);
    await shopper.cart.patch({ products: [{ product: bought.id, quantity }] });
    const order = await placeOrder(app, shopper.token);
    if (order.status !== 200) throw new Error(`order failed: ${JSON.stringify(order.body)}`);
    return order.body.data._id;
  }

  return {
    productId,
    orderId,
    paidOrder,
    /** An order awaiting payment, written as the checkout writes one (the test provider pays at once). */
    pendingOrder: async (): Promise<string> => insertOrder(app, { userId: (await quickBuyer(app)).id, productIds: [bought.id], status: 'pending' }),
    customerId: buyer.id,
    boughtProductId: bought.id as string,
    newProduct: () => newProductBody(),
    freshProduct,
    async images(id: string, ensure = false): Promise<string[]> {
      let images = (await ok(await call('GET', `/products/${id}`))).images as { _id: string }[];
      if (images.length === 0 || ensure) {
        await app.inject({ method: 'POST', url: `/api/admin/v1/products/${id}/images`, headers: { authorization: `Bearer ${owner.token}`, ...multipartImage().headers }, payload: multipartImage().payload });
        images = (await ok(await call('GET', `/products/${id}`))).images;
      }
      return images.map((image) => image._id);
    },
    async importCsv(): Promise<string> {
      const csv = (await call('GET', '/products/export')).body;
      const lines = csv.split('\n');
      const header = lines[0]!;
      const row = lines.find((line) => line.startsWith(productId))!;
      const name = (await ok(await call('GET', `/products/${productId}`))).name as string;
      return `${header}\n${row.replace(`,${name},`, `,${name} (imported ${unique()}),`)}\n`;
    },
    operatorId: async (): Promise<string> => (await ok(await call('POST', '/operators', { email: `op.${unique()}@example.com`, role: 'staff' })))._id,
    categoryIds: async (): Promise<string[]> => (await ok(await call('GET', '/categories'))).map((c: { _id: string }) => c._id),
    async categoryId(): Promise<string> {
      const name = `Category ${unique()}`;
      const list = await ok(await call('POST', '/categories', { name }));
      return list.find((c: { name: string }) => c.name === name)._id;
    },
    tagIds: async (): Promise<string[]> => (await ok(await call('GET', '/tags'))).map((t: { _id: string }) => t._id),
    async tagId(): Promise<string> {
      const name = `tag-${unique()}`;
      const list = await ok(await call('POST', '/tags', { name }));
      return list.find((t: { name: string }) => t.name === name)._id;
    },
    couponId: async (): Promise<string> => (await ok(await call('POST', '/coupons', { code: `C${unique()}`.toUpperCase(), kind: 'amount', amountOffMinor: { USD: 500 } })))._id,
    reviewId,
    freshCustomer: async (): Promise<string> => (await registerVerified(app)).user._id,
    async unverifiedCustomer(): Promise<string> {
      const { email } = await register(app);
      const [row] = await app.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      // The sign-up's code went out a moment ago: date it back past the resend cooldown.
      await app.database.db.update(oneTimeCodes).set({ createdAt: new Date(Date.now() - 10 * 60_000) }).where(eq(oneTimeCodes.userId, row!.id));
      return row!.id;
    },
    issueId: async (): Promise<string> => (await ok(await call('POST', '/newsletter/issues', { subject: `Issue ${unique()}`, body: 'Hello.' })))._id,
  };
}
export type Fixtures = Awaited<ReturnType<typeof adminFixtures>>;
