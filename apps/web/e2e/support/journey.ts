import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from './server.ts';
import { launchBrowser } from './browser.ts';

/**
 * The product and a browser for one test file: started before its tests, closed after them.
 * Read `server` and `browser` from the returned object inside tests (they exist only then).
 */
export function useProductInBrowser(env: Record<string, string> = {}) {
  const context = {} as { server: TestServer; browser: Browser };
  beforeAll(async () => {
    context.server = await startTestServer(env);
    context.browser = await launchBrowser();
  });
  afterAll(async () => {
    await context.browser?.close();
    await context.server?.close();
  });
  return context;
}
