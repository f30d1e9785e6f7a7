import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { watchConsole } from './support/browser.ts';
import { useProductInBrowser } from './support/journey.ts';
import { PASSWORD, verifiedAccount } from './support/accounts.ts';

/**
 * The whole purchase with the built-in test provider (issue 9). Needs the orders API
 * (POST v1/orders, GET v1/orders/{id}, GET v1/customer-orders) to be present.
 */
describe('checkout in a real browser', () => {
  const live = useProductInBrowser();

  it('adds two products, applies WELCOME10, checks out with the test provider and finds the order in the history', async () => {
    const email = `checkout.${Date.now()}@example.com`;
    await verifiedAccount(live.server, email);
    const page = await live.browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const problems = watchConsole(page);
    const count = () => page.getByTestId('cart-count').innerText();

    // Checkout asks a visitor to log in first, then comes back.
    await page.goto(`${live.server.url}/other/checkout`, { waitUntil: 'networkidle' });
    await page.waitForURL(/\/login\?/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('button', { name: 'Ada, account menu' }).waitFor();

    // An offset project (it issues a certificate once paid) and a sustainable product.
    await page.goto(`${live.server.url}/products?kind=offset`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Add to cart' }).nth(0).click();
    await expect.poll(count).toBe('1');
    await page.goto(`${live.server.url}/products?kind=goods`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Add to cart' }).nth(0).click();
    await expect.poll(count).toBe('2');

    await page.getByRole('link', { name: /^Cart,/ }).click();
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(2);
    await page.getByLabel('Coupon code').fill('WELCOME10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('cart-discount').waitFor();
    const total = await page.getByTestId('cart-total').innerText();

    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await page.waitForURL(/\/other\/checkout$/);
    await expect.poll(() => page.getByTestId('checkout-line').count()).toBe(2);
    expect(await page.getByTestId('checkout-total').innerText()).toBe(total);
    expect(await page.getByTestId('checkout-discount').innerText()).toMatch(/^−/);
    // Not a business member: no personal-or-business choice.
    expect(await page.getByText('Who is this order for?').count()).toBe(0);

    // The form refuses an empty address with the contract's words.
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.getByText('Address is required').waitFor();
    await page.getByLabel('Street address').fill('1 Leaf Lane');
    await page.getByLabel('City').fill('Bristol');
    await page.getByLabel('Postal code').fill('BS1 4DJ');
    // A searchable list of country names (issue 26 item 2).
    await page.getByRole('combobox', { name: 'Country' }).fill('United Kingdom');
    await page.getByRole('option', { name: 'United Kingdom' }).waitFor();
    await page.getByRole('combobox', { name: 'Country' }).press('Enter');
    expect(await page.getByLabel('Email for the receipt').inputValue()).toBe(email);
    await page.screenshot({ path: '/tmp/checkout-journey-1280.png', fullPage: true });

    await page.getByRole('button', { name: `Place order · ${total}` }).click();
    await page.waitForURL(/\/other\/checkout\/complete\//);
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    await page.getByText('Test payment — no card is charged').first().waitFor();
    const orderNumber = await page.getByTestId('order-number').innerText();
    expect(await page.getByTestId('order-total').innerText()).toBe(total);
    expect(await page.getByTestId('order-line').count()).toBe(2);

    await expect.poll(count).toBe('0');
    expect(await page.evaluate(() => localStorage.getItem('TotalOrders'))).toBe('1');
    expect(await page.evaluate(() => localStorage.getItem('isLastOrderBusiness'))).toBe('false');
    await page.screenshot({ path: '/tmp/checkout-complete-1280.png', fullPage: true });

    await page.getByRole('link', { name: 'View order' }).click();
    await page.getByRole('heading', { name: `Order ${orderNumber}` }).waitFor();
    expect(await page.getByTestId('order-address').innerText()).toContain('1 Leaf Lane');
    expect(await page.getByTestId('payment-provider').innerText()).toBe('Test payment — no card is charged');

    await page.goto(`${live.server.url}/account/orders`, { waitUntil: 'networkidle' });
    const row = page.getByTestId('order-row').filter({ hasText: orderNumber });
    await row.waitFor();
    expect(await row.getByTestId('order-status').innerText()).toBe('Paid');
    expect(await row.getByTestId('order-row-total').innerText()).toBe(total);
    await page.screenshot({ path: '/tmp/orders-journey-1280.png', fullPage: true });
    await row.getByRole('link', { name: orderNumber, exact: true }).click();
    await page.getByRole('heading', { name: `Order ${orderNumber}` }).waitFor();
    expect(await page.getByTestId('order-line').count()).toBe(2);

    // The offset line issued a retirement certificate: listed with the orders, its PDF downloads.
    await page.goto(`${live.server.url}/account/orders`, { waitUntil: 'networkidle' });
    const pdfLink = page.getByRole('link', { name: /^Download PDF of certificate GMC-/ }).first();
    await pdfLink.waitFor();
    const [file] = await Promise.all([page.waitForEvent('download'), pdfLink.click()]);
    expect(file.suggestedFilename()).toMatch(/^GMC-.*\.pdf$/);
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // A second order from the now empty cart is not possible: checkout shows the empty cart.
    await page.goto(`${live.server.url}/other/checkout`, { waitUntil: 'networkidle' });
    await page.getByTestId('cart-empty').waitFor();
    expect(problems.filter((p) => !p.startsWith('Failed to load resource'))).toEqual([]);
    await page.close();
  });
});
