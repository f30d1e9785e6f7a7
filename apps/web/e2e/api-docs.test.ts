import { describe, expect, it } from 'vitest';

import { watchConsole } from './support/browser.ts';
import { useProductInBrowser } from './support/journey.ts';

describe('API docs in a real browser', () => {
  const live = useProductInBrowser();

  it('renders every documented operation under the security headers, without console errors', async () => {
    const page = await live.browser.newPage();
    const problems = watchConsole(page);
    await page.goto(`${live.server.url}/api/docs`);
    await page.getByText('Carbonwise API').first().waitFor();
    const spec = await (await fetch(`${live.server.url}/api/docs/json`)).json();
    const operations = Object.values(spec.paths as Record<string, object>).reduce((sum, methods) => sum + Object.keys(methods).length, 0);
    await expect.poll(() => page.locator('.opblock').count()).toBe(operations);
    expect(problems).toEqual([]);
    await page.close();
  });
});
