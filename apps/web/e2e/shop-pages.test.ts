import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { watchConsole } from './support/browser.ts';
import { useProductInBrowser } from './support/journey.ts';
import { logIn, verifiedAccount } from './support/accounts.ts';

/** A 1×1 PNG, the logo the owner uploads. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const SCREENSHOTS = process.env.SCREENSHOT_DIR;

/**
 * Business shop pages in a real browser: an owner creates a business, builds its shop page
 * with a logo, a brand colour and two catalog products; a visitor opens /shop/<slug> and sees them.
 */
describe('business shop pages in a real browser', () => {
  const live = useProductInBrowser();


  it('lets an owner build a shop page with two products that a visitor then sees', async () => {
    const products = (await (await fetch(`${live.server.url}/api/v1/products`)).json()).data as Array<{ id: string; name: string }>;
    const [first, second] = [products[0]!, products[1]!];
    const ownerEmail = `shop.owner.${Date.now()}@example.com`;
    await verifiedAccount(live.server, ownerEmail);

    const owner = await live.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const ownerProblems = watchConsole(owner);
    await owner.goto(`${live.server.url}/login?next=/other/my-business-account`, { waitUntil: 'networkidle' });
    await logIn(owner, ownerEmail);
    await owner.getByRole('heading', { name: 'Create your business account' }).waitFor();
    await owner.getByLabel('Business name *').fill('Canopy Collective');
    await owner.getByRole('button', { name: 'Create business account' }).click();
    await owner.getByRole('heading', { name: 'Canopy Collective', level: 1 }).waitFor();

    await owner.goto(`${live.server.url}/account/shop-page`, { waitUntil: 'networkidle' });
    await owner.getByRole('heading', { name: 'Create your shop page' }).waitFor();
    await owner.getByLabel('Page title *').fill('Canopy climate shop');
    await owner.getByLabel('Tagline').fill('Forests we fund, verified');
    await owner.getByLabel('Description').fill('We restore forests with local growers.');
    await owner.getByLabel('Brand colour', { exact: true }).fill('#0f766e');
    await owner.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await owner.getByAltText('Logo preview').waitFor();
    for (const product of [first, second]) {
      await owner.getByLabel('Search the catalog').fill(product.name.slice(0, 12));
      await owner.getByRole('checkbox', { name: product.name }).check();
    }
    expect(await owner.getByRole('list', { name: 'Chosen products' }).getByRole('listitem').count()).toBe(2);
    if (SCREENSHOTS) await owner.screenshot({ path: `${SCREENSHOTS}/editor-1280.png`, fullPage: true });
    await owner.getByRole('button', { name: 'Create shop page' }).click();
    await owner.getByRole('heading', { name: 'Your shop page' }).waitFor();
    const href = await owner.getByRole('link', { name: /^\/shop\// }).getAttribute('href');
    expect(href).toMatch(/^\/shop\/canopy-collective/);
    if (SCREENSHOTS) {
      await owner.setViewportSize({ width: 390, height: 844 });
      await owner.screenshot({ path: `${SCREENSHOTS}/editor-390.png`, fullPage: true });
    }

    // A visitor (no session) opens the page.
    for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
      const visitor = await live.browser.newPage({ viewport });
      const visitorProblems = watchConsole(visitor);
      await visitor.goto(`${live.server.url}${href}`, { waitUntil: 'networkidle' });
      await visitor.getByRole('heading', { name: 'Canopy climate shop', level: 1 }).waitFor();
      expect(await visitor.getByText('Forests we fund, verified').count()).toBe(1);
      const cards = visitor.getByTestId('product-card');
      await expect.poll(() => cards.count()).toBe(2);
      expect(await cards.nth(0).innerText()).toContain(first.name);
      expect(await cards.nth(1).innerText()).toContain(second.name);
      expect(await visitor.getByAltText('Canopy Collective logo').getAttribute('src')).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
      if (SCREENSHOTS) await visitor.screenshot({ path: `${SCREENSHOTS}/shop-${viewport.width}.png`, fullPage: true });
      // The business's public page leads to the shop.
      await visitor.goto(`${live.server.url}${href!.replace(/^\/shop\//, '/business/')}`, { waitUntil: 'networkidle' });
      await visitor.getByRole('heading', { name: 'Canopy Collective', level: 1 }).waitFor();
      if (SCREENSHOTS) await visitor.screenshot({ path: `${SCREENSHOTS}/business-public-${viewport.width}.png`, fullPage: true });
      await visitor.getByRole('link', { name: 'Visit the shop (2 products)' }).click();
      await visitor.getByRole('heading', { name: 'Canopy climate shop', level: 1 }).waitFor();
      expect(visitorProblems).toEqual([]);
      await visitor.close();
    }
    expect(ownerProblems).toEqual([]);
  });
});
