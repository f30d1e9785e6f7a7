import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Product } from '@app/contract';
import { watchConsole } from './support/browser.ts';
import { useProductInBrowser } from './support/journey.ts';

function watchCatalogFetches(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/v1\/(products|filters)/.test(request.url())) calls.push(request.url());
  });
  return calls;
}

describe('catalog search and filters in a real browser', () => {
  const live = useProductInBrowser();
  const api = async (query: string): Promise<Product[]> => (await (await fetch(`${live.server.url}/api/v1/products?showDetails=1&${query}`)).json()).data;

  it('searches "cook", filters by a standard, goes Back, and opens a product', async () => {
    const page = await live.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchConsole(page);
    await page.goto(`${live.server.url}/products`, { waitUntil: 'networkidle' });

    await page.getByRole('searchbox', { name: 'Search products' }).fill('cook');
    await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
    await page.waitForURL(/\?q=cook$/);
    const cooking = await api('q=cook');
    expect(cooking.length).toBeGreaterThanOrEqual(3);
    await expect.poll(() => page.getByTestId('product-card').count()).toBe(cooking.length);
    expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('');

    const filters = page.getByRole('complementary', { name: 'Filters' });
    const standard = cooking[0]!.details!.standards[0]!;
    // click, not check(): the router applies the new URL in a transition, so the box turns checked a moment later.
    const standardBox = filters.getByRole('checkbox', { name: new RegExp(`^${standard.name}`) });
    await standardBox.click();
    await expect.poll(() => standardBox.isChecked()).toBe(true);
    await page.waitForURL(new RegExp(`standard=${standard.slug}`));
    const narrowed = await api(`q=cook&standard=${standard.slug}`);
    expect(narrowed.length).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('product-card').count()).toBe(narrowed.length);
    await expect.poll(() => page.getByRole('button', { name: `Remove filter ${standard.name}` }).count()).toBe(1);

    // Back undoes the filter; Forward brings it again.
    await page.goBack();
    await page.waitForURL(/\?q=cook$/);
    await expect.poll(() => page.getByTestId('product-card').count()).toBe(cooking.length);
    await page.goForward();
    await expect.poll(() => page.getByTestId('product-card').count()).toBe(narrowed.length);

    await page.getByRole('link', { name: narrowed[0]!.name, exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: narrowed[0]!.name }).waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('hydrates a shared filtered link without fetching, and pages through with links', async () => {
    const page = await live.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchConsole(page);
    const fetches = watchCatalogFetches(page);
    await page.goto(`${live.server.url}/products?kind=offset&sort=name`, { waitUntil: 'networkidle' });
    const offsets = await api('kind=offset&sort=name');
    expect(await page.getByTestId('product-card').count()).toBe(Math.min(24, offsets.length));
    expect(fetches).toEqual([]);
    expect(await page.getByRole('heading', { level: 3 }).first().innerText()).toBe(offsets[0]!.name);
    if (offsets.length > 24) {
      await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click();
      await page.waitForURL(/page=2/);
      await expect.poll(() => page.getByRole('heading', { level: 3 }).first().innerText()).toBe(offsets[24]!.name);
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it('searches from the header on any page', async () => {
    const page = await live.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchConsole(page);
    await page.goto(live.server.url, { waitUntil: 'networkidle' });
    await page.getByRole('searchbox', { name: 'Search the shop' }).fill('Solar');
    await page.getByRole('searchbox', { name: 'Search the shop' }).press('Enter');
    await page.waitForURL(/\/products\?q=Solar$/);
    const solar = await api('q=solar');
    expect(solar.length).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('product-card').count()).toBe(solar.length);
    expect(await page.getByRole('searchbox', { name: 'Search products' }).inputValue()).toBe('solar');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens the filters in a drawer on a phone', async () => {
    const page = await live.browser.newPage({ viewport: { width: 390, height: 844 } });
    const problems = watchConsole(page);
    await page.goto(`${live.server.url}/products`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.waitFor();
    const goodsBox = drawer.getByRole('checkbox', { name: /^Sustainable goods/ });
    await goodsBox.click();
    await expect.poll(() => goodsBox.isChecked()).toBe(true);
    await page.waitForURL(/kind=goods/);
    const goods = await api('kind=goods');
    await drawer.getByRole('button', { name: new RegExp(`^Show ${goods.length} products`) }).click();
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('product-card').count()).toBe(Math.min(24, goods.length));
    expect(await page.getByRole('button', { name: 'Filters (1)' }).count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });
});
