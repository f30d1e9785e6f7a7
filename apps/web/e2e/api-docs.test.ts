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
    // Every documented path shows on the page, scrolling down as a reader would: Swagger UI
    // renders only the operation blocks near the view, so counting ".opblock" elements at once
    // sees only the first screens of a long document.
    const paths = Object.keys(spec.paths as Record<string, object>);
    expect(paths.length).toBeGreaterThan(100);
    const seen = new Set<string>();
    const missing = async () => {
      const text = (await page.locator('section.swagger-ui').innerText()).replace(/\u200b/g, '');
      for (const path of paths) if (text.includes(path)) seen.add(path);
      await page.mouse.wheel(0, 600); // the next blocks render as they come into view
      return paths.filter((path) => !seen.has(path));
    };
    await expect.poll(missing).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
