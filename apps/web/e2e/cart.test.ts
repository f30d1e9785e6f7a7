import { describe, expect, it } from 'vitest';
import { watchConsole } from './support/browser.ts';
import { useProductInBrowser } from './support/journey.ts';
import type { TestServer } from './support/server.ts';

const PASSWORD = 'Seedling-growth-24';

/** A verified account made through the API, as registration and the mailed code do. */
async function verifiedAccount(server: TestServer, email: string) {
  const registered = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Ada', lastName: 'Green', email, password: PASSWORD, confirmPassword: PASSWORD }),
  });
  const { data } = await registered.json();
  await server.app.mail.flush();
  const outbox = await (await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
  const otp = /Your code: (\d{6})/.exec(outbox.data[0].text)![1];
  const verified = await fetch(`${server.url}/api/auth/registration-otp-verify`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, otp, signUpProof: data?.signUpProof }),
  });
  expect(verified.status).toBe(200);
}

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
});
