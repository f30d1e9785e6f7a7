import type { Product } from '@app/contract';

/** A product for component tests: an offset project with two images, prices in three currencies. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    _id: 'p1',
    id: 'p1',
    slug: 'kenya-cookstoves',
    name: 'Kenya Clean Cookstoves',
    kind: 'offset',
    image: ['/catalog/cookstoves.svg', '/catalog/second.svg', '/catalog/third.svg'],
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
    projectValidityDate: '2030-12-31T00:00:00.000Z',
    featured: false,
    offered: false,
    averageRating: null,
    reviewCount: 0,
    details: {
      standards: [{ _id: 's1', name: 'Gold Standard', slug: 'gold-standard', logo: '/catalog/standards/gold-standard.svg', website: 'https://www.goldstandard.org' }],
      sdgs: [
        { sdg: { _id: 'g3', number: 3, name: 'Good health and well-being', color: '#4C9F38', image: '/catalog/sdgs/sdg-3.svg' } },
        { sdg: { _id: 'g13', number: 13, name: 'Climate action', color: '#3F7E44', image: '/catalog/sdgs/sdg-13.svg' } },
      ],
    },
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A T-shirt: Natural has S (0 left), M (5), L (40); Forest green is sold out in every size. */
export function makeShirt(overrides: Partial<Product> = {}): Product {
  return makeProduct({
    id: 'shirt',
    _id: 'shirt',
    slug: 'organic-tee',
    name: 'Organic Tee',
    kind: 'goods',
    actualStock: 45,
    variation: [
      {
        _id: 'natural',
        name: 'Natural',
        hex: '#E9E2D0',
        image: '/catalog/products/organic-tee.svg',
        stock: 45,
        sizes: [
          { _id: 'natural-s', name: 'S', stock: 0 },
          { _id: 'natural-m', name: 'M', stock: 5 },
          { _id: 'natural-l', name: 'L', stock: 40 },
        ],
      },
      {
        _id: 'green',
        name: 'Forest green',
        hex: '#2F5D46',
        image: '/catalog/products/organic-tee-2.svg',
        stock: 0,
        sizes: [
          { _id: 'green-s', name: 'S', stock: 0 },
          { _id: 'green-m', name: 'M', stock: 0 },
        ],
      },
    ],
    ...overrides,
  });
}
