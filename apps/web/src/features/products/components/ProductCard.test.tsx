import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { Currency, Product } from '@app/contract';
import { ProductCard } from './ProductCard.tsx';
import { cleanup, click, getAllByText, render } from '../../../test/render.tsx';

function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    _id: 'p1',
    id: 'p1',
    slug: 'kenya-cookstoves',
    name: 'Kenya Clean Cookstoves',
    kind: 'offset',
    image: ['/catalog/cookstoves.svg', '/catalog/second.svg'],
    shortDescription: 'Cuts wood use by half. Verified by Gold Standard. Improves indoor air.',
    description: 'Long text',
    country: 'KE',
    countryName: 'Kenya',
    stock: 10,
    actualStock: 3,
    unit: 'tonne',
    variation: [],
    priceList: [
      { currency: 'USD', currencySymbol: '$', price: 12.5, oldPrice: 15, priceMinor: 1250, oldPriceMinor: 1500 },
      { currency: 'EUR', currencySymbol: '€', price: 11.4, oldPrice: null, priceMinor: 1140, oldPriceMinor: null },
      { currency: 'JPY', currencySymbol: '¥', price: 1900, oldPrice: null, priceMinor: 1900, oldPriceMinor: null },
    ],
    categoryList: [],
    tags: [],
    projectValidityDate: null,
    featured: false,
    offered: false,
    averageRating: null,
    reviewCount: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function renderCard(product: Product, currency: Currency = 'USD', onAddToCart = vi.fn()) {
  const view = render(
    <MemoryRouter>
      <ProductCard product={product} currency={currency} onAddToCart={onAddToCart} />
    </MemoryRouter>,
  );
  return { ...view, onAddToCart };
}

afterEach(cleanup);

describe('ProductCard (spec §2.6)', () => {
  it('shows only the first image, at a fixed size, lazily, with the name as alt text', () => {
    const { container } = renderCard(makeProduct());
    const images = container.querySelectorAll('img');
    expect(images).toHaveLength(1);
    const img = images[0]!;
    expect(img.getAttribute('src')).toBe('/catalog/cookstoves.svg');
    expect(img.getAttribute('alt')).toBe('Kenya Clean Cookstoves');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('width')).toBe('400');
    expect(img.getAttribute('height')).toBe('300');
  });

  it('links the name to the product page', () => {
    const { container } = renderCard(makeProduct());
    const link = container.querySelector('h3 a');
    expect(link?.textContent).toBe('Kenya Clean Cookstoves');
    expect(link?.getAttribute('href')).toBe('/products/kenya-cookstoves');
  });

  it('splits the short description on full stops into bullet points', () => {
    const { container } = renderCard(makeProduct());
    const bullets = [...container.querySelectorAll('ul li')].map((li) => li.textContent);
    expect(bullets).toEqual(['Cuts wood use by half', 'Verified by Gold Standard', 'Improves indoor air']);
  });

  it('shows the selected currency with 2 decimals and its code, and the old price struck through', () => {
    const { container } = renderCard(makeProduct(), 'USD');
    expect(container.querySelector('[data-testid="product-price"]')?.textContent).toBe('12.50 USD');
    const old = container.querySelector('s[data-testid="product-old-price"]');
    expect(old?.textContent).toContain('15.00 USD');
    expect(container.textContent).not.toContain('$');
  });

  it('follows the display currency', () => {
    const eur = renderCard(makeProduct(), 'EUR');
    expect(eur.container.querySelector('[data-testid="product-price"]')?.textContent).toBe('11.40 EUR');
    expect(eur.container.querySelector('[data-testid="product-old-price"]')).toBeNull();
    expect(eur.container.textContent).not.toContain('€');
    const jpy = renderCard(makeProduct(), 'JPY');
    expect(jpy.container.querySelector('[data-testid="product-price"]')?.textContent).toBe('1,900.00 JPY');
  });

  it('shows the kind badge and the country name', () => {
    const offset = renderCard(makeProduct());
    expect(getAllByText(offset.container, 'Offset project')).toHaveLength(1);
    expect(getAllByText(offset.container, 'Kenya')).toHaveLength(1);
    const goods = renderCard(makeProduct({ kind: 'goods', countryName: null, country: null }));
    expect(getAllByText(goods.container, 'Product')).toHaveLength(1);
  });

  it.each([0, -1])('shows a disabled "Out of Stock" button when actualStock is %i', (actualStock) => {
    const { container, onAddToCart } = renderCard(makeProduct({ actualStock }));
    // The purchase area; the wishlist and compare toggles sit over the image.
    const buttons = [...container.querySelectorAll('.product-card__footer button')] as HTMLButtonElement[];
    expect(buttons).toHaveLength(1);
    expect(buttons[0]!.textContent).toBe('Out of Stock');
    expect(buttons[0]!.disabled).toBe(true);
    expect(container.textContent).not.toContain('In Stock');
    click(buttons[0]!);
    expect(onAddToCart).not.toHaveBeenCalled();
  });

  it('shows "In Stock" and an enabled add-to-cart button when actualStock is 3', () => {
    const product = makeProduct({ actualStock: 3 });
    const { container, onAddToCart } = renderCard(product);
    expect(container.querySelector('[data-testid="product-availability"]')?.textContent).toBe('In Stock');
    expect(container.textContent).not.toContain('Out of Stock');
    const button = container.querySelector<HTMLButtonElement>('.product-card__footer button')!;
    expect(button.textContent).toBe('Add to cart');
    expect(button.disabled).toBe(false);
    click(button);
    expect(onAddToCart).toHaveBeenCalledWith(product);
  });

  it('carries the wishlist heart and the compare toggle, each a toggle button named after the product', () => {
    const { container } = renderCard(makeProduct());
    const heart = container.querySelector('[data-testid="wishlist-heart"]')!;
    const compare = container.querySelector('[data-testid="compare-toggle"]')!;
    expect(heart.getAttribute('aria-label')).toBe('Wishlist: Kenya Clean Cookstoves');
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    expect(compare.getAttribute('aria-label')).toBe('Compare: Kenya Clean Cookstoves');
    expect(compare.getAttribute('aria-pressed')).toBe('false');
  });
});
