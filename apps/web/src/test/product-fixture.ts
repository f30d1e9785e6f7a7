import type { Product } from '@app/contract';

/** A complete product for component tests; override what the test is about. */
export function makeTestProduct(id: string, overrides: Partial<Product> = {}): Product {
  return {
    _id: id,
    id,
    slug: `product-${id}`,
    name: `Product ${id}`,
    kind: 'offset',
    image: [`/catalog/${id}.svg`],
    shortDescription: 'Cuts wood use by half. Verified.',
    description: 'Long text',
    country: 'KE',
    countryName: 'Kenya',
    stock: 10,
    actualStock: 3,
    unit: 'tonne',
    variation: [],
    priceList: [{ currency: 'USD', currencySymbol: '$', price: 12.5, oldPrice: null, priceMinor: 1250, oldPriceMinor: null }],
    categoryList: [{ category: { _id: 'c1', name: 'Cookstoves', slug: 'cookstoves' } }],
    tags: ['clean air'],
    projectValidityDate: '2030-12-31',
    featured: false,
    offered: false,
    averageRating: null,
    reviewCount: 0,
    details: {
      standards: [{ _id: 's1', name: 'Gold Standard', slug: 'gold-standard', logo: '/standards/gold.svg', website: null }],
      sdgs: [{ sdg: { _id: 'g7', number: 7, name: 'Affordable and clean energy', color: '#fcc30b', image: '/sdgs/7.svg' } }],
    },
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
