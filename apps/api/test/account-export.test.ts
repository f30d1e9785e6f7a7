import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from './helper.ts';
import { redirectingProvider } from './order-helpers.ts';
import { bodyOf, exportOf, person, twoCustomers } from './account-data-helpers.ts';

/**
 * GET /api/v1/account/export (issue 25): one JSON attachment with everything the shop holds
 * about the caller, and nothing about anyone else, even someone they share a business, an
 * event, a chain and a referral with.
 */
let app: FastifyInstance;
let setup: Awaited<ReturnType<typeof twoCustomers>>;

beforeAll(async () => {
  app = await createTestApp({ env: { ORDER_RATE_LIMIT_MAX: '1000' }, paymentProvider: redirectingProvider() });
  setup = await twoCustomers(app, { alice: ['Quillon', 'Vantablack'], bob: ['Bartholomew', 'Oakenshield'] });
});
afterAll(async () => app?.close());

describe('the export', () => {
  it('is a JSON attachment with every section of the caller’s data', async () => {
    const response = await exportOf(app, setup.alice.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="carbonwise-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const data = bodyOf(response);
    expect(data).toMatchObject({ format: 'carbonwise-account-export', version: 1, profile: { id: setup.alice.id, email: setup.alice.email, firstName: 'Quillon', lastName: 'Vantablack', referredByAnotherCustomer: true } });
    expect(data.addresses.billingAddress.line1).toBe(setup.alice.addressLine);
    expect(data.orders).toHaveLength(2);
    const paid = data.orders.find((o: { status: string }) => o.status === 'paid');
    expect(paid.lines).toHaveLength(2);
    expect(paid.couponCode).toBe('WELCOME10');
    expect(paid.timeline.map((e: { kind: string }) => e.kind)).toEqual(expect.arrayContaining(['placed', 'paid']));
    expect(paid.address.line1).toBe(setup.alice.addressLine);
    expect(data.certificates).toHaveLength(1);
    expect(data.certificates[0]).toMatchObject({ tonnes: 2, beneficiaryName: 'Quillon Vantablack', status: 'valid' });
    expect(data.footprints.saved).toHaveLength(1);
    expect(data.footprints.events).toHaveLength(1);
    expect(data.footprints.events[0]).toMatchObject({ event: 'Roots Summit', totalKg: 120 });
    expect(data.reviews).toHaveLength(1);
    expect(data.wishlist).toHaveLength(1);
    expect(data.cart).toHaveLength(1);
    expect(data.subscriptions.newsletter).toEqual([expect.objectContaining({ email: setup.alice.email, status: 'subscribed' })]);
    expect(data.businesses.owned).toEqual([]);
    expect(data.businesses.memberships).toEqual([expect.objectContaining({ business: setup.business.name, role: 'employee', status: 'active' })]);
    expect(data.businesses.eventsJoined).toEqual([expect.objectContaining({ event: 'Roots Summit', conferanceCode: setup.conferanceCode })]);
    expect(data.chains).toHaveLength(2);
    expect(data.chains).toEqual(expect.arrayContaining([expect.objectContaining({ relationship: 'friend', askedBy: 'you', status: 'pending' }), expect.objectContaining({ relationship: 'family', yourSide: 'child', status: 'accepted' })]));
    expect(data.couponsUsed).toEqual([expect.objectContaining({ code: 'WELCOME10' })]);
    expect(data.uploads.gallery).toEqual([expect.objectContaining({ url: setup.imageUrl })]);
    expect(data.uploads.files).toEqual([expect.objectContaining({ url: setup.imageUrl })]);
    expect(data.sustainabilityProfile).toMatchObject({ name: 'Quillon Vantablack' });
    expect(JSON.stringify(data)).not.toMatch(/passwordHash|password_hash|argon2/);
  });

  it('contains nothing of the other person: not their email, name or id', async () => {
    const alice = JSON.stringify(bodyOf(await exportOf(app, setup.alice.token)));
    for (const trace of [setup.bob.email, setup.bob.id, 'Bartholomew', 'Oakenshield']) expect(alice).not.toContain(trace);
    // The business they share is Alice's to see by name; its other members are not.
    expect(alice).toContain(setup.business.name);

    const bobData = bodyOf(await exportOf(app, setup.bob.token));
    const bob = JSON.stringify(bobData);
    for (const trace of [setup.alice.email, setup.alice.id, 'Quillon', 'Vantablack', setup.alice.addressLine, setup.paidOrderId]) expect(bob).not.toContain(trace);
    // Bob earned from Alice's order: the amount is his, whose order it was is not.
    expect(bobData.referrals.earnings).toHaveLength(1);
    expect(bobData.referrals.customersReferred).toBe(1);
    expect(bobData.businesses.owned).toEqual([expect.objectContaining({ name: setup.business.name })]);
    expect(bobData.chains).toEqual(expect.arrayContaining([expect.objectContaining({ relationship: 'family', yourSide: 'parent', askedBy: 'you' })]));
  });

  it('needs a session, and a few exports a quarter of an hour are all one client gets', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/account/export' })).statusCode).toBe(401);
    const someone = await person(app, 'Rate', 'Limited');
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push((await exportOf(app, someone.token)).statusCode);
    expect(answers).toContain(429);
    expect(answers.filter((s) => s === 200).length).toBeLessThanOrEqual(5);
  });
});
