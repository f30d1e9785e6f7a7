import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import type { CatalogFacets, Product } from '@app/contract';
import { CatalogBrowser } from './CatalogBrowser.tsx';
import { CatalogCache } from '../api/catalog-cache.ts';
import { CatalogCacheProvider } from '../api/use-catalog.ts';
import { cleanup, click, render } from '../../../test/render.tsx';
// Loaded up front, so the flushes below need not wait for a module load.
import '../api/product-schemas.ts';

function product(n: number): Product {
  const id = `00000000-0000-0000-0000-${String(n).padStart(12, '0')}`;
  return {
    _id: id,
    id,
    slug: `p-${n}`,
    name: `Product ${n}`,
    kind: 'offset',
    image: [],
    shortDescription: 'One.',
    description: '',
    country: 'KE',
    countryName: 'Kenya',
    stock: 5,
    actualStock: 5,
    unit: 'tonne CO2e',
    variation: [],
    priceList: [{ currency: 'USD', currencySymbol: '$', price: 10, oldPrice: null, priceMinor: 1000, oldPriceMinor: null }],
    categoryList: [],
    tags: [],
    projectValidityDate: null,
    featured: false,
    offered: false,
    averageRating: null,
    reviewCount: 0,
    details: { standards: [], sdgs: [] },
    createdAt: '2025-01-01T00:00:00.000Z',
  };
}

const facets: CatalogFacets = {
  total: 30,
  categories: [
    { slug: 'clean-cooking', name: 'Clean cooking', count: 4 },
    { slug: 'apparel', name: 'Apparel', count: 0 },
  ],
  countries: [{ code: 'KE', name: 'Kenya', count: 30 }],
  standards: [{ slug: 'gold-standard', name: 'Gold Standard', logo: '/gs.svg', count: 30 }],
  sdgs: [{ number: 13, name: 'Climate action', image: '/sdg13.svg', color: '#3f7e44', count: 12 }],
  tags: [{ tag: 'cookstoves', count: 3 }],
  kinds: [
    { kind: 'offset', count: 30 },
    { kind: 'goods', count: 0 },
  ],
  availability: { inStock: 30, outOfStock: 0 },
  priceRanges: [{ currency: 'USD', min: 5, max: 50 }],
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: Mock<typeof fetch>;
let pageAnswer: (url: URL) => Response;
let location: ReturnType<typeof useLocation>;
let navigate: ReturnType<typeof useNavigate>;

function Probe() {
  location = useLocation();
  navigate = useNavigate();
  return null;
}

beforeEach(() => {
  pageAnswer = (url) => {
    const page = Number(url.searchParams.get('page'));
    const size = Number(url.searchParams.get('size'));
    const all = Array.from({ length: 30 }, (_, i) => product(i + 1));
    return json({ success: true, data: all.slice((page - 1) * size, page * size), meta: { page, size, total: 30 } });
  };
  fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/v1/filters') return json({ success: true, data: facets });
    return pageAnswer(url);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function flush() {
  for (let i = 0; i < 5; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

async function renderAt(url: string) {
  const rendered = render(
    <CatalogCacheProvider cache={new CatalogCache({}, { retry: 0 })}>
      <MemoryRouter initialEntries={[url]}>
        <Probe />
        <CatalogBrowser currency="USD" onAddToCart={() => {}} />
      </MemoryRouter>
    </CatalogCacheProvider>,
  );
  await flush();
  return rendered.container;
}

const requested = () => fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
const checkbox = (container: HTMLElement, name: string) =>
  [...container.querySelectorAll<HTMLInputElement>('.catalog-layout__filters input[type="checkbox"]')].find((input) =>
    container.querySelector(`label[for="${CSS.escape(input.id)}"]`)?.getAttribute('aria-label')?.startsWith(name),
  )!;
const buttonNamed = (container: ParentNode, text: string) => [...container.querySelectorAll('button')].find((b) => b.textContent?.trim() === text)!;

function typeInto(input: HTMLInputElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('CatalogBrowser', () => {
  it('asks the API for the page and facets the URL describes', async () => {
    await renderAt('/products?standard=gold-standard&sort=price-asc&page=2');
    const [list, filters] = [requested().find((u) => u.pathname === '/api/v1/products')!, requested().find((u) => u.pathname === '/api/v1/filters')!];
    expect(Object.fromEntries(list.searchParams)).toEqual({ showDetails: '1', standard: 'gold-standard', sort: 'price-asc', currency: 'USD', page: '2', size: '24' });
    // Facet counts do not depend on the order or the page.
    expect(Object.fromEntries(filters.searchParams)).toEqual({ standard: 'gold-standard' });
  });

  it('shows the page with its range, checked facets with counts, and page links', async () => {
    const container = await renderAt('/products?standard=gold-standard');
    expect(container.querySelectorAll('[data-testid="product-card"]')).toHaveLength(24);
    expect(container.querySelector('.catalog-count')?.textContent).toBe('1–24 of 30 items');
    expect(checkbox(container, 'Gold Standard (30)').checked).toBe(true);
    expect(checkbox(container, 'Clean cooking (4)').checked).toBe(false);
    // A value no product would match cannot be chosen.
    expect(checkbox(container, 'Apparel (0)').disabled).toBe(true);
    const pagination = container.querySelector('nav[aria-label="Pagination"]')!;
    expect(pagination.querySelector('a[aria-current="page"]')?.textContent).toBe('1');
    expect(pagination.querySelector('a[rel="next"]')?.getAttribute('href')).toBe('/products?standard=gold-standard&page=2');
  });

  it('puts each change in the URL as a new history entry: facets go back to page 1, and Back undoes', async () => {
    const container = await renderAt('/products?page=2');
    act(() => checkbox(container, 'Clean cooking').click());
    expect(location.search).toBe('?category=clean-cooking');
    act(() => checkbox(container, 'SDG 13').click());
    expect(location.search).toBe('?category=clean-cooking&sdg=13');
    await flush();
    expect(requested().some((u) => u.searchParams.get('category') === 'clean-cooking' && u.searchParams.get('sdg') === '13')).toBe(true);

    // A chip removes its own filter.
    click(container.querySelector('button[aria-label="Remove filter Clean cooking"]')!);
    expect(location.search).toBe('?sdg=13');

    act(() => void navigate(-1));
    expect(location.search).toBe('?category=clean-cooking&sdg=13');
    await flush();
    expect(checkbox(container, 'Clean cooking').checked).toBe(true);
  });

  it('searches on submit and sorts by the select; "Best match" is the order while searching', async () => {
    const container = await renderAt('/products?sort=name');
    const input = container.querySelector<HTMLInputElement>('input[type="search"]')!;
    typeInto(input, '  Cook  ');
    act(() => container.querySelector('form[role="search"]')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
    expect(location.search).toBe('?q=cook&sort=name');
    await flush();

    const select = container.querySelector('select')!;
    act(() => {
      select.value = '';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(location.search).toBe('?q=cook');
    expect(select.options[0]!.textContent).toBe('Best match');
    act(() => {
      select.value = 'price-desc';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(location.search).toBe('?q=cook&sort=price-desc');
  });

  it('applies a price range in the visitor currency', async () => {
    const container = await renderAt('/products');
    const [min, max] = [...container.querySelectorAll<HTMLInputElement>('.catalog-layout__filters input[type="number"]')];
    typeInto(min!, '30');
    typeInto(max!, '10');
    act(() => min!.form!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
    // Swapped when typed the wrong way round; the currency travels with the bounds.
    expect(location.search).toBe('?minPrice=10&maxPrice=30&currency=USD');
  });

  it('says what to do when nothing matches, and Clear filters keeps the sort', async () => {
    pageAnswer = () => json({ success: true, data: [], meta: { page: 1, size: 24, total: 0 } });
    const container = await renderAt('/products?tag=cookstoves&country=KE&sort=name');
    expect(container.textContent).toContain('No products match these filters');
    click(buttonNamed(container.querySelector('.catalog-state')!, 'Clear filters'));
    expect(location.search).toBe('?sort=name');
  });

  it("shows 'Failed to fetch products' when the list cannot be loaded", async () => {
    pageAnswer = () => json({ success: false, message: 'boom', code: 'INTERNAL_ERROR' }, 500);
    const container = await renderAt('/products?kind=goods');
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('Failed to fetch products');
  });

  it('opens the filters in a drawer from the Filters button (phones), which counts the chosen filters', async () => {
    const container = await renderAt('/products?kind=offset&sdg=13');
    const open = buttonNamed(container, 'Filters (2)');
    expect(open).toBeDefined();
    const dialog = container.querySelector('dialog')!;
    expect(dialog.open).toBe(false);
    click(open);
    expect(dialog.open).toBe(true);
    expect(dialog.querySelectorAll('input[type="checkbox"]').length).toBeGreaterThan(0);
    click(dialog.querySelector('button[aria-label="Close filters"]')!);
    expect(dialog.open).toBe(false);
  });
});
