import { afterAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { mailingListSubscribers, outboxEmails } from '../src/db/schema/index.ts';
import { createTestApp, json } from './helper.ts';
import { adminCall, signedInOperator } from './admin-helpers.ts';
import { newProductBody } from './admin-fixtures.ts';
import { placeOrder, quickBuyer } from './order-helpers.ts';

/** The newsletter sent from the console in the background, and the dashboard's figures. */
const app = await createTestApp({ env: { ORDER_RATE_LIMIT_MAX: '100000' } });
const owner = await signedInOperator(app, 'owner');
const call = adminCall(app, owner.token);
afterAll(async () => {
  await app.newsletterJob.idle();
  await app.close();
});

describe('newsletter', () => {
  it('sends an issue to every confirmed subscriber in the background, each mail with its own unsubscribe link and headers, once', async () => {
    const emails = Array.from({ length: 3 }, (_, i) => `reader${i}.${Date.now()}@example.com`);
    await app.database.db.insert(mailingListSubscribers).values([...emails.map((email) => ({ email, status: 'subscribed' as const, confirmedAt: new Date() })), { email: `pending.${Date.now()}@example.com`, status: 'pending' as const }]);
    const counts = json(await call('GET', '/newsletter')).data;
    expect(counts.subscribed).toBeGreaterThanOrEqual(3);
    const preview = json(await call('POST', '/newsletter/preview', { subject: 'Mangroves', body: 'First.\n\nSecond.' })).data;
    expect(preview.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const issue = json(await call('POST', '/newsletter/issues', { subject: 'Mangroves are back', body: 'Restored this month.\n\nThank you.' })).data;
    const started = await call('POST', `/newsletter/issues/${issue._id}/send`);
    expect([started.statusCode, json(started).data.status, json(started).data.recipients]).toEqual([202, 'sending', counts.subscribed]);
    const again = await call('POST', `/newsletter/issues/${issue._id}/send`);
    expect(again.statusCode).toBe(409);
    await app.newsletterJob.idle();
    const sent = json(await call('GET', `/newsletter/issues/${issue._id}`)).data;
    expect([sent.status, sent.written]).toEqual(['sent', counts.subscribed]);
    // Delivery counts: every mail written is waiting, then handed to the mail transport, or failed.
    expect(sent.delivery.delivered + sent.delivery.waiting + sent.delivery.failed).toBe(counts.subscribed);
    await app.mail.flush();
    const delivered = json(await call('GET', '/newsletter/issues')).data.find((i: { _id: string }) => i._id === issue._id);
    expect(delivered.delivery).toEqual({ delivered: counts.subscribed, waiting: 0, failed: 0 });
    expect(json(await call('GET', `/newsletter/issues/${issue._id}`)).data.delivery).toEqual(delivered.delivery);
    // Mails not of this issue (the sign-up mails of the test) are not counted.
    expect(json(await call('POST', '/newsletter/issues', { subject: 'Draft', body: 'Later.' })).data.delivery).toEqual({ delivered: 0, waiting: 0, failed: 0 });
    const mails = await app.database.db.select().from(outboxEmails).where(inArray(outboxEmails.toAddress, emails));
    expect(mails.filter((m) => m.subject === 'Mangroves are back')).toHaveLength(3);
    const links = new Set(mails.map((m) => m.headers?.['List-Unsubscribe']));
    expect(links.size).toBe(3);
    expect((await call('PATCH', `/newsletter/issues/${issue._id}`, { subject: 'Too late' })).statusCode).toBe(409);
  });
});

describe('dashboard', () => {
  it('counts paid revenue per currency, orders, tonnes, top products and low stock over the range', async () => {
    const before = json(await call('GET', '/dashboard')).data;
    const id = json(await call('POST', '/products', newProductBody({ stock: 6, lowStockThreshold: 5 }))).data._id;
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: id, quantity: 3 }] });
    expect((await placeOrder(app, buyer.token)).body.data.status).toBe('paid');
    const after = json(await call('GET', '/dashboard?interval=day')).data;
    const usd = (d: typeof before) => d.totals.revenue.find((r: { currency: string }) => r.currency === 'USD')?.amountMinor ?? 0;
    expect(usd(after) - usd(before)).toBe(3 * 1500);
    expect(after.totals.orders - before.totals.orders).toBe(1);
    expect(after.totals.tonnes - before.totals.tonnes).toBeCloseTo(3);
    expect(after.series.at(-1).orders).toBeGreaterThanOrEqual(1);
    expect(after.topProducts.find((p: { productId: string }) => p.productId === id)).toMatchObject({ quantity: 3 });
    expect(after.lowStock.items.concat().length).toBeGreaterThanOrEqual(1);
    const tooLong = await call('GET', '/dashboard?from=2020-01-01&to=2026-01-01&interval=day');
    expect([tooLong.statusCode, Object.keys(json(tooLong).fields)]).toEqual([400, ['from']]);
  });
});
