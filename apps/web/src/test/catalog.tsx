import { act, type ReactNode } from 'react';
import { afterEach, beforeEach, vi, type Mock } from 'vitest';
import { MemoryRouter } from 'react-router';
import { CatalogCache } from '../features/products/api/catalog-cache.ts';
import { CatalogCacheProvider } from '../features/products/api/use-catalog.ts';
import { cleanup, render, type Rendered } from './render.tsx';
// getProducts loads its zod schemas on demand; loaded up front, settle() need not wait for a module load.
import '../features/products/api/product-schemas.ts';

/**
 * Support for tests of components that read products through the catalog cache (the home page's
 * rows, the product grid): a fetch stub per test, rendering inside the providers the app gives
 * them, and letting their fetches settle.
 */

/**
 * Stubs the global fetch for each test of the file with a mock that has no answers yet (the test
 * sets them), and after each test unmounts what it rendered, then restores fetch. Call it once at
 * the top of the file; the mock it answers is reset before every test.
 */
export function stubFetchForEachTest(): Mock<typeof fetch> {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    // Unmount first: a component still loading must not reach the real fetch.
    cleanup();
    vi.unstubAllGlobals();
  });
  return fetchMock;
}

/**
 * Renders `ui` inside a router with `cache` as its catalog, as the app's providers do. The default
 * cache is empty and never retries, so a failed fetch shows at once.
 */
export function renderWithCatalog(ui: ReactNode, cache: CatalogCache = new CatalogCache({}, { retry: 0 })): Rendered {
  return render(
    <CatalogCacheProvider cache={cache}>
      <MemoryRouter>{ui}</MemoryRouter>
    </CatalogCacheProvider>,
  );
}

/**
 * Lets pending fetches and the cache's state updates settle inside act(): five rounds, each
 * waiting for a timer (setTimeout 0), where dom.ts's flush() only drains microtasks.
 */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}
