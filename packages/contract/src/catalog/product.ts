import { z } from 'zod';
import { currencySchema } from '../money/currency.ts';
import { DEFAULT_CURRENCY, SUPPORTED_CURRENCIES } from '../money/currencies.ts';
import {
  AVAILABILITIES,
  CATALOG_QUERY_LIMITS,
  PRODUCT_KINDS,
  PRODUCT_SORTS,
  normaliseCatalogQuery,
  splitValues,
  type CatalogFacets,
  type CatalogQuery,
} from './query.ts';

/** One entry of a product's price list: amounts in major units, exact minor units beside them. */
export const priceEntrySchema = z.object({
  currency: currencySchema,
  currencySymbol: z.string(),
  price: z.number(),
  oldPrice: z.number().nullable(),
  priceMinor: z.number().int(),
  oldPriceMinor: z.number().int().nullable(),
});
export type PriceEntry = z.infer<typeof priceEntrySchema>;

export const sizeVariationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  stock: z.number().int(),
});

/** A color of a product; each has sizes with their own stock (spec §3 `variation`). */
export const colorVariationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  hex: z.string().nullable(),
  /** The photo of the product in this colour (shown when it is picked); null: the product's own images. */
  image: z.string().nullable(),
  stock: z.number().int(),
  sizes: z.array(sizeVariationSchema),
});
export type ColorVariation = z.infer<typeof colorVariationSchema>;

/** `position`: the operators' order of categories (the filters list them by it, then by name). */
export const categorySchema = z.object({ _id: z.string(), name: z.string(), slug: z.string(), position: z.number().int().optional() });
export const standardSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  logo: z.string(),
  website: z.string().nullable(),
});
export const sdgSchema = z.object({
  _id: z.string(),
  number: z.number().int().min(1).max(17),
  name: z.string(),
  color: z.string(),
  image: z.string(),
});

export const productKindSchema = z.enum(['offset', 'goods']);

/** The product as the shop reads it (spec §3 Product). `_id` and `id` carry the same UUID. */
export const productSchema = z.object({
  _id: z.string(),
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  kind: productKindSchema,
  image: z.array(z.string()),
  shortDescription: z.string(),
  description: z.string(),
  country: z.string().nullable(),
  countryName: z.string().nullable(),
  stock: z.number().int(),
  actualStock: z.number().int(),
  unit: z.string(),
  variation: z.array(colorVariationSchema),
  priceList: z.array(priceEntrySchema),
  categoryList: z.array(z.object({ category: categorySchema })),
  tags: z.array(z.string()),
  projectValidityDate: z.string().nullable(),
  featured: z.boolean(),
  offered: z.boolean(),
  /** Mean review rating (1–5, one decimal), null until the first review. */
  averageRating: z.number().nullable(),
  reviewCount: z.number().int(),
  details: z
    .object({
      standards: z.array(standardSchema),
      sdgs: z.array(z.object({ sdg: sdgSchema })),
      /** The year an offset's tonnes were reduced or removed (offsets; null when not known). */
      vintage: z.number().int().nullable().optional(),
      /** The project's id at its registry, e.g. "VCS 1234" (offsets; null when not known). */
      registryProjectId: z.string().nullable().optional(),
    })
    .optional(),
  createdAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

const L = CATALOG_QUERY_LIMITS;

/** A facet's values: repeated (`?tag=a&tag=b`) or comma-separated (`?tag=a,b`), each checked by `item`. */
function facetValues<T extends z.ZodType<unknown, string>>(what: string, item: T) {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((raw) => splitValues(raw))
    .pipe(z.array(item).max(L.values, `At most ${L.values} ${what} at once`));
}
const facetSlug = (what: string) =>
  z
    .string()
    .max(L.valueLength, `A ${what} is at most ${L.valueLength} characters`)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/i, `A ${what} uses letters, digits and dashes`);
const SDG_MESSAGE = 'An SDG is a number from 1 to 17';
const price = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .min(0, `${name} cannot be negative`)
    .max(L.maxPrice, `${name} is at most ${L.maxPrice}`)
    .optional();

/**
 * Query of `GET /v1/products` (and /featured, /offered): `showDetails=1` adds standards and SDGs,
 * `limit` keeps the first N; the rest search, filter, sort and page (README "Catalog search and
 * filters"). Multiple values of a facet mean OR, different facets AND.
 */
export const catalogFilterQuerySchema = z.object({
  category: facetValues('categories', facetSlug('category')),
  country: facetValues('countries', z.string().regex(/^[a-zA-Z]{2}$/, 'A country is a two-letter ISO code such as KE')),
  standard: facetValues('standards', facetSlug('standard')),
  sdg: facetValues(
    'SDGs',
    z
      .string()
      .regex(/^\d{1,2}$/, SDG_MESSAGE)
      .transform(Number)
      .pipe(z.number().int().min(1, SDG_MESSAGE).max(17, SDG_MESSAGE)),
  ),
  tag: facetValues('tags', z.string().max(L.valueLength, `A tag is at most ${L.valueLength} characters`)),
  kind: facetValues('kinds', z.enum(PRODUCT_KINDS, { error: `kind is one of ${PRODUCT_KINDS.join(', ')}` })),
  availability: facetValues('availabilities', z.enum(AVAILABILITIES, { error: `availability is one of ${AVAILABILITIES.join(', ')}` })),
  currency: z.enum(SUPPORTED_CURRENCIES, { error: `currency is one of ${SUPPORTED_CURRENCIES.join(', ')}` }).optional(),
  minPrice: price('minPrice'),
  maxPrice: price('maxPrice'),
  q: z.string().max(L.searchLength, `The search is at most ${L.searchLength} characters`).optional(),
  sort: z.enum(PRODUCT_SORTS, { error: `sort is one of ${PRODUCT_SORTS.join(', ')}` }).optional(),
});

export const productListQuerySchema = catalogFilterQuerySchema
  .extend({
    showDetails: z.enum(['0', '1', 'true', 'false'], { error: 'showDetails is 0, 1, true or false' }).optional(),
    limit: z.coerce.number().int().min(1).max(500).optional(),
    page: z.coerce.number({ error: 'page must be a whole number' }).int('page must be a whole number').min(1, 'page starts at 1').max(L.maxPage, `page is at most ${L.maxPage}`).optional(),
    size: z.coerce.number({ error: 'size must be a whole number' }).int('size must be a whole number').min(1, 'size is at least 1').max(L.maxSize, `size is at most ${L.maxSize}`).optional(),
  })
  .refine((query) => query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice, {
    message: 'maxPrice must not be below minPrice',
    path: ['maxPrice'],
  });
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const filtersQuerySchema = catalogFilterQuerySchema.refine(
  (query) => query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice,
  { message: 'maxPrice must not be below minPrice', path: ['maxPrice'] },
);
export type FiltersQuery = z.infer<typeof filtersQuerySchema>;

/** The validated query as the one shape the catalog code filters with. */
export function toCatalogQuery(query: FiltersQuery & { page?: number; size?: number }): CatalogQuery {
  const result: CatalogQuery = {
    category: query.category,
    country: query.country,
    standard: query.standard,
    sdg: query.sdg,
    tag: query.tag,
    kind: query.kind,
    availability: query.availability,
    currency: query.currency ?? DEFAULT_CURRENCY,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    q: query.q,
    sort: query.sort,
    page: query.page,
    size: query.size,
  };
  return normaliseCatalogQuery(result);
}

export const pageMetaResponseSchema = z.object({ page: z.number().int(), size: z.number().int(), total: z.number().int() });

/** `GET /v1/filters` data (see CatalogFacets in facets.ts). */
export const catalogFacetsSchema = z.object({
  total: z.number().int(),
  categories: z.array(z.object({ slug: z.string(), name: z.string(), count: z.number().int() })),
  countries: z.array(z.object({ code: z.string(), name: z.string(), count: z.number().int() })),
  standards: z.array(z.object({ slug: z.string(), name: z.string(), logo: z.string(), count: z.number().int() })),
  sdgs: z.array(z.object({ number: z.number().int(), name: z.string(), image: z.string(), color: z.string(), count: z.number().int() })),
  tags: z.array(z.object({ tag: z.string(), count: z.number().int() })),
  kinds: z.array(z.object({ kind: productKindSchema, count: z.number().int() })),
  availability: z.object({ inStock: z.number().int(), outOfStock: z.number().int() }),
  priceRanges: z.array(z.object({ currency: currencySchema, min: z.number(), max: z.number() })),
}) satisfies z.ZodType<CatalogFacets>;

export const productSlugParamsSchema = z.object({
  slug: z
    .string()
    .min(1)
    .max(160)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'A product slug uses lowercase letters, digits and dashes'),
});
