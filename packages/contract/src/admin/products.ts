import { z } from 'zod';
import { textField } from '../common/text-policy.ts';
import { SUPPORTED_CURRENCIES } from '../money/currencies.ts';
import { PRODUCT_KINDS } from '../catalog/query.ts';
import { adminIdSchema, adminListQuerySchema, isoDateSchema, queryBooleanSchema } from './common.ts';

/**
 * `products` (staff and owners): every field the storefront shows, in the units an editor
 * works in (prices in integer minor units, ids for categories and standards, SDG numbers).
 * A product that was ever ordered is archived, never deleted: archived products leave the
 * catalog (list, pages, search, carts) but stay on orders, certificates and reviews.
 * Stock is changed through `products/{id}/stock` only (each change is a ledger row), images
 * through `products/{id}/images`.
 */

export const PRODUCT_LIMITS = {
  name: 200,
  slug: 160,
  shortDescription: 1000,
  description: 20_000,
  unit: 32,
  tags: 30,
  tagLength: 60,
  categories: 20,
  standards: 10,
  colors: 30,
  sizesPerColor: 30,
  images: 20,
  maxPriceMinor: 99_999_999,
  maxStock: 10_000_000,
  registryProjectId: 80,
} as const;
const L = PRODUCT_LIMITS;

export const PRODUCT_STATUSES = ['active', 'archived'] as const;
export const productStatusSchema = z.enum(PRODUCT_STATUSES);

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const productSlugSchema = z
  .string({ error: 'Enter the address name (slug)' })
  .trim()
  .min(1, 'Enter the address name (slug)')
  .max(L.slug, `A slug has at most ${L.slug} characters`)
  .regex(SLUG_PATTERN, 'A slug uses lowercase letters, digits and single dashes, e.g. kenya-cookstoves');

const minor = (label: string) =>
  z
    .number({ error: `${label} is a whole number of minor units (cents)` })
    .int(`${label} is a whole number of minor units (cents)`)
    .min(1, `${label} must be at least 1`)
    .max(L.maxPriceMinor, `${label} is at most ${L.maxPriceMinor}`);

/** One currency's price and optional old (struck-through) price, in that currency's minor units. */
export const priceInputSchema = z
  .object({ priceMinor: minor('The price'), oldPriceMinor: minor('The old price').nullable().default(null) })
  .refine((p) => p.oldPriceMinor === null || p.oldPriceMinor > p.priceMinor, { message: 'The old price must be higher than the price', path: ['oldPriceMinor'] });

/** Prices in all seven currencies: a product must be buyable in every currency the shop sells in. */
export const pricesInputSchema = z.strictObject(
  Object.fromEntries(SUPPORTED_CURRENCIES.map((currency) => [currency, priceInputSchema])) as Record<(typeof SUPPORTED_CURRENCIES)[number], typeof priceInputSchema>,
  { error: `prices needs every currency: ${SUPPORTED_CURRENCIES.join(', ')}` },
);
export type PricesInput = z.input<typeof pricesInputSchema>;

const stockSchema = z
  .number({ error: 'Stock is a whole number' })
  .int('Stock is a whole number')
  .min(0, 'Stock cannot be negative')
  .max(L.maxStock, `Stock is at most ${L.maxStock}`);

export const sizeInputSchema = z.object({
  /** An existing size keeps its id (and its stock and reservations); a size without one is new. */
  _id: adminIdSchema('a size id').optional(),
  name: textField({ label: 'size name', max: 30, required: true }),
  /** Only for a new size: its first stock (a ledger row "initial"). Existing sizes change stock through `stock`. */
  stock: stockSchema.optional(),
});

export const colorInputSchema = z.object({
  _id: adminIdSchema('a colour id').optional(),
  name: textField({ label: 'colour name', max: 60, required: true }),
  hex: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'A colour is written #RRGGBB, e.g. #1F6FEB')
    .nullable()
    .default(null),
  /** The photo this colour shows: the URL of one of the product's images, or null for the product's own. */
  image: z.string().max(300).nullable().default(null),
  sizes: z.array(sizeInputSchema).min(1, 'A colour needs at least one size').max(L.sizesPerColor, `At most ${L.sizesPerColor} sizes per colour`),
});
export type ColorInput = z.input<typeof colorInputSchema>;

const tagName = textField({ label: 'tag', max: L.tagLength, required: true });

/** Every editable field of a product. Create sends all required ones; `PATCH` sends any of them. */
const productFields = {
  name: textField({ label: 'product name', max: L.name, required: true }),
  slug: productSlugSchema,
  kind: z.enum(PRODUCT_KINDS, { error: `kind is one of ${PRODUCT_KINDS.join(', ')}` }),
  shortDescription: textField({ label: 'short description', max: L.shortDescription, required: true, multiline: true }),
  description: textField({ label: 'description', max: L.description, required: true, multiline: true }),
  /** What one unit of stock is: "tonne CO2e" for offsets, "item" for goods. */
  unit: textField({ label: 'unit', max: L.unit, required: true }),
  countryCode: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'A country is a two-letter ISO code such as KE')
    .transform((code) => code.toUpperCase())
    .nullable(),
  featured: z.boolean({ error: 'featured is true or false' }),
  offered: z.boolean({ error: 'offered is true or false' }),
  tags: z.array(tagName).max(L.tags, `At most ${L.tags} tags`),
  categoryIds: z.array(adminIdSchema('a category id')).max(L.categories, `At most ${L.categories} categories`),
  standardIds: z.array(adminIdSchema('a standard id')).max(L.standards, `At most ${L.standards} standards`),
  sdgs: z.array(z.number({ error: 'An SDG is a number from 1 to 17' }).int().min(1, 'An SDG is a number from 1 to 17').max(17, 'An SDG is a number from 1 to 17')).max(17),
  projectValidityDate: isoDateSchema.nullable(),
  /** The year the offset's tonnes were reduced or removed. */
  vintage: z.number({ error: 'The vintage is a year such as 2024' }).int('The vintage is a year such as 2024').min(1990, 'The vintage is a year from 1990').max(2100, 'The vintage is a year up to 2100').nullable(),
  /** The project's id at its registry (e.g. Verra VCS 1234, Gold Standard GS-5678). */
  registryProjectId: textField({ label: 'registry project id', max: L.registryProjectId }).nullable(),
  prices: pricesInputSchema,
  /** The low-stock list shows this product when what can be sold falls to this or below. */
  lowStockThreshold: z.number({ error: 'The low-stock threshold is a whole number' }).int().min(0, 'The low-stock threshold cannot be negative').max(L.maxStock),
  /** Colours, each with sizes that carry their own stock. Empty: the product's own stock. */
  colors: z.array(colorInputSchema).max(L.colors, `At most ${L.colors} colours`),
};

export const productCreateBodySchema = z.object({
  ...productFields,
  slug: productSlugSchema.optional(),
  unit: productFields.unit.optional(),
  countryCode: productFields.countryCode.default(null),
  featured: productFields.featured.default(false),
  offered: productFields.offered.default(false),
  tags: productFields.tags.default([]),
  categoryIds: productFields.categoryIds.default([]),
  standardIds: productFields.standardIds.default([]),
  sdgs: productFields.sdgs.default([]),
  projectValidityDate: productFields.projectValidityDate.default(null),
  vintage: productFields.vintage.default(null),
  registryProjectId: productFields.registryProjectId.default(null),
  lowStockThreshold: productFields.lowStockThreshold.default(5),
  colors: productFields.colors.default([]),
  /** First stock of a product without colours (a ledger row "initial"). */
  stock: stockSchema.default(0),
});
export type ProductCreateBody = z.input<typeof productCreateBodySchema>;

export const productUpdateBodySchema = z
  .object(productFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change', path: ['name'] });
export type ProductUpdateBody = z.input<typeof productUpdateBodySchema>;

export const productImageSchema = z.object({ _id: z.string(), url: z.string(), alt: z.string(), position: z.number().int() });

export const adminSizeSchema = z.object({ _id: z.string(), name: z.string(), stock: z.number().int(), reserved: z.number().int() });
export const adminColorSchema = z.object({ _id: z.string(), name: z.string(), hex: z.string().nullable(), image: z.string().nullable(), sizes: z.array(adminSizeSchema) });

const priceViewSchema = z.object({ currency: z.enum(SUPPORTED_CURRENCIES), priceMinor: z.number().int(), oldPriceMinor: z.number().int().nullable() });

/** A product as the console edits it. */
export const adminProductSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  status: productStatusSchema,
  archivedAt: z.string().nullable(),
  shortDescription: z.string(),
  description: z.string(),
  unit: z.string(),
  countryCode: z.string().nullable(),
  featured: z.boolean(),
  offered: z.boolean(),
  tags: z.array(z.string()),
  categories: z.array(z.object({ _id: z.string(), name: z.string(), slug: z.string() })),
  standards: z.array(z.object({ _id: z.string(), name: z.string(), slug: z.string() })),
  sdgs: z.array(z.number().int()),
  projectValidityDate: z.string().nullable(),
  vintage: z.number().int().nullable(),
  registryProjectId: z.string().nullable(),
  prices: z.array(priceViewSchema),
  images: z.array(productImageSchema),
  /** Units on hand: the product's own, or the sum of its sizes'. */
  stock: z.number().int(),
  /** Units held by pending orders. */
  reserved: z.number().int(),
  /** What can be sold now: stock less reserved. */
  available: z.number().int(),
  lowStockThreshold: z.number().int(),
  lowStock: z.boolean(),
  colors: z.array(adminColorSchema),
  /** Ordered at least once: it can be archived but never deleted. */
  everOrdered: z.boolean(),
  averageRating: z.number().nullable(),
  reviewCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** A row of the product list. */
export const adminProductSummarySchema = adminProductSchema.pick({
  _id: true,
  slug: true,
  name: true,
  kind: true,
  status: true,
  featured: true,
  offered: true,
  prices: true,
  stock: true,
  reserved: true,
  available: true,
  lowStockThreshold: true,
  lowStock: true,
  categories: true,
  updatedAt: true,
  createdAt: true,
}).extend({ image: z.string().nullable() });
export type AdminProductSummary = z.infer<typeof adminProductSummarySchema>;

export const PRODUCT_SORTS = ['name', 'createdAt', 'updatedAt', 'stock'] as const;
export const productListQuerySchema = adminListQuerySchema(PRODUCT_SORTS, { sort: 'updatedAt', order: 'desc' }).extend({
  kind: z.enum(PRODUCT_KINDS, { error: `kind is one of ${PRODUCT_KINDS.join(', ')}` }).optional(),
  /** Default `active`; `all` shows archived ones too. */
  status: z.enum([...PRODUCT_STATUSES, 'all'], { error: 'status is active, archived or all' }).default('active'),
  category: adminIdSchema('a category id').optional(),
  tag: z.string().trim().max(L.tagLength).optional(),
  featured: queryBooleanSchema.optional(),
  offered: queryBooleanSchema.optional(),
  lowStock: queryBooleanSchema.optional(),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;

/** `GET products/references`: what the product form picks from. */
export const productReferencesSchema = z.object({
  categories: z.array(z.object({ _id: z.string(), name: z.string(), slug: z.string() })),
  tags: z.array(z.string()),
  standards: z.array(z.object({ _id: z.string(), name: z.string(), slug: z.string(), logo: z.string() })),
  sdgs: z.array(z.object({ number: z.number().int(), name: z.string(), color: z.string(), image: z.string() })),
  currencies: z.array(z.enum(SUPPORTED_CURRENCIES)),
  units: z.array(z.string()),
});

/** `PUT products/{id}/images`: the images in their new order (every current image once), alt texts optional. */
export const productImagesOrderBodySchema = z.object({
  images: z
    .array(z.object({ _id: adminIdSchema('an image id'), alt: textField({ label: 'image description', max: 300 }).optional() }))
    .max(L.images, `At most ${L.images} images`),
});
export type ProductImagesOrderBody = z.input<typeof productImagesOrderBodySchema>;
export const productImageParamsSchema = z.object({ id: adminIdSchema('a product id'), imageId: adminIdSchema('an image id') });

/**
 * Bulk CSV (`GET products/export`, `POST products/import`, owners only for import). One row per
 * product; columns in `PRODUCT_CSV_COLUMNS`; lists (tags, categories by slug, standards by slug,
 * SDGs, image URLs) separated by `|`; prices in major units ("12.50", yen "1500"). Colours and
 * sizes are edited in the console, not in the file. A row with an `id` updates that product, a
 * row without one creates a product.
 */
export const PRODUCT_CSV_COLUMNS = [
  'id',
  'slug',
  'name',
  'kind',
  'status',
  'unit',
  'shortDescription',
  'description',
  'country',
  'featured',
  'offered',
  'tags',
  'categories',
  'standards',
  'sdgs',
  'projectValidityDate',
  'vintage',
  'registryProjectId',
  'lowStockThreshold',
  'stock',
  'images',
  ...SUPPORTED_CURRENCIES.flatMap((currency) => [`price${currency}`, `oldPrice${currency}`]),
] as const;

export const PRODUCT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const PRODUCT_IMPORT_MAX_ROWS = 5000;

export const productImportBodySchema = z.object({
  csv: z.string({ error: 'Send the CSV file as text in csv' }).min(1, 'The CSV file is empty').max(PRODUCT_IMPORT_MAX_BYTES, 'The CSV file is larger than 5 MB'),
  /** true (the default): check every row and say what would change; nothing is written. */
  dryRun: z.boolean({ error: 'dryRun is true or false' }).default(true),
});
export type ProductImportBody = z.input<typeof productImportBodySchema>;

export const productImportResultSchema = z.object({
  dryRun: z.boolean(),
  /** Nothing was (or would be) written: every row must be valid for any to be. */
  ok: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Every problem of every row: row numbers count the header as row 1. */
  errors: z.array(z.object({ row: z.number().int(), column: z.string(), message: z.string() })),
  /** What each row does (create, update with the changed columns, unchanged). */
  changes: z.array(z.object({ row: z.number().int(), action: z.enum(['create', 'update', 'unchanged']), slug: z.string(), fields: z.array(z.string()) })),
});
export type ProductImportResult = z.infer<typeof productImportResultSchema>;
