import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { watchConsole } from './support/browser.ts';
import { useProductInBrowser } from './support/journey.ts';
import { PASSWORD, logIn, verifiedAccount } from './support/accounts.ts';

const SHOTS = process.env.SCREENSHOT_DIR;

/** Logs in through the API and answers the token (for the organiser's setup, which is not under test here). */
async function apiToken(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: email, password: PASSWORD, strategy: 'password' }) });
  return (await response.json()).token;
}

/** One offset into the cart from the catalog, then to checkout. */
async function addOffsetAndCheckOut(page: Page, base: string) {
  await page.goto(`${base}/products?kind=offset`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Add to cart' }).first().click();
  await page.locator('.toast', { hasText: 'Added to cart Successfully' }).first().waitFor();
  await page.goto(`${base}/other/checkout`, { waitUntil: 'networkidle' });
  await page.getByTestId('checkout-line').first().waitFor();
}

async function fillAddress(page: Page) {
  await page.getByLabel('Street address').fill('1 Leaf Lane');
  await page.getByLabel('City').fill('Bristol');
  await page.getByLabel('Postal code').fill('BS1 4DJ');
  // The country is a searchable list of names (issue 26 item 2).
  const country = page.getByRole('combobox', { name: 'Country' });
  await country.fill('united k');
  await page.getByRole('option', { name: 'United Kingdom' }).waitFor();
  await country.press('Enter');
  // downshift reports the choice from an effect, so the box shows the name a render later.
  await expect.poll(() => country.inputValue()).toBe('United Kingdom');
}

/**
 * Issue 26 item 1 in a real browser: viewing an event ties nothing (the next order is personal,
 * its certificate names the buyer); "Buy for this event" ties the cart, the checkout shows the tie
 * preselected, and the order is the event's, its certificate naming the event.
 */
describe('buying for an event', () => {
  const live = useProductInBrowser();

  it('ties a cart only by "Buy for this event", shows the tie at checkout, and a viewed event takes over nothing', async () => {
    const base = live.server.url;
    const stamp = Date.now();
    const organiser = `tie.organiser.${stamp}@example.com`;
    const shopper = `tie.shopper.${stamp}@example.com`;
    await verifiedAccount(live.server, organiser);
    await verifiedAccount(live.server, shopper);
    const token = await apiToken(base, organiser);
    const post = (path: string, body: unknown) => fetch(`${base}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    expect((await post('/v1/business-profiles', { name: 'Summit Hosts' })).status).toBe(201);
    const created = await post('/v1/business-events', { name: 'Climate Summit 2026', startDate: '2026-06-01', endDate: '2026-06-02', country: 'NL' });
    const { conferanceCode } = (await created.json()).data;

    const page = await live.browser.newPage({ viewport: { width: 390, height: 844 } });
    const problems = watchConsole(page);
    await page.goto(`${base}/login?next=/events/${conferanceCode}`, { waitUntil: 'networkidle' });
    await logIn(page, shopper);
    await page.getByRole('heading', { name: 'Climate Summit 2026', level: 1 }).waitFor();
    // The country is shown by name.
    expect(await page.locator('.ev-facts').innerText()).toContain('Netherlands');

    // Only viewed: the next purchase is personal.
    await addOffsetAndCheckOut(page, base);
    expect(await page.getByTestId('event-tie').count()).toBe(0);
    expect(await page.getByText('Who is this order for?').count()).toBe(0);
    await fillAddress(page);
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL(/\/other\/checkout\/complete\//);
    await page.getByRole('link', { name: 'View order' }).click();
    await page.getByText('Personal order').first().waitFor();

    // "Buy for this event": the cart is the event's, shown (and removable) at checkout.
    await page.goto(`${base}/events/${conferanceCode}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Buy for this event' }).click();
    await page.waitForURL(/\/products\?kind=offset$/);
    await page.locator('.toast', { hasText: 'Your cart is now for Climate Summit 2026' }).waitFor();
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    await page.locator('.toast', { hasText: 'Added to cart Successfully' }).first().waitFor();
    await page.goto(`${base}/other/checkout`, { waitUntil: 'networkidle' });
    await page.getByTestId('event-tie').waitFor();
    expect(await page.getByTestId('event-tie').innerText()).toContain('Climate Summit 2026');
    expect(await page.getByRole('radio', { name: /For the event/ }).isChecked()).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/checkout-event-tie-390.png`, fullPage: true });
    await fillAddress(page);
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL(/\/other\/checkout\/complete\//);
    await page.getByRole('link', { name: 'View order' }).click();
    await page.getByText('Event order').first().waitFor();

    // The certificates: the first names the buyer, the second the event (not its code).
    const me = await (await fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${await apiToken(base, shopper)}` } })).json();
    const certificates = await (await fetch(`${base}/api/v1/users/${me.data._id}/certificates`, { headers: { authorization: `Bearer ${await apiToken(base, shopper)}` } })).json();
    const names = (certificates.data as { beneficiary: { type: string; name: string } }[]).map((c) => `${c.beneficiary.type}: ${c.beneficiary.name}`).sort();
    expect(names).toEqual(['event: Climate Summit 2026', 'person: Ada Green']);
    expect(problems).toEqual([]);
    await page.close();
  });
});
