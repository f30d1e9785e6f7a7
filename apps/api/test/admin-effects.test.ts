import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { eq } from 'drizzle-orm';
import { oneTimeCodes, users } from '../src/db/schema/index.ts';
import { createTestApp, json } from './helper.ts';
import { bearer, login, mailTo, PASSWORD, register, registerVerified } from './auth-helpers.ts';
import { ADMIN, adminCall, signedInOperator } from './admin-helpers.ts';
import { newProductBody } from './admin-fixtures.ts';
import { placeOrder, quickBuyer, redirectingProvider } from './order-helpers.ts';

/**
 * What the console's writes do beyond answering 2xx (issue 24, audited point by point): colours
 * and sizes with their own stock, categories and tags renamed, reordered and merged, a coupon's
 * paid and pending uses, a review shown again, the verification mail sent again, and a locked
 * operator's admin session.
 */
const app = await createTestApp({ env: { RATE_LIMIT_AUTH_MAX: '100000', ORDER_RATE_LIMIT_MAX: '100000' }, paymentProvider: redirectingProvider() });
const owner = await signedInOperator(app, 'owner');
const call = adminCall(app, owner.token);
afterAll(() => app.close());

const storefront = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const product = async (slug: string) => json(await storefront(`/api/v1/productBySlug/${slug}`)).data;
const unique = () => Math.random().toString(36).slice(2, 8);

describe('colours and sizes', () => {
  it('each size keeps its own stock and ledger; the shop shows them; an edit adds a size with its first stock', async () => {
    const slug = `organic-tee-${unique()}`;
    const body = newProductBody({
      slug,
      kind: 'goods',
      unit: 'item',
      colors: [
        { name: 'Forest', hex: '#1F6F3B', sizes: [{ name: 'S', stock: 4 }, { name: 'M', stock: 7 }] },
        { name: 'Sand', hex: '#D8C8A8', sizes: [{ name: 'M', stock: 2 }] },
      ],
    });
    const created = await call('POST', '/products', body);
    expect(created.statusCode, created.body).toBe(201);
    const admin = json(created).data;
    expect(admin.colors.map((c: { name: string; sizes: { name: string; stock: number }[] }) => [c.name, c.sizes.map((s) => [s.name, s.stock])])).toEqual([
      ['Forest', [['S', 4], ['M', 7]]],
      ['Sand', [['M', 2]]],
    ]);
    expect(admin.stock).toBe(13);

    const shown = await product(slug);
    expect(shown.variation.map((c: { name: string; hex: string; sizes: { name: string; stock: number }[] }) => [c.name, c.hex, c.sizes.map((s) => s.stock)])).toEqual([
      ['Forest', '#1F6F3B', [4, 7]],
      ['Sand', '#D8C8A8', [2]],
    ]);

    const medium = admin.colors[0].sizes[1]._id as string;
    const changed = await call('POST', `/products/${admin._id}/stock`, { sizeId: medium, adjust: 5, reason: 'restock' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(json(changed).data.levels.find((l: { sizeId: string }) => l.sizeId === medium)).toMatchObject({ label: 'Forest / M', stock: 12 });
    expect((await product(slug)).variation[0].sizes[1].stock).toBe(12);
    const ledger = json(await call('GET', `/products/${admin._id}/stock`)).data.ledger as { label: string; reason: string; delta: number; resultingStock: number }[];
    expect(ledger.map((e) => [e.label, e.reason, e.delta, e.resultingStock])).toEqual(
      expect.arrayContaining([
        ['Forest / M', 'restock', 5, 12],
        ['Forest / M', 'initial', 7, 7],
        ['Forest / S', 'initial', 4, 4],
        ['Sand / M', 'initial', 2, 2],
      ]),
    );

    // An edit keeps existing sizes (by id, with their stock) and adds a new one with its first stock.
    const colors = admin.colors.map((c: { _id: string; name: string; hex: string; sizes: { _id: string; name: string }[] }) => ({ _id: c._id, name: c.name, hex: c.hex, sizes: c.sizes.map((s) => ({ _id: s._id, name: s.name })) }));
    colors[1].sizes.push({ name: 'L', stock: 3 });
    const edited = await call('PATCH', `/products/${admin._id}`, { colors });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await product(slug)).variation.map((c: { sizes: { name: string; stock: number }[] }) => c.sizes.map((s) => [s.name, s.stock]))).toEqual([
      [['S', 4], ['M', 12]],
      [['M', 2], ['L', 3]],
    ]);
  });
});

describe('categories and tags', () => {
  it('renames, reorders and merges categories: products follow, the shop lists them in the new order', async () => {
    const names = [`Soil ${unique()}`, `Water ${unique()}`];
    for (const name of names) expect((await call('POST', '/categories', { name })).statusCode).toBe(201);
    const all = json(await call('GET', '/categories')).data as { _id: string; name: string; slug: string }[];
    const [soil, water] = names.map((name) => all.find((c) => c.name === name)!);
    const slug = `biochar-${unique()}`;
    await call('POST', '/products', newProductBody({ slug, categoryIds: [soil!._id] }));
    expect((await product(slug)).categoryList.map((c: { category: { name: string } }) => c.category.name)).toEqual([soil!.name]);

    expect((await call('PATCH', `/categories/${soil!._id}`, { name: `${soil!.name} health` })).statusCode).toBe(200);
    expect((await product(slug)).categoryList[0].category.name).toBe(`${soil!.name} health`);

    const reversed = [...all.map((c) => c._id)].reverse();
    expect((await call('PUT', '/categories/order', { ids: reversed })).statusCode).toBe(200);
    expect((json(await call('GET', '/categories')).data as { _id: string }[]).map((c) => c._id)).toEqual(reversed);

    const merged = await call('POST', `/categories/${soil!._id}/merge`, { into: water!._id });
    expect(merged.statusCode, merged.body).toBe(200);
    expect((await product(slug)).categoryList.map((c: { category: { _id: string } }) => c.category._id)).toEqual([water!._id]);
    const after = json(await call('GET', '/categories')).data as { _id: string; productCount: number }[];
    expect(after.some((c) => c._id === soil!._id)).toBe(false);
    expect(after.find((c) => c._id === water!._id)!.productCount).toBe(1);
    const self = await call('POST', `/categories/${water!._id}/merge`, { into: water!._id });
    expect(self.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('renames and merges tags on every product that carries them', async () => {
    const [a, b] = [`peat-${unique()}`, `bog-${unique()}`];
    const slug = `bog-${unique()}`;
    await call('POST', '/products', newProductBody({ slug, tags: [a] }));
    const other = `fen-${unique()}`;
    await call('POST', '/products', newProductBody({ slug: other, tags: [b] }));
    const tags = json(await call('GET', '/tags')).data as { _id: string; name: string }[];
    const [tagA, tagB] = [a, b].map((name) => tags.find((t) => t.name === name)!);
    expect((await call('PATCH', `/tags/${tagA!._id}`, { name: `${a}-land` })).statusCode).toBe(200);
    expect((await product(slug)).tags).toEqual([`${a}-land`]);
    expect((await call('POST', `/tags/${tagA!._id}/merge`, { into: tagB!._id })).statusCode).toBe(200);
    expect((await product(slug)).tags).toEqual([b]);
    expect(json(await storefront(`/api/v1/filters?tag=${b}`)).data.total).toBe(2);
  });
});

describe('coupon uses', () => {
  it('counts paid orders and pending orders holding a use apart', async () => {
    const code = `USES${unique()}`.toUpperCase();
    const coupon = json(await call('POST', '/coupons', { code, kind: 'percent', percentOff: 10 })).data;
    const buyer = await quickBuyer(app);
    const [offset] = json(await storefront('/api/v1/products?kind=offset')).data as { _id: string }[];
    await buyer.cart.patch({ products: [{ product: offset!._id, quantity: 1 }] });
    expect((await buyer.cart.apply(code)).status).toBe(200);
    const placed = await placeOrder(app, buyer.token);
    expect([placed.status, placed.body.data.status], JSON.stringify(placed.body)).toEqual([200, 'pending']);
    expect(json(await call('GET', `/coupons/${coupon._id}`)).data.uses).toEqual({ paid: 0, pending: 1 });
    expect(json(await call('GET', `/coupons?q=${code}`)).data[0].uses).toEqual({ paid: 0, pending: 1 });
  });
});

describe('the dashboard', () => {
  it('counts pending orders and new customers, and weekly and monthly series cover the range', async () => {
    const before = json(await call('GET', '/dashboard')).data;
    const buyer = await quickBuyer(app);
    const [offset] = json(await storefront('/api/v1/products?kind=offset')).data as { _id: string }[];
    await buyer.cart.patch({ products: [{ product: offset!._id, quantity: 1 }] });
    const placed = await placeOrder(app, buyer.token);
    const after = json(await call('GET', '/dashboard')).data;
    expect(after.pendingOrders.count - before.pendingOrders.count).toBe(1);
    expect(after.pendingOrders.latest.map((o: { _id: string }) => o._id)).toContain(placed.body.data._id);
    expect(after.totals.newCustomers - before.totals.newCustomers).toBe(1);
    const weeks = json(await call('GET', '/dashboard?from=2026-01-01&to=2026-03-31&interval=week')).data;
    expect(weeks.range).toEqual({ from: '2026-01-01', to: '2026-03-31', interval: 'week' });
    expect(weeks.series.length).toBeGreaterThanOrEqual(13);
    const months = json(await call('GET', '/dashboard?from=2026-01-01&to=2026-03-31&interval=month')).data;
    expect(months.series).toHaveLength(3);
  });
});

describe('CSV import, all or nothing', () => {
  it('writes no row of a file with one bad row, not even the good ones', async () => {
    const rows = parse((await call('GET', '/products/export')).body, { columns: true }) as Record<string, string>[];
    const [first, second] = rows;
    const before = Number(first!.lowStockThreshold);
    const csv = stringify([{ ...first!, lowStockThreshold: String(before + 7) }, { ...second!, priceUSD: 'free' }], { header: true, columns: Object.keys(first!) });
    const refused = await call('POST', '/products/import', { csv, dryRun: false });
    expect([refused.statusCode, Object.keys(json(refused).fields)], refused.body).toEqual([400, ['row 3.priceUSD']]);
    expect(json(await call('GET', `/products/${first!.id}`)).data.lowStockThreshold).toBe(before);
  });
});

describe('reviews shown again', () => {
  it('unhiding puts the review back into the list, the average and the count', async () => {
    const id = json(await call('POST', '/products', newProductBody())).data._id;
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: id, quantity: 1 }] });
    // This app's provider leaves orders pending: paid as its webhook does.
    const order = await placeOrder(app, buyer.token);
    expect(await app.orders.markOrderPaid(order.body.data._id, `cs_test_${order.body.data._id}`)).toBe('paid');
    const review = await app.inject({ method: 'POST', url: '/api/v1/review', headers: bearer(buyer.token), payload: { product: id, order: order.body.data._id, rating: 4, comment: 'Good project.' } });
    expect(review.statusCode, review.body).toBe(201);
    const reviewId = json(review).data._id;
    const summary = async () => json(await storefront(`/api/v1/review/${id}/product`)).summary;
    await call('POST', `/reviews/${reviewId}/hide`, { reason: 'Checking a complaint' });
    expect(await summary()).toEqual({ averageRating: null, reviewCount: 0 });
    expect((await call('POST', `/reviews/${reviewId}/unhide`, {})).statusCode).toBe(200);
    expect(await summary()).toEqual({ averageRating: 4, reviewCount: 1 });
  });
});

describe('customers', () => {
  it('sends the verification mail again to an unverified account, refuses a verified one, and counts orders in the list', async () => {
    const { email } = await register(app);
    const [row] = await app.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const before = (await mailTo(app, email)).length;
    await app.database.db.update(oneTimeCodes).set({ createdAt: new Date(Date.now() - 10 * 60_000) }).where(eq(oneTimeCodes.userId, row!.id));
    const sent = await call('POST', `/customers/${row!.id}/verification-email`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await mailTo(app, email)).length).toBe(before + 1);
    const verified = await registerVerified(app);
    // The list counts each customer's orders.
    const buyer = await quickBuyer(app);
    const [offset] = json(await storefront('/api/v1/products?kind=offset')).data as { _id: string }[];
    for (let i = 0; i < 2; i++) {
      await buyer.cart.patch({ products: [{ product: offset!._id, quantity: 1 }] });
      expect((await placeOrder(app, buyer.token)).status).toBe(200);
    }
    expect(json(await call('GET', `/customers?q=${encodeURIComponent(buyer.email)}`)).data[0]).toMatchObject({ email: buyer.email, orderCount: 2 });
    const refused = await call('POST', `/customers/${verified.user._id}/verification-email`);
    expect([refused.statusCode, json(refused).code]).toEqual([409, 'USER_ALREADY_VERIFIED']);
  });
});

describe('operators', () => {
  it('a locked operator’s admin session ends at once', async () => {
    const staff = await signedInOperator(app, 'staff');
    expect((await adminCall(app, staff.token)('GET', '/products')).statusCode).toBe(200);
    expect((await call('POST', `/customers/${staff.userId}/lock`, { reason: 'Left the company' })).statusCode).toBe(200);
    const refused = await adminCall(app, staff.token)('GET', '/products');
    expect(refused.statusCode).toBe(401);
    expect((await login(app, staff.email, PASSWORD)).statusCode).toBe(403);
  });
});

describe('ADMIN_EMAILS at start-up', () => {
  it('makes an account verified before the start an owner', async () => {
    const founder = await registerVerified(app);
    expect((await app.inject({ method: 'GET', url: `${ADMIN}/mfa`, headers: bearer(founder.token) })).statusCode).toBe(403);
    // The shop starts again (another process on the same database) with the address in ADMIN_EMAILS.
    const other = await createTestApp({ sameDatabaseAs: app, env: { ADMIN_EMAILS: founder.email } });
    try {
      const token = json(await login(other, founder.email, PASSWORD)).token as string;
      const status = await other.inject({ method: 'GET', url: `${ADMIN}/mfa`, headers: bearer(token) });
      expect([status.statusCode, json(status).data?.operator.role], status.body).toEqual([200, 'owner']);
    } finally {
      await other.close();
    }
  });
});
