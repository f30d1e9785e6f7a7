import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { watchConsole } from './support/browser.ts';
import { useProductInBrowser } from './support/journey.ts';
import { PASSWORD, logIn, verifiedAccount } from './support/accounts.ts';

const SHOTS = process.env.SCREENSHOT_DIR;

async function apiToken(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: email, password: PASSWORD, strategy: 'password' }) });
  return (await response.json()).token;
}

async function reportTab(page: Page, base: string) {
  await page.goto(`${base}/other/my-business-account?section=report`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Emissions report' }).waitFor();
}

/**
 * Issue 27 item 2 in a real browser: the owner records last year's spend from the Report tab; that
 * year's report counts it, and the business's current spend (the Carbon tab's) stays as it was.
 */
describe("a past year's spend in the emissions report", () => {
  const live = useProductInBrowser();

  it('adds spend for last year on the Report tab, at 1280 and 390 px, without touching this year', async () => {
    const base = live.server.url;
    const owner = `report.owner.${Date.now()}@example.com`;
    await verifiedAccount(live.server, owner);
    const token = await apiToken(base, owner);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const created = await fetch(`${base}/api/v1/business-profiles`, { method: 'POST', headers, body: JSON.stringify({ name: 'Ledger Lane' }) });
    const { businessCode } = (await created.json()).data;
    // This year's spend, set beforehand: software, 20,000 USD.
    const current = await fetch(`${base}/api/v1/business-profiles/carbon-inputs/${businessCode}`, { method: 'PUT', headers, body: JSON.stringify({ spend: [{ naics: '541511', usd: 20_000 }] }) });
    expect(current.status).toBe(200);
    const lastYear = new Date().getUTCFullYear() - 1;

    const page = await live.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchConsole(page);
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    await logIn(page, owner);
    await page.getByRole('button', { name: 'Ada, account menu' }).waitFor();
    await reportTab(page, base);
    // Signed in, the header's tools never run under the cart or off the page, at any width.
    const measure = () =>
      page.evaluate(() => {
        const box = (selector: string) => document.querySelector(selector)?.getBoundingClientRect();
        const visible = [...document.querySelectorAll('.site-header__menu > *, .site-header__tools > *')].map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0);
        return { cartLeft: box('.site-header__cart')!.left, rightmost: Math.max(0, ...visible.map((r) => r.right)), scrollWidth: document.documentElement.scrollWidth };
      });
    for (const width of [1440, 1280, 1200, 1181, 1180, 1024, 900, 390]) {
      await page.setViewportSize({ width, height: 900 });
      // The report's charts follow the width a frame or two later (a ResizeObserver): wait for them.
      await expect.poll(async () => (await measure()).scrollWidth, { message: `${width} px`, timeout: 5_000 }).toBeLessThanOrEqual(width);
      const layout = await measure();
      expect(layout.rightmost, `${width} px`).toBeLessThanOrEqual(layout.cartLeft);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/header-signed-in-${width}.png`, clip: { x: 0, y: 0, width, height: 70 } });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByLabel('Year').selectOption(String(lastYear));
    await page.getByRole('button', { name: `Add spend for ${lastYear}` }).click();
    const form = page.locator('form', { has: page.getByRole('heading', { name: `Spend in ${lastYear}` }) });
    await form.waitFor();
    await form.getByLabel('Category 1', { exact: true }).selectOption('481111');
    await form.getByLabel('Amount (USD)').fill('10,000');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/report-past-year-spend-1280.png`, fullPage: true });
    await form.getByRole('button', { name: 'Save spend' }).click();
    await page.locator('.toast', { hasText: 'Spend saved' }).waitFor();
    await form.waitFor({ state: 'detached' });
    // Last year's report now has its air travel (10,000 USD × 0.976 kg/USD ≈ 9.76 t).
    await page.getByRole('button', { name: `Edit spend for ${lastYear}` }).waitFor();
    await expect.poll(() => page.getByTestId('report-inventory').innerText()).toMatch(/^9\.\d\d t CO₂e$/);

    // This year's spend is untouched, on the Carbon tab and through the API.
    const rollup = await (await fetch(`${base}/api/v1/business-profiles/get/carbon-calculations?businessCode=${businessCode}`, { headers })).json();
    expect(rollup.data.inputs.spend).toEqual([{ naics: '541511', usd: 20_000 }]);

    // At a phone's width the form fits the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: `Edit spend for ${lastYear}` }).click();
    await form.waitFor();
    expect(await form.getByLabel('Amount (USD)').inputValue()).toBe('10000');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/report-past-year-spend-390.png`, fullPage: true });
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await page.close();
  });
});
