import { SUPPORTED_CURRENCIES, type Currency } from '../money/currencies.ts';
import type { Product } from './product.ts';
import { PRODUCT_KINDS, availabilityOf, matchesFilters, priceIn, type CatalogQuery, type FacetName, type ProductKind, type SearchRanking } from './query.ts';

/** `GET /v1/filters`: each facet's values with how many products each would show. */
export interface CatalogFacets {
  /** Products matching the whole query (search included). */
  total: number;
  categories: { slug: string; name: string; count: number }[];
  countries: { code: string; name: string; count: number }[];
  standards: { slug: string; name: string; logo: string; count: number }[];
  sdgs: { number: number; name: string; image: string; color: string; count: number }[];
  tags: { tag: string; count: number }[];
  kinds: { kind: ProductKind; count: number }[];
  availability: { inStock: number; outOfStock: number };
  /** Lowest and highest price in each currency among the products the other filters leave. */
  priceRanges: { currency: Currency; min: number; max: number }[];
}

/**
 * Facet counts for a query. Every value found anywhere in the catalog is listed (so a panel does
 * not jump as one narrows); its count is how many products the query would show with that value
 * chosen — the query's other facets apply, the facet's own selection does not (as shops do).
 */
export function computeFacets(products: readonly Product[], query: CatalogQuery, ranking?: SearchRanking): CatalogFacets {
  const searched = ranking ? products.filter((product) => ranking.has(product.id)) : products;
  const matching = (facet: FacetName) => searched.filter((product) => matchesFilters(product, query, facet));

  const categories = new Map<string, { slug: string; name: string; count: number; position: number }>();
  const countries = new Map<string, { code: string; name: string; count: number }>();
  const standards = new Map<string, { slug: string; name: string; logo: string; count: number }>();
  const sdgs = new Map<number, { number: number; name: string; image: string; color: string; count: number }>();
  const tags = new Map<string, { tag: string; count: number }>();
  for (const product of products) {
    for (const { category } of product.categoryList) categories.set(category.slug, { slug: category.slug, name: category.name, count: 0, position: category.position ?? Number.MAX_SAFE_INTEGER });
    if (product.country) countries.set(product.country, { code: product.country, name: product.countryName ?? product.country, count: 0 });
    for (const s of product.details?.standards ?? []) standards.set(s.slug, { slug: s.slug, name: s.name, logo: s.logo, count: 0 });
    for (const { sdg } of product.details?.sdgs ?? []) sdgs.set(sdg.number, { number: sdg.number, name: sdg.name, image: sdg.image, color: sdg.color, count: 0 });
    for (const tag of product.tags) tags.set(tag.toLowerCase(), { tag: tag.toLowerCase(), count: 0 });
  }
  for (const product of matching('category')) for (const { category } of product.categoryList) categories.get(category.slug)!.count++;
  for (const product of matching('country')) if (product.country) countries.get(product.country)!.count++;
  for (const product of matching('standard')) for (const s of product.details?.standards ?? []) standards.get(s.slug)!.count++;
  for (const product of matching('sdg')) for (const { sdg } of product.details?.sdgs ?? []) sdgs.get(sdg.number)!.count++;
  for (const product of matching('tag')) for (const tag of new Set(product.tags.map((t) => t.toLowerCase()))) tags.get(tag)!.count++;
  const kinds = PRODUCT_KINDS.map((kind) => ({ kind, count: 0 }));
  for (const product of matching('kind')) kinds.find((entry) => entry.kind === product.kind)!.count++;
  const availability = { inStock: 0, outOfStock: 0 };
  for (const product of matching('availability')) availability[availabilityOf(product)]++;
  const priceRanges: CatalogFacets['priceRanges'] = [];
  const priced = matching('price');
  for (const currency of SUPPORTED_CURRENCIES) {
    const prices = priced.map((product) => priceIn(product, currency)).filter((price): price is number => price !== undefined);
    if (prices.length) priceRanges.push({ currency, min: Math.min(...prices), max: Math.max(...prices) });
  }
  const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'en');
  return {
    total: searched.filter((product) => matchesFilters(product, query)).length,
    // In the operators' order (positions set in the console), then by name.
    categories: [...categories.values()].sort((a, b) => a.position - b.position || byName(a, b)).map(({ position: _position, ...category }) => category),
    countries: [...countries.values()].sort(byName),
    standards: [...standards.values()].sort(byName),
    sdgs: [...sdgs.values()].sort((a, b) => a.number - b.number),
    tags: [...tags.values()].sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag, 'en')),
    kinds,
    availability,
    priceRanges,
  };
}
