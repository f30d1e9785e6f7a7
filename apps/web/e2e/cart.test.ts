import { describe, expect, it } from 'vitest';
import { watchConsole } from './support/browser.ts';
import { useProductInBrowser } from './support/journey.ts';
import { PASSWORD, verifiedAccount } from './support/accounts.ts';

describe('add to cart in a real browser', () => {
  const live = useProductInBrowser();

  it("keeps a guest's cart across pages, merges it into the account at login, then adds to the server cart", async () => {
    const email = `cart.${Date.now()}@example.com`;
    await verifiedAccount(live.server, email);
    const page = await live.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = watchConsole(page);
    const count = () => page.getByTestId('cart-count').innerText();

    await page.goto(live.server.url, { waitUntil: 'networkidle' });
    const buttons = page.getByRole('button', { name: 'Add to cart' });
    await buttons.nth(0).click();
    await page.getByText('Added to cart Successfully').first().waitFor();
    await buttons.nth(1).click();
    await buttons.nth(1).click();
    await expect.poll(count).toBe('2');
    await page.screenshot({ path: '/tmp/cart-guest-1280.png' });

    // The guest cart outlives a reload.
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(count).toBe('2');

    await page.goto(`${live.server.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('button', { name: 'Ada, account menu' }).waitFor();
    await expect.poll(count).toBe('2');
    expect(await page.evaluate(() => localStorage.getItem('guestCart'))).toBeNull();

    const token = (await page.context().cookies()).find((c) => c.name === 'JWTToken')!.value;
    const readCart = async () => (await (await fetch(`${live.server.url}/api/v1/carts`, { headers: { authorization: `Bearer ${token}` } })).json()).data;
    const merged = await readCart();
    expect(merged.products.map((line: { quantity: number }) => line.quantity)).toEqual([1, 2]);

    // Signed in, adding goes to the server cart and the count follows its answer.
    await page.goto(`${live.server.url}/products`, { waitUntil: 'networkidle' });
    await expect.poll(count).toBe('2');
    await page.getByRole('button', { name: 'Add to cart' }).nth(5).click();
    await page.getByText('Added to cart Successfully').first().waitFor();
    await expect.poll(count).toBe('3');
    expect((await readCart()).products).toHaveLength(3);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/cart-signed-in-390.png' });
    expect(problems.filter((p) => !p.startsWith('Failed to load resource'))).toEqual([]);
    await page.close();
  });

  it('shows the cart page: guest lines, then the server cart with quantities, a coupon and totals', async () => {
    const email = `cartpage.${Date.now()}@example.com`;
    await verifiedAccount(live.server, email);
    const page = await live.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchConsole(page);
    const count = () => page.getByTestId('cart-count').innerText();

    await page.goto(`${live.server.url}/other/cart`, { waitUntil: 'networkidle' });
    await page.getByTestId('cart-empty').waitFor();
    await page.goto(`${live.server.url}/products`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Add to cart' }).nth(0).click();
    await page.getByRole('button', { name: 'Add to cart' }).nth(1).click();
    await expect.poll(count).toBe('2');
    await page.getByRole('link', { name: /^Cart,/ }).click();
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(2);
    await page.screenshot({ path: '/tmp/cart-page-guest-1280.png', fullPage: true });
    const firstName = await page.getByTestId('cart-line').first().locator('.cart-line__name').innerText();
    await page.getByRole('button', { name: `Increase quantity of ${firstName}` }).click();
    await page.getByText('Quantity increased successfully').first().waitFor();
    expect(await page.getByTestId('cart-line-quantity').first().innerText()).toBe('2');

    await page.getByRole('link', { name: 'Log in to check out' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('button', { name: 'Ada, account menu' }).waitFor();
    await page.goto(`${live.server.url}/other/cart`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(2);
    expect(await page.getByTestId('cart-line-quantity').first().innerText()).toBe('2');
    const subtotal = await page.getByTestId('cart-subtotal').innerText();

    await page.getByLabel('Coupon code').fill('welcome10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Coupon WELCOME10 applied').first().waitFor();
    await page.getByTestId('cart-discount').waitFor();
    expect(await page.getByTestId('cart-total').innerText()).not.toBe(subtotal);
    await page.screenshot({ path: '/tmp/cart-page-signed-in-1280.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/cart-page-signed-in-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Remove coupon' }).click();
    await page.getByText('Coupon removed').first().waitFor();
    expect(await page.getByTestId('cart-total').innerText()).toBe(subtotal);
    await page.getByRole('button', { name: `Decrease quantity of ${firstName}` }).click();
    await page.getByText('Item quantity decreased from cart').first().waitFor();
    await page.getByRole('button', { name: `Remove ${firstName}` }).click();
    await page.getByText('Item Removed from cart').first().waitFor();
    await expect.poll(count).toBe('1');
    await page.evaluate(() => localStorage.setItem('lowestProduct', 'x'));
    await page.getByRole('button', { name: 'Remove all' }).click();
    await page.getByText('Removed All From Cart').first().waitFor();
    await page.getByTestId('cart-empty').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('lowestProduct'))).toBeNull();
    await expect.poll(count).toBe('0');
    expect(problems.filter((p) => !p.startsWith('Failed to load resource'))).toEqual([]);
    await page.close();
  });

  it("presets a first visit's currency from the browser's time zone, once", async () => {
    const context = await live.browser.newContext({ viewport: { width: 1280, height: 800 }, timezoneId: 'Asia/Tokyo' });
    const page = await context.newPage();
    await page.goto(`${live.server.url}/products`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByLabel('Currency').inputValue()).toBe('JPY');
    expect(await page.getByTestId('product-price').first().innerText()).toMatch(/ JPY$/);
    expect((await context.cookies()).find((c) => c.name === 'COUNTRY_SET')?.value).toBe('1');
    // The visitor's own choice stays.
    await page.getByLabel('Currency').selectOption('EUR');
    await page.reload({ waitUntil: 'networkidle' });
    expect(await page.getByLabel('Currency').inputValue()).toBe('EUR');
    await context.close();
  });
});
