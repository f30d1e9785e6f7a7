import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Product } from '@app/contract';
import { certificatesOfOrder } from './certificate-helpers.ts';
import { createTestApp } from './helper.ts';
import { orderBody, placeOrder, quickBuyer } from './order-helpers.ts';
import { accountWithEmail, api, dayAfter, mailTo, setGift, tokenIn, tonnesOf } from './gift-helpers.ts';

/**
 * Giving an offset (issue 27 item 1, decision 0051): the gift is set on a cart line, copied to
 * the order line and the certificate, mailed to the recipient on the chosen day, and claimed
 * once by the account with that verified email, which moves its tonnes from giver to recipient.
 */
let app: FastifyInstance;
let offset: Product;
let goods: Product;

beforeAll(async () => {
  app = await createTestApp({ env: { RATE_LIMIT_MAX: '100000' } });
  const products = app.catalog.snapshot().products;
  offset = products.find((p) => p.kind === 'offset' && p.variation.length === 0 && p.stock >= 50)!;
  goods = products.find((p) => p.kind !== 'offset' && p.variation.length === 0 && p.stock >= 50)!;
});
afterAll(async () => app?.close());

async function cartWith(buyer: Awaited<ReturnType<typeof quickBuyer>>, lines: { product: Product; quantity: number }[]) {
  const cart = await buyer.cart.patch({ products: lines.map((line) => ({ product: line.product.id, quantity: line.quantity })) });
  expect(cart.status, JSON.stringify(cart.body)).toBe(200);
  return (product: Product) => cart.body.data.products.find((line: { product: { id: string } }) => line.product.id === product.id).cartItemId as string;
}

describe('setting a gift on a cart line', () => {
  it('accepts name, email, message and a date today or later, and refuses bad input naming the field', async () => {
    const giver = await quickBuyer(app);
    const lineOf = await cartWith(giver, [{ product: offset, quantity: 2 }, { product: goods, quantity: 1 }]);
    const line = lineOf(offset);
    const good = { name: 'Robin Leaf', email: 'Robin.Leaf@Example.com', message: 'Happy birthday!\nMore trees for you.', deliverOn: dayAfter(0) };

    const set = await setGift(app, giver.token, line, good);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.message).toBe('This offset is now a gift to Robin Leaf');
    const shown = set.body.data.products.find((l: { cartItemId: string }) => l.cartItemId === line);
    expect(shown.gift).toEqual({ name: 'Robin Leaf', email: 'robin.leaf@example.com', message: good.message, deliverOn: good.deliverOn });

    const refusals: [unknown, string][] = [
      [{ ...good, deliverOn: dayAfter(-1) }, 'gift.deliverOn'],
      [{ ...good, deliverOn: '2026-02-30' }, 'gift.deliverOn'],
      [{ ...good, deliverOn: dayAfter(400) }, 'gift.deliverOn'],
      [{ ...good, email: 'not-an-email' }, 'gift.email'],
      [{ ...good, name: '   ' }, 'gift.name'],
      [{ ...good, name: '<b>Robin</b>' }, 'gift.name'],
      [{ ...good, message: 'x'.repeat(501) }, 'gift.message'],
      [{ email: good.email }, 'gift.name'],
    ];
    for (const [gift, field] of refusals) {
      const refused = await setGift(app, giver.token, line, gift);
      expect(refused.status, JSON.stringify(gift)).toBe(400);
      expect(JSON.stringify(refused.body), JSON.stringify(gift)).toContain(field);
    }
    // The refused calls left the gift as it was.
    expect((await giver.cart.get()).body.data.products.find((l: { cartItemId: string }) => l.cartItemId === line).gift.name).toBe('Robin Leaf');

    const onGoods = await setGift(app, giver.token, lineOf(goods), good);
    expect(onGoods.status).toBe(400);
    expect(onGoods.body.message).toContain('Only offset projects');

    const intruder = await quickBuyer(app);
    expect((await setGift(app, intruder.token, line, { ...good, name: 'Mallory' })).status).toBe(404);
    expect((await setGift(app, null as unknown as string, line, good)).status).toBe(401);

    const cleared = await setGift(app, giver.token, line, null);
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.products.find((l: { cartItemId: string }) => l.cartItemId === line).gift).toBeNull();
    // Quantity changes keep a gift.
    await setGift(app, giver.token, line, good);
    await giver.cart.patch({ products: [{ product: offset.id, quantity: 3 }], checkout: true });
    expect((await giver.cart.get()).body.data.products.find((l: { cartItemId: string }) => l.cartItemId === line).gift.name).toBe('Robin Leaf');
  });
});

describe('a gift from order to claim', () => {
  let giver: Awaited<ReturnType<typeof quickBuyer>>;
  let orderId: string;
  const recipientEmail = `gift.${Date.now()}@example.com`;
  let token: string;

  it('names the recipient on the certificate and holds the email until the chosen day', async () => {
    giver = await quickBuyer(app);
    const lineOf = await cartWith(giver, [{ product: offset, quantity: 3 }, { product: goods, quantity: 1 }]);
    expect((await setGift(app, giver.token, lineOf(offset), { name: 'Robin Leaf', email: recipientEmail, message: 'For your garden', deliverOn: dayAfter(2) })).status).toBe(200);
    const placed = await placeOrder(app, giver.token, orderBody({ firstName: 'Ada', lastName: 'Giver' }));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    orderId = placed.body.data.id;
    const line = placed.body.data.products.find((l: { product: { id: string } }) => l.product.id === offset.id);
    expect(line.gift).toEqual({ name: 'Robin Leaf', deliverOn: dayAfter(2), claimed: false });

    const [certificate] = await certificatesOfOrder(app, orderId);
    expect(certificate).toMatchObject({ beneficiaryType: 'person', beneficiaryName: 'Robin Leaf', giftEmail: recipientEmail, tonnesMilli: 3000 });
    const publicView = await api(app, null, 'GET', `/api/v1/certificates/${certificate.serial}`);
    expect(publicView.body.data).toMatchObject({ status: 'valid', beneficiary: { type: 'person', name: 'Robin Leaf' } });
    expect(JSON.stringify(publicView.body)).not.toContain(recipientEmail);

    await app.mail.flush();
    let [mail] = await mailTo(app, recipientEmail);
    expect(mail).toMatchObject({ template: 'gift-received', status: 'pending' });
    expect(new Date(mail.next_attempt_at).toISOString().slice(0, 10)).toBe(dayAfter(2));
    // The day before: still held. On the day: sent by the same sweep.
    await app.mail.flush(new Date(Date.now() + 86_400_000));
    expect((await mailTo(app, recipientEmail))[0].status).toBe('pending');
    await app.mail.flush(new Date(`${dayAfter(2)}T00:00:01Z`));
    [mail] = await mailTo(app, recipientEmail);
    expect(mail.status).toBe('sent');
    expect(mail.subject).toBe('Ada Giver gave you 3 t CO2e of verified carbon offsets');
    for (const body of [mail.html, mail.text]) {
      expect(body).toContain(certificate.serial);
      expect(body).toContain(`/certificates/${certificate.serial}`);
      expect(body).toContain('Claim your gift');
      expect(body).toContain('For your garden');
      expect(body).toContain('Robin Leaf');
    }
    token = tokenIn(mail)!;
    expect(token).toHaveLength(43);
  });

  it('shows the unclaimed gift by its token and keeps the certificate valid and verifiable', async () => {
    const view = await api(app, null, 'GET', `/api/v1/gifts/${token}`);
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({ fromName: 'Ada Giver', recipientName: 'Robin Leaf', recipientEmail, message: 'For your garden', claimed: false, claimable: true });
    expect(view.body.data.certificate.status).toBe('valid');
    expect((await api(app, null, 'GET', `/api/v1/gifts/${'A'.repeat(43)}`)).status).toBe(404);
    expect((await api(app, null, 'GET', '/api/v1/gifts/short')).status).toBe(400);
  });

  it('counts the unclaimed gift for the giver; only the account with the verified email claims it, once', async () => {
    expect(await tonnesOf(app, giver.token)).toBe(3);
    const stranger = await quickBuyer(app);
    const refused = await api(app, stranger.token, 'POST', '/api/v1/gifts/claim', { token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('sent to another email address');
    expect(JSON.stringify(refused.body)).not.toContain(recipientEmail);
    expect((await api(app, giver.token, 'POST', '/api/v1/gifts/claim', { token })).status).toBe(403);
    expect((await api(app, null, 'POST', '/api/v1/gifts/claim', { token })).status).toBe(401);

    const recipient = await accountWithEmail(app, recipientEmail);
    expect(await tonnesOf(app, recipient.token)).toBe(0);
    // Twenty claims at once: exactly one succeeds.
    const answers = await Promise.all(Array.from({ length: 20 }, () => api(app, recipient.token, 'POST', '/api/v1/gifts/claim', { token })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    const again = await api(app, recipient.token, 'POST', '/api/v1/gifts/claim', { token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have claimed this gift already');

    expect(await tonnesOf(app, recipient.token)).toBe(3);
    expect(await tonnesOf(app, giver.token)).toBe(0);
    const order = await api(app, giver.token, 'GET', `/api/v1/orders/${orderId}`);
    expect(order.body.data.products.find((l: { gift: unknown }) => l.gift).gift).toEqual({ name: 'Robin Leaf', deliverOn: dayAfter(2), claimed: true });
    const view = await api(app, null, 'GET', `/api/v1/gifts/${token}`);
    expect(view.body.data).toMatchObject({ claimed: true, claimable: false });
  });

  it('refuses an account whose email is not verified', async () => {
    const giver2 = await quickBuyer(app);
    const email = `unverified.${Date.now()}@example.com`;
    const lineOf = await cartWith(giver2, [{ product: offset, quantity: 1 }]);
    await setGift(app, giver2.token, lineOf(offset), { name: 'Sam', email });
    expect((await placeOrder(app, giver2.token)).status).toBe(200);
    await app.mail.flush();
    const [mail] = await mailTo(app, email);
    expect(mail.status).toBe('sent');
    const unverified = await accountWithEmail(app, email, false);
    expect((await api(app, unverified.token, 'POST', '/api/v1/gifts/claim', { token: tokenIn(mail) })).status).toBe(403);
    expect(await tonnesOf(app, giver2.token)).toBe(1);
  });
});
