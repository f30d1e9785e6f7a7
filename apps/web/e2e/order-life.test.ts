import { describe, expect, it } from 'vitest';
import { watchConsole } from './support/browser.ts';
import { useProductInBrowser } from './support/journey.ts';
import { logIn, verifiedAccount } from './support/accounts.ts';
import { enrolInConsole } from './support/admin.ts';

const OWNER = 'owner.orders@example.com';
/** SCREENSHOT_DIR=dir keeps screenshots of the order list, the Fulfil dialog and the buyer's order page. */
const SHOTS = process.env.SCREENSHOT_DIR;

/**
 * Issue 25's journey: a buyer orders two offsets and a T-shirt; the operator (signed in with TOTP)
 * ships the shirt and refunds one offset from the console; the buyer gets the shipment mail and
 * sees, on their order page, the parcel's tracking, the voided certificate (its public page says
 * so) and the corrected figures: the order partly refunded with the refund in its history, and
 * the console's totals counting the refund.
 */
describe('the life of an order after payment, in a real browser', () => {
  const live = useProductInBrowser({ ADMIN_EMAILS: OWNER });

  it('buys two offsets and a T-shirt; the operator ships the shirt and refunds one offset; the buyer sees the tracking, the void certificate and the corrected totals', { timeout: 300_000 }, async () => {
    const base = live.server.url;
    await verifiedAccount(live.server, OWNER, { firstName: 'Olive', lastName: 'Owner' });
    const buyerEmail = `buyer.${Date.now()}@example.com`;
    await verifiedAccount(live.server, buyerEmail, { firstName: 'Ada', lastName: 'Green' });
    const products = live.server.app.catalog.snapshot().products;
    const offsets = products.filter((p) => p.kind === 'offset' && p.stock > 10).slice(0, 2);
    const shirt = products.find((p) => p.name === 'Organic Cotton Crew T-Shirt')!;
    const color = shirt.variation[0]!;
    const size = color.sizes.find((s) => s.name === 'M' && s.stock > 0) ?? color.sizes.find((s) => s.stock > 0)!;

    // 1. The buyer logs in, fills the cart (two offset projects and a T-shirt in size M) and checks out.
    const buyerContext = await live.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const buyer = await buyerContext.newPage();
    const buyerProblems = watchConsole(buyer);
    await buyer.goto(`${base}/login`);
    await logIn(buyer, buyerEmail);
    await buyer.getByRole('button', { name: 'Ada, account menu' }).waitFor();
    const token = (await buyerContext.cookies()).find((cookie) => cookie.name === 'JWTToken')!.value;
    const cart = await fetch(`${base}/api/v1/carts`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ products: [...offsets.map((p) => ({ product: p._id, quantity: 1 })), { product: shirt._id, quantity: 1, color: color._id, size: size._id }] }),
    });
    expect(cart.status).toBe(200);
    await buyer.goto(`${base}/other/checkout`, { waitUntil: 'networkidle' });
    await expect.poll(() => buyer.getByTestId('checkout-line').count()).toBe(3);
    await buyer.getByLabel('Street address').fill('1 Leaf Lane');
    await buyer.getByLabel('City').fill('Bristol');
    await buyer.getByLabel('Postal code').fill('BS1 4DJ');
    await buyer.getByRole('combobox', { name: 'Country' }).fill('United Kingdom');
    await buyer.getByRole('option', { name: 'United Kingdom' }).waitFor();
    await buyer.getByRole('combobox', { name: 'Country' }).press('Enter');
    await buyer.getByRole('button', { name: /^Place order/ }).click();
    await buyer.waitForURL(/\/other\/checkout\/complete\//);
    const orderId = buyer.url().split('/').pop()!;
    const orderNumber = await buyer.getByTestId('order-number').innerText();

    // 2. The operator signs in with the second factor and finds the order by the shirt.
    const owner = await live.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const ownerProblems = watchConsole(owner);
    await enrolInConsole(owner, base, OWNER);
    await owner.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await owner.goto(`${base}/admin/orders?product=${shirt._id}`);
    await owner.getByRole('link', { name: orderNumber }).waitFor();
    await owner.getByTestId('order-totals').waitFor();
    expect(await owner.getByLabel('Product').inputValue()).toBe(shirt._id);
    expect(await owner.getByTestId('order-totals').innerText()).toMatch(/1 order in USD/);
    if (SHOTS) {
      await owner.goto(`${base}/admin/orders`);
      await owner.getByRole('link', { name: orderNumber }).waitFor();
      await owner.getByTestId('order-totals').waitFor();
      await owner.screenshot({ path: `${SHOTS}/admin-orders-1280.png`, fullPage: true });
      await owner.setViewportSize({ width: 820, height: 1000 });
      await owner.screenshot({ path: `${SHOTS}/admin-orders-820.png`, fullPage: true });
      await owner.setViewportSize({ width: 1280, height: 900 });
    }

    // 3. The operator ships the shirt: the Fulfil dialog offers the goods line only.
    await owner.getByRole('link', { name: orderNumber }).click();
    const shipping = owner.getByTestId('fulfilment-card');
    await shipping.waitFor();
    expect(await shipping.getByTestId('fulfilment-line').count()).toBe(1);
    expect(await shipping.getByTestId('fulfilment-line').innerText()).toContain('Unfulfilled');
    await shipping.getByRole('button', { name: 'Fulfil' }).click();
    const dialog = owner.getByRole('dialog', { name: `Fulfil order ${orderNumber}` });
    await dialog.getByLabel('Carrier').fill('DHL');
    await dialog.getByLabel('Tracking number').fill('JD0146000062');
    if (SHOTS) {
      await owner.waitForTimeout(400); // the dialog's opening fade
      await owner.screenshot({ path: `${SHOTS}/admin-fulfil-dialog-1280.png` });
      await owner.setViewportSize({ width: 820, height: 1000 });
      await owner.screenshot({ path: `${SHOTS}/admin-fulfil-dialog-820.png` });
      await owner.setViewportSize({ width: 1280, height: 900 });
    }
    await dialog.getByRole('button', { name: 'Ship' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => shipping.getByTestId('fulfilment-line').innerText()).toContain('Shipped');
    await shipping.getByRole('link', { name: 'JD0146000062' }).waitFor();

    // 4. The operator refunds the first offset (its line, with a reason): its certificate becomes void.
    const certificates = (await (await fetch(`${base}/api/v1/orders/${orderId}`, { headers: { authorization: `Bearer ${token}` } })).json()).data.certificates as { serial: string; productName: string }[];
    const voided = certificates.find((c) => c.productName === offsets[0]!.name)!.serial;
    const kept = certificates.find((c) => c.productName === offsets[1]!.name)!.serial;
    await owner.getByRole('button', { name: 'Refund…' }).click();
    const refund = owner.getByRole('dialog');
    await refund.getByLabel('Lines and quantities').check();
    await refund.getByLabel(`${offsets[0]!.name} (1 of 1 left)`).fill('1');
    await refund.getByLabel('Reason (shown to the customer)').fill('Ordered the wrong project');
    await refund.getByRole('button', { name: 'Review refund' }).click();
    await refund.getByRole('button', { name: 'Refund now' }).click();
    await owner.getByText('Status: partly refunded').waitFor();
    // The shirt's shipment stands; the list's totals count the refund.
    expect(await shipping.getByTestId('fulfilment-line').innerText()).toContain('Shipped');
    await owner.goto(`${base}/admin/orders?product=${shirt._id}`);
    await expect.poll(() => owner.getByTestId('order-totals').innerText()).toMatch(new RegExp(`refunded ${(offsets[0]!.priceList.find((p) => p.currency === 'USD')!.priceMinor / 100).toFixed(2)} USD`));

    // 5. The buyer gets the mail and sees the parcel with its tracking link on the order page.
    await live.server.app.mail.flush();
    const outbox = await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(buyerEmail)}`)).json();
    const mail = (outbox.data as { subject: string; text: string }[]).find((m) => m.subject === `Your Carbonwise order ${orderNumber} is on its way`)!;
    expect(mail.text).toContain('Tracking number: JD0146000062');
    expect(mail.text).toContain('Track your parcel: https://www.dhl.com/');
    // On a phone.
    await buyer.setViewportSize({ width: 390, height: 844 });
    await buyer.goto(`${base}/account/orders/${orderId}`, { waitUntil: 'networkidle' });
    const delivery = buyer.getByTestId('order-shipping');
    await delivery.waitFor();
    expect(await delivery.getByTestId('shipping-line').innerText()).toMatch(/1 × Organic Cotton Crew T-Shirt.*\n?.*Shipped/s);
    expect(await delivery.getByRole('link', { name: 'Track your parcel' }).getAttribute('href')).toBe('https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=JD0146000062');
    expect(await buyer.getByTestId('order-timeline').innerText()).toContain('Shipped');
    // The voided certificate, the one still valid, and the order partly refunded.
    expect(await buyer.getByTestId('order-status').first().innerText()).toBe('Partly refunded');
    const certificateRow = (serial: string) => buyer.getByTestId('order-certificates').getByRole('listitem').filter({ hasText: serial });
    expect(await certificateRow(voided).innerText()).toContain('Void');
    expect(await certificateRow(kept).innerText()).not.toContain('Void');
    // The refunded offset's line no longer claims to retire its tonne; the other still does.
    const lineOf = (name: string) => buyer.getByTestId('order-line').filter({ hasText: name });
    expect(await lineOf(offsets[0]!.name).innerText()).toContain('Refunded: 1 t CO₂e no longer retired');
    expect(await lineOf(offsets[1]!.name).innerText()).toContain('Retires 1 t CO₂e');
    expect(await buyer.getByTestId('order-timeline').innerText()).toMatch(/refunded/i);
    const offsetPrice = offsets[0]!.priceList.find((p) => p.currency === 'USD')!.priceMinor;
    const totalMinor = Math.round(Number((await buyer.getByTestId('order-total').innerText()).replace(/[^\d.]/g, '')) * 100);
    expect(await buyer.getByTestId('order-refunded').innerText()).toBe(`−${(offsetPrice / 100).toFixed(2)} USD`);
    expect(await buyer.getByTestId('order-net').innerText()).toBe(`${((totalMinor - offsetPrice) / 100).toFixed(2)} USD`);
    if (SHOTS) {
      await buyer.screenshot({ path: `${SHOTS}/buyer-order-390.png`, fullPage: true });
      await delivery.screenshot({ path: `${SHOTS}/buyer-delivery-390.png` });
    }

    // Its public page says so.
    await buyer.goto(`${base}/certificates/${voided}`, { waitUntil: 'networkidle' });
    expect(await buyer.getByTestId('certificate-status').innerText()).toMatch(/^Void — refunded on (\d{1,2} [A-Z][a-z]+ \d{4}|[A-Z][a-z]+ \d{1,2}, \d{4})$/); // the viewer's locale (lib/dates.ts)
    expect(await buyer.getByTestId('certificate-void-note').innerText()).toContain('Reason given: Ordered the wrong project');
    if (SHOTS) {
      await buyer.screenshot({ path: `${SHOTS}/certificate-void-390.png`, fullPage: true });
      await buyer.setViewportSize({ width: 1280, height: 900 });
      await buyer.screenshot({ path: `${SHOTS}/certificate-void-1280.png`, fullPage: true });
      await buyer.goto(`${base}/account/orders/${orderId}`, { waitUntil: 'networkidle' });
      await buyer.getByTestId('order-shipping').waitFor();
      await buyer.screenshot({ path: `${SHOTS}/buyer-order-1280.png`, fullPage: true });
    }

    expect(ownerProblems.filter((p) => !p.startsWith('Failed to load resource'))).toEqual([]);
    expect(buyerProblems.filter((p) => !p.startsWith('Failed to load resource'))).toEqual([]);
    await buyerContext.close();
    await owner.close();
  });
});
