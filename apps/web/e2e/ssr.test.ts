import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatPrice, type Product } from '@app/contract';
import { watchConsole } from './support/browser.ts';
import { useProductInBrowser } from './support/journey.ts';
import { logIn, verifiedAccount } from './support/accounts.ts';

/** Product list API calls the page makes: a hydrated server page must make none. */
function watchProductFetches(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/product')) calls.push(request.url());
  });
  return calls;
}

describe('server-rendered public pages in a real browser', () => {
  const live = useProductInBrowser();
  let products: Product[];
  let inStock: Product;

  beforeAll(async () => {
    const response = await fetch(`${live.server.url}/api/v1/products?showDetails=1`);
    products = (await response.json()).data;
    inStock = products.find((product) => product.actualStock > 0 && product.priceList.some((p) => p.oldPrice !== null)) ?? products[0]!;
  });

  it('shows a product page with JavaScript disabled (the HTML is complete)', async () => {
    const context = await live.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${live.server.url}/products/${inStock.slug}`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(inStock.name);
    const usd = inStock.priceList.find((p) => p.currency === 'USD')!;
    expect(await page.getByTestId('product-price').innerText()).toBe(formatPrice(usd.price, 'USD'));
    expect(await page.getByText('In Stock').count()).toBe(1);
    expect(await page.title()).toBe(`${inStock.name} — Carbonwise`);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(jsonLd.offers.priceCurrency).toBe('USD');
    await context.close();
  });

  it('renders prices in the currency cookie, and hydrates to the same', async () => {
    const context = await live.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name: 'currency', value: 'EUR', url: live.server.url }]);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${live.server.url}/products/${inStock.slug}`, { waitUntil: 'networkidle' });
    const eur = inStock.priceList.find((p) => p.currency === 'EUR')!;
    expect(await page.getByTestId('product-price').innerText()).toBe(formatPrice(eur.price, 'EUR'));
    expect(await page.getByLabel('Currency').inputValue()).toBe('EUR');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('hydrates home, catalog and product pages without console errors, CSP violations or refetching', async () => {
    const page = await live.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = watchConsole(page);
    const fetches = watchProductFetches(page);
    for (const path of ['/', '/?kind=offset', '/products', '/products?kind=goods', `/products/${inStock.slug}`]) {
      await page.goto(`${live.server.url}${path}`, { waitUntil: 'networkidle' });
      // The guest cart lasts across pages (localStorage): start each page from an empty one.
      await page.evaluate(() => localStorage.removeItem('guestCart'));
      // Hydrated: a client-side interaction works (adding to the cart bumps the badge).
      await page.getByRole('button', { name: 'Add to cart' }).first().click();
      await expect.poll(() => page.getByTestId('cart-count').innerText()).toBe('1');
    }
    expect(problems).toEqual([]);
    expect(fetches).toEqual([]);
    await page.close();
  });

  it('moves between home, catalog and product page inside the app', async () => {
    const page = await live.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = watchConsole(page);
    await page.goto(live.server.url, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: inStock.name, exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: inStock.name }).waitFor();
    expect(await page.title()).toBe(`${inStock.name} — Carbonwise`);
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'All products' }).click();
    await page.getByRole('heading', { level: 1, name: 'All products' }).waitFor();
    // The catalog shows its first page of 24.
    await expect.poll(() => page.getByTestId('product-card').count()).toBe(Math.min(24, products.length));
    await page.getByRole('link', { name: 'Carbonwise' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Offset your footprint with verified projects' }).waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('fetches only what the server did not send when moving inside the app from a product page', async () => {
    const page = await live.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = watchConsole(page);
    await page.goto(`${live.server.url}/products/${inStock.slug}`, { waitUntil: 'networkidle' });
    const fetches = watchProductFetches(page);
    // The product page's island holds that product only: the catalog asks the API for its first page.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'All products' }).click();
    await page.getByRole('heading', { level: 1, name: 'All products' }).waitFor();
    await expect.poll(() => page.getByTestId('product-card').count()).toBe(Math.min(24, products.length));
    expect(fetches.map((url) => new URL(url).pathname + new URL(url).search)).toEqual(['/api/v1/products?showDetails=1&page=1&size=24']);
    // Another product comes from that page at once, without asking again.
    const other = products.slice(0, 24).find((product) => product.slug !== inStock.slug) ?? inStock;
    await page.getByRole('link', { name: other.name, exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: other.name }).waitFor();
    expect(fetches).toHaveLength(1);
    // Back returns to the catalog, still from the cache.
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'All products' }).waitFor();
    expect(fetches).toHaveLength(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('answers an unknown product with a clear not-found page', async () => {
    const page = await live.browser.newPage();
    const response = await page.goto(`${live.server.url}/products/no-such-product`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('We couldn’t find that product');
    await page.close();
  });

  it('shows the login form with JavaScript disabled, its fields disabled until the page is live', async () => {
    const context = await live.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${live.server.url}/login`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Welcome back');
    expect(await page.title()).toBe('Log in — Carbonwise');
    // Without the app nothing can be typed or sent: a native submit would put the password in the address.
    expect(await page.getByLabel('Email').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Log in', exact: true }).isDisabled()).toBe(true);
    await context.close();
  });

  it('hydrates the server-rendered login page: no console errors, the fields come alive, and logging in works', async () => {
    const email = 'ssr-login@example.com';
    await verifiedAccount(live.server, email);
    const context = await live.browser.newContext();
    const page = await context.newPage();
    const problems = watchConsole(page);
    const response = await page.goto(`${live.server.url}/login`);
    expect(await response!.text()).toContain('Welcome back');
    await expect.poll(() => page.getByLabel('Email').isEnabled()).toBe(true);
    await page.getByRole('tab', { name: 'Create account' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Create your account');
    await page.getByRole('tab', { name: 'Log in' }).click();
    // As a person would: type once the login form is back (on a loaded host the switch can take a moment).
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Welcome back');
    await logIn(page, email);
    await page.waitForURL(`${live.server.url}/`);
    // Signed in now: the server sends /login as the app shell, and the page sends the visitor on.
    const again = await page.goto(`${live.server.url}/login`);
    expect(await again!.text()).toContain('<div id="root"></div>');
    await page.waitForURL(`${live.server.url}/`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the carbon calculator with JavaScript disabled: the visitor\'s country and its result, the fields disabled', async () => {
    const context = await live.browser.newContext({ javaScriptEnabled: false, locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${live.server.url}/carbon-calculator`);
    expect(await page.title()).toBe('Carbon calculator — Carbonwise');
    expect(await page.locator('#carbon-country option:checked').innerText()).toBe('United Kingdom');
    expect(await page.getByTestId('carbon-total').innerText()).toMatch(/^\d+\.\d t CO2e$/);
    expect(await page.getByLabel('People in your household').isDisabled()).toBe(true);
    await context.close();
  });

  it('hydrates the server-rendered calculator without fetching the countries again, and it computes', async () => {
    const context = await live.browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const countryFetches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/countries')) countryFetches.push(request.url());
    });
    const response = await page.goto(`${live.server.url}/carbon-calculator`, { waitUntil: 'networkidle' });
    expect(await response!.text()).toContain('id="ssr-data"');
    const served = await page.getByTestId('carbon-total').innerText();
    await expect.poll(() => page.getByLabel('People in your household').isEnabled()).toBe(true);
    expect(await page.locator('#carbon-country option:checked').innerText()).toBe('United Kingdom');
    expect(await page.getByTestId('carbon-total').innerText()).toBe(served);
    // H1 of MODEL.md: 2 people in the United Kingdom, medium income, is 14.7 t.
    await page.getByLabel('People in your household').fill('2');
    await expect.poll(() => page.getByTestId('carbon-total').innerText()).toBe('14.7 t CO2e');
    expect(countryFetches).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reports no CSP violation on the pages loaded as the app shell', async () => {
    const page = await live.browser.newPage();
    const problems = watchConsole(page);
    // A guard from the data-router days, when React Router warned "No `HydrateFallback` element
    // provided" for lazy pages; lazy pages now have a <Suspense> fallback.
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    for (const path of ['/login', '/forgot-password', '/account']) {
      await page.goto(`${live.server.url}${path}`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }
    expect(problems.filter((problem) => /Content Security Policy|unsafe-eval/i.test(problem))).toEqual([]);
    expect(problems).toEqual([]);
    expect(warnings.filter((warning) => warning.includes('HydrateFallback'))).toEqual([]);
    await page.close();
  });
});

describe('header on a phone (390 px)', () => {
  const live = useProductInBrowser();

  it('names the cart "Cart, 0 items" although the word is hidden', async () => {
    const page = await live.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(live.server.url, { waitUntil: 'networkidle' });
    // Before: ", 0 items" (the label was display: none).
    expect(await page.getByRole('link', { name: 'Cart, 0 items', exact: true }).count()).toBe(1);
    await page.close();
  });

  it('tabs from the menu button to the cart, left to right as they appear', async () => {
    const page = await live.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(live.server.url, { waitUntil: 'networkidle' });
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.focus();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('href'));
    expect(focused).toBe('/other/cart');
    const menuBox = (await menu.boundingBox())!;
    const cartBox = (await page.getByRole('link', { name: /^Cart,/ }).boundingBox())!;
    // Before: the cart sat left of the menu button although Tab reached it after.
    expect(cartBox.x).toBeGreaterThan(menuBox.x);
    await page.close();
  });
});
