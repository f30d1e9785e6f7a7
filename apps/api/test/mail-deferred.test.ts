import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createMailRepository } from '../src/modules/mail/mail.repository.ts';
import { pickProducts } from './cart-helpers.ts';
import { createTestApp, json } from './helper.ts';
import { placeOrder, quickBuyer } from './order-helpers.ts';
import { dayAfter, setGift } from './gift-helpers.ts';
import { startSmtp } from './smtp-capture.ts';

interface Row { id: string; subject: string; html: string; text: string; render: unknown; status: string }
const rowsTo = async (app: FastifyInstance, to: string) =>
  ((await app.database.db.execute(sql`select id, subject, html, text, render, status from outbox_emails where to_address = ${to}`)) as unknown as { rows: Row[] }).rows;

/**
 * Issue 28: the order confirmation goes into the outbox with the order, but as what it will say;
 * its HTML and text are rendered after the commit, by the sender (or by the development mailbox
 * as it reads a row), never in the buyer's request. Without SMTP the mail is written kept.
 */
describe('the order confirmation, rendered after the commit', () => {
  let app: FastifyInstance;
  const placeOrderInputs: string[] = [];
  beforeAll(async () => {
    app = await createTestApp({ logger: { logQuery: (query, params) => void (query.includes('place_order(') && placeOrderInputs.push(String(params[0]))) } });
  });
  afterAll(async () => app.close());

  it('writes the mail with the order unrendered and, without SMTP, already kept: never written again, rendered when read', async () => {
    const buyer = await quickBuyer(app);
    const product = pickProducts(app).plain[0];
    await buyer.cart.patch({ products: [{ product: product.id, quantity: 2 }] });
    const logged = vi.spyOn(app.log, 'info');
    const { status, body } = await placeOrder(app, buyer.token);
    expect(status).toBe(200);
    // The order's one call carried the mail's input, no HTML, and the mail as kept (decision 0077).
    const input = JSON.parse(placeOrderInputs.at(-1)!) as { mails: { id: string; html: string; text: string; status: string; transport: string; attempts: number; render: { template: string; input: { orderNumber: string } } }[] };
    expect(input.mails[0]).toMatchObject({ html: '', text: '', status: 'sent', transport: 'outbox', attempts: 1, render: { template: 'order-confirmation', input: { orderNumber: body.data.orderNumber } } });
    // Told after the commit, as the sender told it when it kept the mail later.
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ to: buyer.email, mailId: input.mails[0].id, subject: `Your Carbonwise order ${body.data.orderNumber}` }), expect.stringContaining('kept in the outbox'));
    logged.mockRestore();

    await app.mail.flush();
    const [row] = await rowsTo(app, buyer.email);
    expect(row).toMatchObject({ status: 'sent', html: '', subject: `Your Carbonwise order ${body.data.orderNumber}` });
    // The row is the order transaction's own version: no sweep rewrote it after the commit.
    const { rows: versions } = (await app.database.db.execute(sql`
      select (select xmin::text from outbox_emails where id = ${row.id}::uuid) = (select xmin::text from orders where id = ${body.data.id}::uuid) as same`)) as unknown as { rows: { same: boolean }[] };
    expect(versions[0].same).toBe(true);

    // The mailbox renders it as it reads it: the same lines, total and certificates.
    const listed = json(await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(buyer.email)}` })).data as { _id: string; status: string; text: string; html: string }[];
    expect(listed[0]).toMatchObject({ _id: row.id, status: 'sent' });
    expect(listed[0].text).toContain(`Total: `);
    expect(listed[0].text).toContain(`/account/orders/${body.data.id}`);
    expect(listed[0].html).toContain('<a href=');
    const certificates = ((await app.database.db.execute(sql`select serial from certificates where order_id = ${body.data.id}::uuid`)) as unknown as { rows: { serial: string }[] }).rows;
    expect(certificates.length).toBe(product.unit === 'item' ? 0 : 1);
    for (const certificate of certificates) expect(listed[0].html).toContain(`/certificates/${certificate.serial}`);
  });

  it('writes a gift mail due today kept with the order, and holds one for a later day for the sender', async () => {
    const buyer = await quickBuyer(app);
    const offsets = app.catalog.snapshot().products.filter((p) => p.kind === 'offset' && p.variation.length === 0 && p.stock >= 50);
    const cart = await buyer.cart.patch({ products: offsets.slice(0, 2).map((p) => ({ product: p.id, quantity: 1 })) });
    const lineOf = (i: number) => cart.body.data.products.find((line: { product: { id: string } }) => line.product.id === offsets[i].id).cartItemId as string;
    const today = `today.${Date.now()}@example.com`;
    const later = `later.${Date.now()}@example.com`;
    expect((await setGift(app, buyer.token, lineOf(0), { name: 'Robin Now', email: today, message: null, deliverOn: null })).status).toBe(200);
    expect((await setGift(app, buyer.token, lineOf(1), { name: 'Robin Later', email: later, message: null, deliverOn: dayAfter(3) })).status).toBe(200);
    const { status, body } = await placeOrder(app, buyer.token);
    expect(status).toBe(200);
    const written = async (to: string) =>
      ((await app.database.db.execute(sql`
        select m.status, m.transport, m.attempts, m.xmin::text = (select xmin::text from orders where id = ${body.data.id}::uuid) as with_order
        from outbox_emails m where m.to_address = ${to}`)) as unknown as { rows: { status: string; transport: string | null; attempts: number; with_order: boolean }[] }).rows;
    expect(await written(today)).toEqual([{ status: 'sent', transport: 'outbox', attempts: 1, with_order: true }]);
    expect(await written(later)).toEqual([{ status: 'pending', transport: null, attempts: 0, with_order: true }]);
    // The held one is the sender's, on its day.
    await app.mail.flush(new Date(`${dayAfter(3)}T00:00:01Z`));
    expect((await written(later))[0]).toMatchObject({ status: 'sent', transport: 'outbox', with_order: false });
  });

  it('shows a mail still waiting for its rendering in the development mailbox, rendered', async () => {
    const to = `waiting.${Date.now()}@example.com`;
    await createMailRepository(app.database.db).enqueueOrderConfirmation(app.database.db, to, {
      firstName: 'Ada', orderNumber: 'CW-TEST-1', lines: [{ name: 'Mangrove restoration', quantity: 2, total: '36.00 USD', unit: 't' }],
      discount: null, total: '36.00 USD', url: 'http://localhost/account/orders/x', testPayment: true, certificates: [],
    });
    const [waiting] = await rowsTo(app, to);
    expect(waiting).toMatchObject({ status: 'pending', html: '', text: '' });
    const listed = json(await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })).data as { _id: string; subject: string; text: string }[];
    expect(listed[0].subject).toBe('Your Carbonwise order CW-TEST-1');
    expect(listed[0].text).toContain('Hello Ada,');
    expect(listed[0].text).toContain('Total: 36.00 USD');
    const page = await app.inject({ method: 'GET', url: `/dev/mailbox/${waiting.id}` });
    expect(page.body).toContain('Thank you for your order CW-TEST-1');
  });
});

describe('a deferred mail through SMTP', () => {
  it('is rendered before it is sent, and the rendered body is kept', async () => {
    const smtp = await startSmtp();
    const app = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
    try {
      const buyer = await quickBuyer(app);
      await buyer.cart.patch({ products: [{ product: pickProducts(app).plain[1].id, quantity: 1 }] });
      const { body } = await placeOrder(app, buyer.token);
      await app.mail.flush();
      const sent = smtp.received.find((mail) => mail.subject === `Your Carbonwise order ${body.data.orderNumber}`);
      expect(sent?.text).toContain('It is paid and confirmed.');
      expect(sent?.html).toContain(`/account/orders/${body.data.id}`);
      const [row] = await rowsTo(app, buyer.email);
      expect(row).toMatchObject({ status: 'sent', render: null });
      expect(row.text).toContain('It is paid and confirmed.');
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});
