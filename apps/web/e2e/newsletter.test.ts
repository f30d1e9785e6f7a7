import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TestServer } from './support/server.ts';
import { watchConsole } from './support/browser.ts';
import { useProductInBrowser } from './support/journey.ts';

/** The newest link of a kind mailed to an address, read from the development outbox. */
async function latestLink(server: TestServer, email: string, route: 'verify' | 'unsubscribe'): Promise<string> {
  await server.app.mail.flush();
  const outbox = await (await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
  for (const message of outbox.data as { text: string }[]) {
    const match = new RegExp(`/api/v1/mailing-lists/${route}\\?tk=[A-Za-z0-9_%.-]+`).exec(message.text);
    if (match) return `${server.url}${match[0]}`;
  }
  throw new Error(`no ${route} link mailed to ${email}`);
}

/** 409 is an expected answer (a confirmation went out a moment ago); the browser still logs it. */
const unexpected = (problems: string[]) => problems.filter((problem) => !problem.includes('status of 409'));

/** The popup waits for navigator.webdriver to be false (it stays away from automated browsers). */
async function asAPerson(page: Page) {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }));
}

describe('newsletter and metrics on the home page', () => {
  const live = useProductInBrowser();

  it('shows the platform figures computed by the API', async () => {
    const page = await live.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchConsole(page);
    const products = (await (await fetch(`${live.server.url}/api/v1/products`)).json()).data.length;
    await page.goto(live.server.url);
    // A new shop: no "0 orders · 0 members", but what it has and that it has just opened.
    const launch = page.getByTestId('metrics-launch');
    await expect.poll(() => launch.innerText().catch(() => '')).toContain(`${products} products and projects`);
    expect(await page.locator('[data-metric="members"]').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Featured' }).count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('subscribes with the inline form, confirms from the mailbox, then unsubscribes', async () => {
    const page = await live.browser.newPage({ viewport: { width: 390, height: 844 } });
    const problems = watchConsole(page);
    const email = `reader.${Date.now()}@example.com`;
    await page.goto(live.server.url);
    const form = page.locator('.newsletter-form--inline');
    const input = form.getByPlaceholder('Your Email Address *');

    await input.fill('not an email');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    const status = form.getByRole('status');
    await expect.poll(() => status.innerText()).toBe('Please enter a valid email');
    expect(await status.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(185, 28, 28)');
    expect(await input.getAttribute('aria-invalid')).toBe('true');

    await input.fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => status.innerText()).toContain('check your inbox');
    expect(await status.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(21, 128, 61)');

    // Again at once: 409, still green, and no second mail.
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => status.innerText()).toContain('already sent you a confirmation email');
    expect(await status.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(21, 128, 61)');

    await page.goto(await latestLink(live.server, email, 'verify'));
    await page.getByRole('heading', { name: 'You are subscribed' }).waitFor();
    await page.getByRole('link', { name: 'Go to the shop' }).click();
    await page.getByRole('heading', { level: 1, name: 'Offset your footprint with verified projects' }).waitFor();

    await page.goto(await latestLink(live.server, email, 'unsubscribe'));
    await page.getByRole('heading', { name: 'Unsubscribe from the newsletter?' }).waitFor();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    expect(unexpected(problems)).toEqual([]);
    await page.close();
  });

  it('offers the popup once per visitor: subscribe, verify step, fade out, and not again', async () => {
    const context = await live.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await asAPerson(page);
    await page.clock.install();
    await page.goto(live.server.url);
    await page.getByRole('heading', { name: 'Featured' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.clock.runFor(20_000);
    const dialog = page.getByRole('dialog', { name: 'Subscribe to our newsletter' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Be the first one to get cutting-edge insights on Sustainability, delivered to your inbox');
    await dialog.getByLabel('Email Address *').fill(`popup.${Date.now()}@example.com`);
    await dialog.getByRole('button', { name: 'SUBSCRIBE' }).click();
    const verify = page.getByRole('dialog', { name: 'Please verify your email' });
    await verify.getByRole('button', { name: 'Verified' }).waitFor();
    await verify.getByRole('button', { name: "I'll verify it later" }).waitFor();
    await verify.getByRole('button', { name: 'Resend link' }).click();
    await expect.poll(() => verify.getByRole('status').innerText()).toContain('already sent you a confirmation email');

    await verify.getByRole('button', { name: 'Verified' }).click();
    await expect.poll(() => page.locator('.newsletter-popup--closing').count()).toBe(1);
    expect(await page.getByRole('dialog').count()).toBe(1); // still fading
    await page.clock.runFor(1_000);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await page.reload();
    await page.getByRole('heading', { name: 'Featured' }).waitFor();
    await page.clock.runFor(60_000);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});
