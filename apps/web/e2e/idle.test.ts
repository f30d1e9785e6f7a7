import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useProductInBrowser } from './support/journey.ts';
import { logIn, verifiedAccount } from './support/accounts.ts';

/**
 * A page at rest runs no script. A render loop (an effect that sets state its own render depends
 * on) never shows as an error: the page looks right while it keeps a phone's CPU busy and drains
 * its battery. The carbon calculator had one. This measures the script time each page runs while
 * nobody touches it; a loop runs script nearly all the time, a page at rest close to none.
 */
const QUIET_WINDOW_MS = 1_000;
/** Far above a page at rest (a few ms) and far below a loop (most of the window), even on a busy machine. */
const MOST_SCRIPT_MS_AT_REST = 250;

async function scriptMsWhileIdle(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const scriptSeconds = async () => (await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'ScriptDuration')!.value;
  const before = await scriptSeconds();
  await page.waitForTimeout(QUIET_WINDOW_MS);
  const after = await scriptSeconds();
  await cdp.detach();
  return Math.round((after - before) * 1000);
}

describe('pages at rest in a real browser', () => {
  const live = useProductInBrowser();
  let productPath: string;

  beforeAll(async () => {
    const { data } = await (await fetch(`${live.server.url}/api/v1/products?limit=1`)).json();
    productPath = `/products/${data[0].slug}`;
  });

  /** Opens each page, lets it settle, and checks it then runs (almost) no script. */
  async function expectQuiet(page: Page, paths: string[]): Promise<void> {
    for (const path of paths) {
      await page.goto(`${live.server.url}${path}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      // A loop runs script in every window; a late one-off task (a busy CI host finishing the
      // first page's work, seen at 361 ms) in one. So a second window is measured when the
      // first is busy, and the quieter of the two must be at rest.
      let ms = await scriptMsWhileIdle(page);
      if (ms >= MOST_SCRIPT_MS_AT_REST) ms = Math.min(ms, await scriptMsWhileIdle(page));
      expect(ms, `${path} ran ${ms} ms of script in ${QUIET_WINDOW_MS} ms at rest`).toBeLessThan(MOST_SCRIPT_MS_AT_REST);
    }
  }

  it('runs (almost) no script once a public page has loaded', async () => {
    const page = await live.browser.newPage({ viewport: { width: 390, height: 844 } });
    await expectQuiet(page, ['/', '/products', productPath, '/login', '/login?tab=register', '/other/cart', '/carbon-calculator', '/wishlist']);
    await page.close();
  });

  it('runs (almost) no script once a signed-in page has loaded, the calculator with its history too', async () => {
    const email = `idle.${Date.now()}@example.com`;
    await verifiedAccount(live.server, email);
    const page = await live.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${live.server.url}/login`);
    await logIn(page, email);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await expectQuiet(page, ['/carbon-calculator', '/account', '/account/orders', '/account/sustainability', '/other/cart', '/account/referrals']);
    await page.close();
  });
});
