import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from './support/server.ts';
import { launchBrowser, watchConsole } from './support/browser.ts';

describe('API docs in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('renders every documented operation under the security headers, without console errors', async () => {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    await page.goto(`${server.url}/api/docs`);
    await page.getByText('Carbonwise API').first().waitFor();
    const spec = await (await fetch(`${server.url}/api/docs/json`)).json();
    const operations = Object.values(spec.paths as Record<string, object>).reduce((sum, methods) => sum + Object.keys(methods).length, 0);
    await expect.poll(() => page.locator('.opblock').count()).toBe(operations);
    expect(problems).toEqual([]);
    await page.close();
  });
});
