import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { PublicShopPage } from '@app/contract/shop-pages';
import { cleanup, render } from '../../../test/render.tsx';
import { makeTestProduct } from '../../../test/product-fixture.ts';
import { ShopPageView } from './ShopPageView.tsx';

function page(overrides: Partial<PublicShopPage> = {}): PublicShopPage {
  return {
    _id: 'page-1',
    id: 'page-1',
    businessId: 'b1',
    slug: 'canopy',
    title: 'Canopy climate shop',
    tagline: 'Forests we fund',
    description: 'We restore forests.\nWith local growers.',
    brandColor: '#fde047',
    logoUrl: '/uploads/logo.png',
    bannerUrl: '',
    productIds: ['p1', 'p2'],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    business: { _id: 'b1', name: 'Canopy Collective', businessCode: 'CANOPY-ABCDEF', businessSlug: 'canopy' },
    products: [makeTestProduct('p1', { name: 'Kenya Cookstoves' }), makeTestProduct('p2', { name: 'Wind in Gujarat' })],
    ...overrides,
  };
}

const show = (value: PublicShopPage) =>
  render(
    <MemoryRouter>
      <ShopPageView page={value} />
    </MemoryRouter>,
  ).container;

afterEach(cleanup);

describe('ShopPageView', () => {
  it('shows the branding, the words and one catalog card per product', () => {
    const view = show(page());
    expect(view.querySelector('h1')?.textContent).toBe('Canopy climate shop');
    expect(view.textContent).toContain('Forests we fund');
    expect(view.querySelectorAll('.shop-page__about p')).toHaveLength(2);
    expect(view.querySelector<HTMLImageElement>('img[alt="Canopy Collective logo"]')?.getAttribute('src')).toBe('/uploads/logo.png');
    const cards = view.querySelectorAll('[data-testid="product-card"]');
    expect([...cards].map((card) => card.querySelector('h3')?.textContent)).toEqual(['Kenya Cookstoves', 'Wind in Gujarat']);
    // A light brand colour gets dark header text.
    const style = view.querySelector<HTMLElement>('.shop-page')!.style;
    expect(style.getPropertyValue('--shop-brand')).toBe('#fde047');
    expect(style.getPropertyValue('--shop-on-brand')).toBe('#0f172a');
  });

  it('says so when no products are picked, and shows an initial without a logo', () => {
    const view = show(page({ products: [], productIds: [], logoUrl: '' }));
    expect(view.textContent).toContain('has not picked any products yet');
    expect(view.querySelector('.shop-hero__logo--initial')?.textContent).toBe('C');
  });
});
