import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { certificates, products } from '../src/db/schema/index.ts';
import { call, createBusiness } from './business-helpers.ts';
import { certificatesOfOrder, insertOrderWithLines, issue } from './certificate-helpers.ts';
import { createTestApp } from './helper.ts';
import { orderBody, placeOrder, quickBuyer } from './order-helpers.ts';

/**
 * A certificate keeps the vintage its project had when it was issued, like the project's name and
 * validity (issue 27 item 2: the emissions report lists vintages): an operator who lists a newer
 * vintage later changes no certificate already issued. Both ways of issuing are checked: the one
 * call of an order paid at once (place_order) and the issue after a payment settles.
 */
let app: FastifyInstance;
let offsetId: string;
const setVintage = (vintage: number) => app.database.db.update(products).set({ vintage }).where(eq(products.id, offsetId));

beforeAll(async () => {
  app = await createTestApp({ env: { ORDER_RATE_LIMIT_MAX: '1000' } });
  offsetId = app.catalog.snapshot().products.find((p) => p.kind === 'offset' && p.stock > 10)!.id;
});
afterAll(async () => app?.close());

describe('the vintage on a certificate', () => {
  it('is the one listed when it was issued, on both issue paths, and stays in the report after the listing changes', async () => {
    await setVintage(2022);
    const owner = await quickBuyer(app);
    const business = await createBusiness(app, owner.token, { name: 'Vintage Works' });

    // Issued after a payment settled (issue-certificates.ts), for the business.
    const settled = await insertOrderWithLines(app, { userId: owner.id, businessId: business.id, lines: [{ productId: offsetId, quantity: 2 }] });
    await issue(app, settled);
    // Issued by the one call of an order paid at once.
    expect((await owner.cart.patch({ products: [{ product: offsetId, quantity: 1 }] })).status).toBe(200);
    const placed = await placeOrder(app, owner.token, orderBody({ isBusinessOrder: true, businessCode: business.businessCode }));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const atOnce = placed.body.data._id as string;

    const vintages = async () => [...(await certificatesOfOrder(app, settled)), ...(await certificatesOfOrder(app, atOnce))].map((c) => c.vintage);
    expect(await vintages()).toEqual([2022, 2022]);

    // The operator lists a newer vintage: the issued certificates and the report keep 2022.
    await setVintage(2024);
    expect(await vintages()).toEqual([2022, 2022]);
    const report = await call(app, owner.token, 'GET', `/api/v1/business-reports/${business.businessCode}/${new Date().getUTCFullYear()}`);
    expect(report.status).toBe(200);
    expect(report.body.data.retired.certificates.map((c: { vintage: number | null }) => c.vintage)).toEqual([2022, 2022]);

    // A certificate issued now carries the new listing.
    const later = await insertOrderWithLines(app, { userId: owner.id, lines: [{ productId: offsetId, quantity: 1 }] });
    await issue(app, later);
    const [fresh] = await app.database.db.select({ vintage: certificates.vintage }).from(certificates).where(eq(certificates.orderId, later));
    expect(fresh.vintage).toBe(2024);
  });
});
