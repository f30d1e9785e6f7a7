import { z } from 'zod';
import { currencySchema } from '../money/currency.ts';

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
  stock: z.number().int(),
  sizes: z.array(sizeVariationSchema),
});
export type ColorVariation = z.infer<typeof colorVariationSchema>;

export const categorySchema = z.object({ _id: z.string(), name: z.string(), slug: z.string() });
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
    })
    .optional(),
  createdAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

/** Query of `GET /v1/products`: `showDetails=1` adds standards and SDGs. */
export const productListQuerySchema = z.object({
  showDetails: z.enum(['0', '1', 'true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

export const productSlugParamsSchema = z.object({
  slug: z
    .string()
    .min(1)
    .max(160)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'A product slug uses lowercase letters, digits and dashes'),
});
