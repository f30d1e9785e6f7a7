import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TestServer } from './support/server.ts';
import { watchConsole } from './support/browser.ts';
import { useProductInBrowser } from './support/journey.ts';

const PASSWORD = 'Seedling-growth-24';
/** Set SCREENSHOT_DIR to keep screenshots of each carbon page at 1280 and 390 px. */
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;

/** A verified account made through the API (the account journey tests the screens). */
async function verifiedAccount(server: TestServer, email: string) {
  const post = (path: string, body: unknown, method = 'POST') =>
    fetch(`${server.url}/api${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const registered = await post('/auth/register', { firstName: 'Ada', lastName: 'Green', email, password: PASSWORD, confirmPassword: PASSWORD });
  // The sign-up proof shows the verifier made this sign-up, so its password is kept (decision 0005).
  const { signUpProof } = (await registered.json()).data;
  await server.app.mail.flush();
  const outbox = await (await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
  const code = /Your code: (\d{6})/.exec(outbox.data[0]?.text ?? '')?.[1];
  const verified = await post('/auth/registration-otp-verify', { email, otp: code, signUpProof }, 'PATCH');
  expect(verified.status).toBe(200);
}

/** The whole page, or with `section` only that part (the sticky header and toasts stay out). */
async function shoot(page: Page, name: string, section?: string) {
  if (!SCREENSHOT_DIR) return;
  for (const width of [1280, 390]) {
    // A section in a viewport tall enough to hold it, without the sticky header or a toast over it.
    await page.setViewportSize({ width, height: section ? 1600 : 900 });
    const path = `${SCREENSHOT_DIR}/${name}-${width}.png`;
    await (section ? page.locator(section).screenshot({ path, style: '.site-header, .toaster { visibility: hidden; }' }) : page.screenshot({ path, fullPage: true }));
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const total = (page: Page) => page.getByTestId('carbon-total').innerText();
const bar = (page: Page, key: string) => page.getByTestId(`bar-${key}`).innerText();

describe('carbon calculator in a real browser', () => {
  const live = useProductInBrowser();

  it('recomputes the total and breakdown as the inputs change; a logged-in user saves and sees the history', async () => {
    const page = await live.browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    const problems = watchConsole(page);
    await page.goto(`${live.server.url}/carbon-calculator`);
    await page.getByRole('heading', { name: 'Carbon calculator' }).waitFor();
    await page.getByTestId('carbon-total').waitFor();

    // en-GB starts on the United Kingdom; H1 of MODEL.md (2 people, medium income) is 14.7 t.
    expect(await page.getByLabel('Country').inputValue()).not.toBe('');
    expect(await page.locator('#carbon-country option:checked').innerText()).toBe('United Kingdom');
    await page.getByLabel('People in your household').fill('2');
    await expect.poll(() => total(page)).toBe('14.7 t CO2e');
    const dietBefore = await bar(page, 'diet');

    // More meat: diet and the total go up; no request is needed for it.
    await page.getByRole('group', { name: 'Meat in your meals' }).getByRole('radio', { name: 'High' }).check();
    await expect.poll(() => bar(page, 'diet')).not.toBe(dietBefore);
    const meaty = await total(page);
    expect(meaty).not.toBe('14.7 t CO2e');
    // Another country: the comparison names it.
    await page.getByLabel('Country').selectOption({ label: 'India' });
    await expect.poll(() => total(page)).not.toBe(meaty);
    expect(await page.getByText('India average').count()).toBe(1);
    expect(await page.getByText(/Our World in Data/).count()).toBeGreaterThan(0);
    // Cited under the result and in its list of factors used (issue 27 item 5).
    expect(await page.getByText(/Scarborough et al/).count()).toBeGreaterThan(0);
    await shoot(page, 'carbon-calculator-visitor');

    // A visitor can offset the result too: the price first, then into the guest cart (issue 26).
    const offer = page.getByTestId('offset-offer').first();
    await offer.getByRole('button', { name: /^See what offsetting \d+ t costs$/ }).click();
    await offer.getByTestId('offset-quote').waitFor();
    expect(await offer.getByTestId('offset-quote').innerText()).toMatch(/^\d+ t CO2e for [\d,]+\.\d\d [A-Z]{3}$/);
    await shoot(page, 'carbon-offset-quote-visitor');
    await offer.getByRole('button', { name: /^Fill my cart with offsets for \d+ t$/ }).click();
    await offer.getByText('Added to your cart.').waitFor();
    await expect.poll(() => page.getByTestId('cart-count').innerText()).not.toBe('0');
    // The calculator is in the main navigation.
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Carbon calculator' }).getAttribute('aria-current')).toBe('page');

    // Log in, come back, save, and find it in the history.
    const email = `carbon.${Date.now()}@example.com`;
    await verifiedAccount(live.server, email);
    await page.goto(`${live.server.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('button', { name: 'Ada, account menu' }).waitFor();
    await page.goto(`${live.server.url}/carbon-calculator`);
    await page.getByLabel('People in your household').fill('2');
    await expect.poll(() => total(page)).toBe('14.7 t CO2e');
    await page.getByText('Nothing saved yet').waitFor();
    await page.getByRole('button', { name: 'Save this result' }).click();
    await page.getByRole('button', { name: 'Saved' }).waitFor();
    const item = page.getByTestId('history-item').first();
    await item.waitFor();
    expect(await item.innerText()).toContain('Household');
    expect(await item.innerText()).toContain('14.7 t');
    expect(await page.getByRole('img', { name: /Footprint over time/ }).count()).toBe(1);
    expect(await page.getByText('Offsets count once their order is paid', { exact: false }).count()).toBe(1);
    // Nothing offset yet: the whole footprint is the gap, 14.7 t → 15 whole tonnes.
    const history = page.locator('section[aria-labelledby="history-title"]');
    await history.getByRole('button', { name: 'See what offsetting 15 t costs' }).waitFor();
    await shoot(page, 'carbon-saved-footprints', 'section[aria-labelledby="history-title"]');

    // The flight calculator: type-ahead with the keyboard.
    const from = page.getByRole('combobox', { name: 'From' });
    await from.fill('LHR');
    await page.getByRole('option', { name: /LHR/ }).first().waitFor();
    await from.press('Enter');
    const to = page.getByRole('combobox', { name: 'To' });
    await to.fill('JFK');
    await page.getByRole('option', { name: /JFK/ }).first().waitFor();
    await to.press('ArrowDown');
    await to.press('ArrowUp');
    await to.press('Enter');
    await page.getByTestId('flight-total').waitFor();
    expect(await page.getByText(/Long-haul/).count()).toBe(1);
    await shoot(page, 'carbon-calculator-signed-in');

    // The price first, then one click fills the cart with offset projects covering the gap.
    await history.getByRole('button', { name: 'See what offsetting 15 t costs' }).click();
    expect(await history.getByTestId('offset-quote').innerText()).toMatch(/^15 t CO2e for /);
    await history.getByRole('button', { name: 'Fill my cart with offsets for 15 t' }).click();
    await page.locator('.toast', { hasText: 'Added to cart Successfully' }).first().waitFor();
    await page.goto(`${live.server.url}/other/cart`);
    await page.getByTestId('cart-line').first().waitFor();
    const quantities = (await page.getByTestId('cart-line-quantity').allInnerTexts()).map(Number);
    // The visitor's offsets joined the account's cart at login, then the gap's 15 t were added.
    expect(quantities.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(15);

    // Delete it again from the history.
    await page.goto(`${live.server.url}/carbon-calculator`);
    await page.getByRole('button', { name: /Delete the household footprint/ }).click();
    await page.getByText('Nothing saved yet').waitFor();

    expect(problems.filter((p) => !p.startsWith('Failed to load resource'))).toEqual([]);
    await page.close();
  });

  it("says 'Failed to load countries' when the country list fails", async () => {
    const page = await live.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.route('**/api/v1/countries*', (route) => route.fulfill({ status: 500, body: '{}' }));
    // Opened from another page: a server-rendered calculator arrives with its countries, so the
    // list is fetched (and can fail) only when the page is reached inside the app.
    await page.goto(`${live.server.url}/forgot-password`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Carbon calculator' }).click();
    await page.getByText('Failed to load countries').waitFor();
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(1);
    await page.close();
  });

  it('edits the sustainability profile and shows the public page without hidden fields', async () => {
    const page = await live.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchConsole(page);
    const email = `profile.${Date.now()}@example.com`;
    await verifiedAccount(live.server, email);
    await page.goto(`${live.server.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('button', { name: 'Ada, account menu' }).waitFor();

    await page.goto(`${live.server.url}/account/sustainability`);
    await page.getByLabel('Title').fill('Ada Green, cycling to zero');
    await page.getByLabel('Short description').fill('Our household footprint, month by month.');
    await page.getByLabel('About us').fill('We measure first, then we cut, then we offset what is left.');
    // The country is a searchable list of names (issue 26 item 2).
    await page.locator('#profile-country').fill('United King');
    await page.getByRole('option', { name: 'United Kingdom' }).click();
    await page.locator('#profile-name').fill('Ada Green');
    await page.locator('#profile-phone').fill('+44 20 7946 0000');
    await page.locator('#profile-twitter').fill('https://x.com/adagreen');
    const showFor = (id: string) => page.locator(`.profile-editor__flagged:has(#${id}) input[type=checkbox]`);
    await showFor('profile-name').check();
    await showFor('profile-twitter').check();
    await page.getByRole('radio', { name: 'Green' }).check();
    await page.getByRole('button', { name: 'Save profile' }).click();
    const link = page.getByRole('link', { name: /\/sustainability\// });
    await link.waitFor();
    await shoot(page, 'sustainability-editor');

    // A bad social link is refused with the field's message.
    await page.locator('#profile-linkedin').fill('https://evil.example.com/in/ada');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText(/Enter an https:\/\/ link to LinkedIn/).first().waitFor();

    await link.click();
    await page.getByRole('heading', { name: 'Ada Green, cycling to zero' }).waitFor();
    expect(await page.getByText('Ada Green', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'X (Twitter)' }).count()).toBe(1);
    expect(await page.getByText('7946').count()).toBe(0);
    expect(await page.getByText('United Kingdom').count()).toBeGreaterThan(0);
    expect(await page.locator('.profile-view').getAttribute('data-theme')).toBe('green');
    await shoot(page, 'sustainability-public');

    await page.goto(`${live.server.url}/sustainability/nobody-here`);
    await page.getByRole('heading', { name: 'No profile here' }).waitFor();
    expect(problems.filter((p) => !p.startsWith('Failed to load resource'))).toEqual([]);
    await page.close();
  });
});
