import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import type { Product } from '@app/contract';
import { certificates } from '../src/db/schema/index.ts';
import { notifyGiftRecipientsOfVoid } from '../src/modules/gifts/gift-void.ts';
import { createMailRepository } from '../src/modules/mail/mail.repository.ts';
import { certificatesOfOrder } from './certificate-helpers.ts';
import { createTestApp } from './helper.ts';
import { placeOrder, quickBuyer } from './order-helpers.ts';
import { accountWithEmail, api, dayAfter, mailTo, setGift, tokenIn, tonnesOf } from './gift-helpers.ts';
import { ADMIN, signedInOperator } from './admin-helpers.ts';

/**
 * A refund voids a gift's certificate and tells its recipient (decision 0051). The refund path
 * calls notifyGiftRecipientsOfVoid in the transaction that voids; here it is called directly,
 * after voiding as the refund does, so the rule is tested on its own.
 */
let app: FastifyInstance;
let offset: Product;

beforeAll(async () => {
  app = await createTestApp({ env: { RATE_LIMIT_MAX: '100000', ORDER_RATE_LIMIT_MAX: '100000' } });
  offset = app.catalog.snapshot().products.find((p) => p.kind === 'offset' && p.variation.length === 0 && p.stock >= 50)!;
});
afterAll(async () => app?.close());

async function giftOrder(email: string, deliverOn: string | null, quantity = 2) {
  const giver = await quickBuyer(app);
  const cart = await giver.cart.patch({ products: [{ product: offset.id, quantity }] });
  await setGift(app, giver.token, cart.body.data.products[0].cartItemId, { name: 'Robin Leaf', email, deliverOn });
  const placed = await placeOrder(app, giver.token);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const [certificate] = await certificatesOfOrder(app, placed.body.data.id);
  return { giver, orderId: placed.body.data.id as string, certificate };
}

async function voidAndNotify(ids: string[]) {
  return app.database.db.transaction(async (tx) => {
    await tx.update(certificates).set({ status: 'void' }).where(inArray(certificates.id, ids));
    return notifyGiftRecipientsOfVoid(tx, ids, { mail: createMailRepository(app.database.db), publicUrl: app.config.publicUrl });
  });
}

describe('voiding a gift certificate', () => {
  it('tells a recipient who was sent the gift; a claimed gift no longer counts for them; the serial verifies as void', async () => {
    const email = `void.claimed.${Date.now()}@example.com`;
    const { certificate } = await giftOrder(email, null);
    await app.mail.flush();
    const recipient = await accountWithEmail(app, email);
    const token = tokenIn((await mailTo(app, email))[0])!;
    expect((await api(app, recipient.token, 'POST', '/api/v1/gifts/claim', { token })).status).toBe(200);
    expect(await tonnesOf(app, recipient.token)).toBe(2);

    expect(await voidAndNotify([certificate.id])).toEqual({ told: 1, withdrawn: 0 });
    await app.mail.flush();
    const mails = await mailTo(app, email);
    expect(mails.map((m) => [m.template, m.status])).toEqual([['gift-received', 'sent'], ['gift-voided', 'sent']]);
    for (const body of [mails[1].html, mails[1].text]) {
      expect(body).toContain(certificate.serial);
      expect(body).toContain('void');
    }
    expect(await tonnesOf(app, recipient.token)).toBe(0);
    const verified = await api(app, null, 'GET', `/api/v1/certificates/${certificate.serial}`);
    expect(verified.body.data).toMatchObject({ status: 'void', beneficiary: { name: 'Robin Leaf' } });
  });

  it('an unclaimed gift voided before its day: the held email is withdrawn, never sent, and nothing else is', async () => {
    const email = `void.held.${Date.now()}@example.com`;
    const { certificate } = await giftOrder(email, dayAfter(5));
    expect(await voidAndNotify([certificate.id])).toEqual({ told: 0, withdrawn: 1 });
    await app.mail.flush(new Date(Date.now() + 10 * 86_400_000));
    expect((await mailTo(app, email)).map((m) => [m.template, m.status])).toEqual([['gift-received', 'withdrawn']]);
  });

  it('a voided gift can no longer be claimed; certificates that are not gifts are skipped', async () => {
    const email = `void.unclaimed.${Date.now()}@example.com`;
    const { certificate } = await giftOrder(email, null);
    await app.mail.flush();
    const token = tokenIn((await mailTo(app, email))[0])!;
    const plainBuyer = await quickBuyer(app);
    await plainBuyer.cart.patch({ products: [{ product: offset.id, quantity: 1 }] });
    const plain = await placeOrder(app, plainBuyer.token);
    const [plainCertificate] = await certificatesOfOrder(app, plain.body.data.id);

    expect(await voidAndNotify([certificate.id, plainCertificate.id])).toEqual({ told: 1, withdrawn: 0 });
    const recipient = await accountWithEmail(app, email);
    const claim = await api(app, recipient.token, 'POST', '/api/v1/gifts/claim', { token });
    expect(claim.status).toBe(409);
    expect(claim.body.message).toContain('void');
    expect((await api(app, null, 'GET', `/api/v1/gifts/${token}`)).body.data).toMatchObject({ claimable: false, certificate: { status: 'void' } });
    const [row] = await app.database.db.select().from(certificates).where(eq(certificates.id, certificate.id));
    expect(row.giftClaimedBy).toBeNull();
  });
});

describe('an operator refund of a gift order', () => {
  it('voids the gift certificate, tells the recipient, and the claimed tonnes leave both totals', async () => {
    const email = `refund.gift.${Date.now()}@example.com`;
    const { giver, orderId, certificate } = await giftOrder(email, null, 2);
    await app.mail.flush();
    const recipient = await accountWithEmail(app, email);
    expect((await api(app, recipient.token, 'POST', '/api/v1/gifts/claim', { token: tokenIn((await mailTo(app, email))[0])! })).status).toBe(200);
    expect(await tonnesOf(app, recipient.token)).toBe(2);
    expect(await tonnesOf(app, giver.token)).toBe(0);

    const owner = await signedInOperator(app, 'owner');
    const refunded = await app.inject({ method: 'POST', url: `${ADMIN}/orders/${orderId}/refunds`, headers: { authorization: `Bearer ${owner.token}` }, payload: { kind: 'order', reason: 'Customer changed their mind' } });
    expect(refunded.statusCode, refunded.body).toBe(201);
    await app.mail.flush();
    const mails = await mailTo(app, email);
    expect(mails.map((m) => m.template)).toEqual(['gift-received', 'gift-voided']);
    expect(mails[1].text).toContain(certificate.serial);
    expect(await tonnesOf(app, recipient.token)).toBe(0);
    expect(await tonnesOf(app, giver.token)).toBe(0);
    expect((await api(app, null, 'GET', `/api/v1/certificates/${certificate.serial}`)).body.data.status).toBe('void');
  });
});
