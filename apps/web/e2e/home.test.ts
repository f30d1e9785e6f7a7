import { beforeAll, describe, expect, it } from 'vitest';
import { formatPrice, shortDescriptionBullets, type Product } from '@app/contract';
import { HOME_GRID_SIZE } from '@app/contract/constants';
import type { Page } from 'playwright-core';
import { watchConsole } from './support/browser.ts';
import { useProductInBrowser } from './support/journey.ts';

/**
 * The grid is below the fold, in a section the browser does not draw until it comes near the
 * viewport (content-visibility): scroll to it as a visitor would before reading its cards.
 */
async function scrollToGrid(page: Page) {
  await page.getByTestId('product-card').first().waitFor({ state: 'attached' });
  await page.evaluate(() => document.querySelector('[data-testid="product-card"]')!.scrollIntoView());
  await page.getByTestId('product-card').first().waitFor();
}

describe('home page in a real browser', () => {
  const live = useProductInBrowser();
  let products: Product[];

  beforeAll(async () => {
    const response = await fetch(`${live.server.url}/api/v1/products?showDetails=1`);
    products = (await response.json()).data;
  });

  it('shows the first HOME_GRID_SIZE products with their price, bullets and stock text', async () => {
    const page = await live.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = watchConsole(page);
    await page.goto(live.server.url);
    const cards = page.getByTestId('product-card');
    await scrollToGrid(page);
    // The seed has more products than the grid shows: the rest are on the catalog page.
    expect(products.length).toBeGreaterThan(HOME_GRID_SIZE);
    expect(await cards.count()).toBe(HOME_GRID_SIZE);

    for (const product of products.slice(0, HOME_GRID_SIZE)) {
      const card = page.locator('[data-testid="product-card"]', { has: page.getByRole('heading', { name: product.name, exact: true }) });
      const usd = product.priceList.find((entry) => entry.currency === 'USD')!;
      await expect.poll(() => card.innerText()).toContain(formatPrice(usd.price, 'USD'));
      const image = card.locator('img').first();
      expect(await image.getAttribute('src')).toBe(product.image[0]);
      expect(await card.locator('img').count()).toBe(1);
      const bullets = await card.locator('li').allInnerTexts();
      expect(bullets.map((b) => b.trim())).toEqual(expect.arrayContaining(shortDescriptionBullets(product.shortDescription)));
      if (product.actualStock <= 0) {
        const button = card.getByRole('button', { name: 'Out of Stock' });
        expect(await button.isDisabled()).toBe(true);
        expect(await card.innerText()).not.toContain('In Stock');
      } else {
        expect(await card.innerText()).toContain('In Stock');
        expect(await card.getByRole('button', { name: 'Out of Stock' }).count()).toBe(0);
      }
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it('links from the grid to the catalog with the total, filtered by the chosen kind', async () => {
    const page = await live.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = watchConsole(page);
    await page.goto(live.server.url);
    await page.getByRole('link', { name: `Browse all ${products.length} products` }).click();
    await page.waitForURL(`${live.server.url}/products`);
    await page.getByRole('heading', { name: products[HOME_GRID_SIZE]!.name, exact: true }).waitFor();

    const goods = products.filter((product) => product.kind === 'goods');
    await page.goto(`${live.server.url}/?kind=goods`);
    expect(await page.locator('.catalog-count').innerText()).toBe(`${goods.length} items`);
    await page.getByRole('link', { name: `Browse all ${goods.length} sustainable goods` }).click();
    await page.waitForURL(`${live.server.url}/products?kind=goods`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('switches every price to the chosen currency', async () => {
    const page = await live.browser.newPage();
    await page.goto(live.server.url);
    await scrollToGrid(page);
    await page.getByLabel(/currency/i).first().selectOption('EUR');
    const first = products[0];
    const eur = first.priceList.find((entry) => entry.currency === 'EUR')!;
    const card = page.locator('[data-testid="product-card"]', { has: page.getByRole('heading', { name: first.name, exact: true }) });
    await expect.poll(() => card.innerText()).toContain(formatPrice(eur.price, 'EUR'));
    expect(await card.innerText()).not.toContain(' USD');
    await page.close();
  });

  it('fits a phone screen without sideways scrolling and can be used by keyboard', async () => {
    const page = await live.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(live.server.url);
    await scrollToGrid(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.tagName);
    expect(['A', 'BUTTON']).toContain(focused);
    await page.close();
  });

  it('shows the not-found page for an unknown address, answered with HTTP 404 and noindex', async () => {
    const page = await live.browser.newPage();
    const response = await page.goto(`${live.server.url}/no/such/page`);
    expect(response?.status()).toBe(404);
    expect(await page.title()).toBe('Page not found — Carbonwise');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    // The not-found page's code loads on demand: wait for its heading, not just the header.
    await page.getByRole('heading', { name: /couldn.t find that page/i }).waitFor();
    expect(await page.innerText('main')).toMatch(/couldn.t find that page/i);
    await page.close();
  });
});
