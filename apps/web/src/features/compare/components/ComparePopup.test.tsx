import { useState } from 'react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { Product } from '@app/contract';
import { CatalogCache } from '../../products/api/catalog-cache.ts';
import { CatalogCacheProvider } from '../../products/api/use-catalog.ts';
import { clearToasts, toastStore } from '../../../components/ui/toast-store.ts';
import { cleanup, click, render } from '../../../test/render.tsx';
import { getButton } from '../../../test/dom.ts';
import { makeTestProduct } from '../../../test/product-fixture.ts';
import { COMPARE_STORAGE_KEY, getCompareIds, reloadCompareFromStorage } from '../compare-store.ts';
import { ComparePopup } from './ComparePopup.tsx';
import { CompareToggle } from './CompareToggle.tsx';
import { formatDay } from '../../../lib/dates.ts';

const withSizes = makeTestProduct('a', {
  name: 'Solar lantern',
  variation: [
    { _id: 'red', name: 'Red', hex: '#f00', image: null, stock: 2, sizes: [{ _id: 'red-s', name: 'S', stock: 1 }, { _id: 'red-m', name: 'M', stock: 1 }] },
    { _id: 'blue', name: 'Blue', hex: '#00f', image: null, stock: 1, sizes: [{ _id: 'blue-s', name: 'S', stock: 1 }] },
  ],
});
const plain = makeTestProduct('b', { name: 'Kenya cookstoves' });
const soldOut = makeTestProduct('c', { name: 'Sold out goods', actualStock: 0 });

function compare(...ids: string[]) {
  localStorage.setItem(COMPARE_STORAGE_KEY, JSON.stringify(ids));
  reloadCompareFromStorage();
}

const toasts = () => toastStore.get().map((toast) => toast.message);
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const scroller = () => document.querySelector<HTMLElement>('[data-testid="compare-scroller"]')!;

function Harness({ onAddToCart, products }: { onAddToCart: (...args: unknown[]) => void; products: Product[] }) {
  const [open, setOpen] = useState(true);
  const [cache] = useState(() => new CatalogCache({ list: products }));
  return (
    <MemoryRouter>
      <CatalogCacheProvider cache={cache}>
        <p data-testid="open-state">{open ? 'open' : 'closed'}</p>
        <ComparePopup open={open} onOpenChange={setOpen} onAddToCart={onAddToCart} />
      </CatalogCacheProvider>
    </MemoryRouter>
  );
}

function renderPopup(products: Product[] = [withSizes, plain, soldOut]) {
  const onAddToCart = vi.fn();
  const view = render(<Harness onAddToCart={onAddToCart} products={products} />);
  return { ...view, onAddToCart, openState: () => view.container.querySelector('[data-testid="open-state"]')!.textContent };
}

/** Makes the scroller report a box and content size, as a browser's layout would. */
function layout(element: HTMLElement, sizes: { scrollWidth: number; clientWidth: number; scrollLeft?: number }) {
  let scrollLeft = sizes.scrollLeft ?? 0;
  Object.defineProperty(element, 'scrollWidth', { configurable: true, get: () => sizes.scrollWidth });
  Object.defineProperty(element, 'clientWidth', { configurable: true, get: () => sizes.clientWidth });
  Object.defineProperty(element, 'scrollLeft', { configurable: true, get: () => scrollLeft, set: (value: number) => (scrollLeft = value) });
  const scrollBy = vi.fn((options: ScrollToOptions) => {
    scrollLeft = Math.max(0, Math.min(sizes.scrollWidth - sizes.clientWidth, scrollLeft + (options.left ?? 0)));
    element.dispatchEvent(new Event('scroll'));
  });
  Object.defineProperty(element, 'scrollBy', { configurable: true, value: scrollBy });
  act(() => {
    window.dispatchEvent(new Event('resize'));
  });
  return scrollBy;
}

const arrows = () => ({
  left: document.querySelector('[data-testid="compare-left"]') !== null,
  right: document.querySelector('[data-testid="compare-right"]') !== null,
});

beforeEach(() => {
  localStorage.clear();
  reloadCompareFromStorage();
  clearToasts();
});
afterEach(() => {
  cleanup();
  clearToasts();
});

describe('compare popup (spec §2.5)', () => {
  it('shows one column per product and the rows in the spec order', () => {
    compare('a', 'b', 'c');
    renderPopup();
    const rows = [...dialog()!.querySelectorAll('tbody tr')];
    expect(rows.map((row) => row.querySelector('th')!.textContent)).toEqual([
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
    ]);
    for (const row of rows) expect(row.querySelectorAll('td')).toHaveLength(3);
    const cells = (name: string) => [...rows.find((row) => row.querySelector('th')!.textContent === name)!.querySelectorAll('td')].map((td) => td.textContent);
    // Columns follow the order the products were added.
    expect(cells('Title')).toEqual(['Solar lantern', 'Kenya cookstoves', 'Sold out goods']);
    // An offset's price says what a unit is (issue 26.10).
    expect(cells('Price')[0]).toBe('12.50 USD per tonne CO₂e');
    expect(cells('Availability')).toEqual(['In Stock', 'In Stock', 'Out of Stock']);
    expect(cells('Standard Certification Authority')[0]).toBe('Gold Standard');
    expect(cells('Project Validity Date')[0]).toBe(formatDay('2030-12-31'));
    expect(dialog()!.querySelector('img[alt="SDG 7: Affordable and clean energy"]')).not.toBeNull();
  });

  it('shows no arrows while everything fits', () => {
    compare('a', 'b');
    renderPopup();
    layout(scroller(), { scrollWidth: 600, clientWidth: 600 });
    expect(arrows()).toEqual({ left: false, right: false });
  });

  it('shows only the arrow that can move, and each scrolls by 400 px', () => {
    compare('a', 'b', 'c');
    renderPopup();
    const scrollBy = layout(scroller(), { scrollWidth: 1400, clientWidth: 600 });
    expect(arrows()).toEqual({ left: false, right: true });

    click(document.querySelector('[data-testid="compare-right"]')!);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 400, behavior: 'smooth' });
    expect(scroller().scrollLeft).toBe(400);
    expect(arrows()).toEqual({ left: true, right: true });

    click(document.querySelector('[data-testid="compare-right"]')!);
    expect(scroller().scrollLeft).toBe(800);
    // At the end only the left arrow remains.
    expect(arrows()).toEqual({ left: true, right: false });

    click(document.querySelector('[data-testid="compare-left"]')!);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -400, behavior: 'smooth' });
    expect(scroller().scrollLeft).toBe(400);
  });

  it('removes a product with a toast and closes itself when the list is empty', () => {
    compare('a', 'b');
    const view = renderPopup();
    click(getButton(dialog()!, 'Remove Solar lantern from compare'));
    expect(toasts()).toContain('Removed From Compare');
    expect(getCompareIds()).toEqual(['b']);
    expect(JSON.parse(localStorage.getItem(COMPARE_STORAGE_KEY)!)).toEqual(['b']);
    expect(dialog()!.querySelectorAll('tbody tr:first-child td')).toHaveLength(1);
    expect(view.openState()).toBe('open');

    click(getButton(dialog()!, 'Remove Kenya cookstoves from compare'));
    expect(view.openState()).toBe('closed');
    expect(dialog()).toBeNull();
  });

  it('adds quantity 1 of the first color and first size to the cart; sold-out products cannot be added', () => {
    compare('a', 'b', 'c');
    const { onAddToCart } = renderPopup();
    click(getButton(dialog()!, 'Add Solar lantern to cart'));
    expect(onAddToCart).toHaveBeenLastCalledWith(withSizes, { quantity: 1, colorId: 'red', sizeId: 'red-s' });
    click(getButton(dialog()!, 'Add Kenya cookstoves to cart'));
    expect(onAddToCart).toHaveBeenLastCalledWith(plain, { quantity: 1, colorId: undefined, sizeId: undefined });
    expect(getButton(dialog()!, 'Out of Stock').disabled).toBe(true);
  });
});

describe('compare toggle on a card', () => {
  it('adds and removes with the spec toasts, pressed state and a list that survives a reload', () => {
    const { container } = render(<CompareToggle product={plain} />);
    const button = container.querySelector('button')!;
    expect(button.getAttribute('aria-pressed')).toBe('false');

    click(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(toasts()).toEqual(['Added To Compare']);
    // What a reload reads back.
    act(() => reloadCompareFromStorage());
    expect(getCompareIds()).toEqual(['b']);

    click(button);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(toasts()).toEqual(['Added To Compare', 'Removed From Compare']);
    expect(localStorage.getItem(COMPARE_STORAGE_KEY)).toBeNull();
  });
});
