import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Product } from '@app/contract';
import { registerVerified } from '../../api/test/auth-helpers.ts';
import { watchConsole } from './support/browser.ts';
import { useProductInBrowser } from './support/journey.ts';

const SPEC_ROWS = [
  'Remove',
  'Image',
  'Title',
  'Price',
  'Add to Cart',
  'Description',
  'Country',
  'Availability',
  'Project Validity Date',
  'Standard Certification Authority',
  'Category',
  'Sdgs',
  'Tags',
];

const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text }).first().waitFor();

describe('compare and wishlist in a real browser', () => {
  const live = useProductInBrowser();

  it('compares two products, keeps them over a reload, and the popup closes when both are removed', async () => {
    const page = await live.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = watchConsole(page);
    const [first, second] = live.server.app.catalog.snapshot().products as readonly Product[];

    await page.goto(`${live.server.url}/products`);
    await page.getByRole('button', { name: `Compare: ${first.name}` }).click();
    await toast(page, 'Added To Compare');
    await page.getByRole('button', { name: `Compare: ${second.name}` }).click();
    expect(await page.getByRole('button', { name: `Compare: ${first.name}` }).getAttribute('aria-pressed')).toBe('true');

    // The list survives a reload.
    await page.reload();
    const bar = page.getByRole('button', { name: 'Compare (2)' });
    await bar.click();
    await page.getByRole('dialog', { name: 'Compare products (2)' }).waitFor();
    // The title follows the count, so find the popup by its start from here on.
    const dialog = page.getByRole('dialog', { name: /^Compare products/ });
    // The table arrives with the popup's own chunk: wait for its last row before reading them.
    await dialog.locator('tbody tr[data-row="Tags"]').waitFor();
    expect(await dialog.locator('tbody th').allInnerTexts()).toEqual(SPEC_ROWS);
    expect(await dialog.locator('tbody tr[data-row="Title"] td').allInnerTexts()).toEqual([first.name, second.name]);

    await dialog.getByRole('button', { name: `Remove ${first.name} from compare` }).click();
    await toast(page, 'Removed From Compare');
    expect(await dialog.locator('tbody tr[data-row="Title"] td').allInnerTexts()).toEqual([second.name]);
    await dialog.getByRole('button', { name: `Remove ${second.name} from compare` }).click();
    // Emptied: the popup closes itself and the bar goes away.
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('compare-bar').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('compare'))).toBeNull();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('sends a visitor to log in, then wishlists a product, shows it on /wishlist and removes all', async () => {
    const page = await live.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = watchConsole(page);
    const { email, password } = await registerVerified(live.server.app, { firstName: 'Wren' });
    const product = (live.server.app.catalog.snapshot().products as readonly Product[])[2];
    const heart = page.getByRole('button', { name: `Wishlist: ${product.name}` });

    await page.goto(`${live.server.url}/products`);
    await heart.click();
    await page.waitForURL(`${live.server.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    // The login brings the shopper back to the catalog.
    await page.waitForURL(`${live.server.url}/products`);

    await heart.click();
    await toast(page, 'Added To Wishlist');
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('link', { name: 'Wishlist, 1 item' }).click();
    await page.waitForURL(`${live.server.url}/wishlist`);
    const items = page.getByTestId('wishlist-item');
    await items.first().waitFor();
    expect(await items.locator('h2').allInnerTexts()).toEqual([product.name]);

    await page.getByRole('button', { name: 'Remove all' }).click();
    await toast(page, 'Removed All From Wishlist');
    await page.getByText('Your wishlist is empty').waitFor();
    // The server agrees.
    const token = (await page.context().cookies()).find((c) => c.name === 'JWTToken')!.value;
    const saved = await (await fetch(`${live.server.url}/api/v1/wishlists`, { headers: { authorization: `Bearer ${token}` } })).json();
    expect(saved.data.products).toEqual([]);
    expect(problems.filter((p) => !p.startsWith('Failed to load resource'))).toEqual([]);
    await page.close();
  });
});
