import { z } from 'zod';
import { productSchema } from '../catalog/product.ts';
import { lookupField, textField } from '../common/text-policy.ts';
import { businessCodeSchema, businessSlugSchema } from '../business/index.ts';

/**
 * Business shop pages (spec §7 Product pages): one page per business with its branding and the
 * catalog products it offers, read by anyone at the business's address name; and each signed-in
 * person's image gallery (`POST /v1/user-galleries`). The spec shows no payloads; these are ours.
 * Page writes are multipart (logo and banner files beside text fields), so the text fields are
 * strings as forms send them; `productIds` is a comma-separated list or a repeated field.
 */

/** Most products one page offers. */
export const SHOP_PAGE_MAX_PRODUCTS = 48;
/** Largest page of `GET v1/business-products`. */
export const BUSINESS_PRODUCTS_MAX_PAGE_SIZE = 100;
/** Most images one person keeps in their gallery. */
export const USER_GALLERY_MAX_IMAGES = 50;
export const USER_GALLERY_MAX_PAGE_SIZE = 100;
/** The default brand colour: the spec's default theme, blue. */
export const DEFAULT_BRAND_COLOR = '#1d4ed8';

const uuid = z.uuid({ message: 'must be an id' });

/** `#rgb` or `#rrggbb`, stored as lowercase `#rrggbb`. */
export const brandColorSchema = z
  .string({ error: 'Choose a brand colour' })
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'A brand colour is a hex colour such as #1d4ed8')
  .transform((value) => {
    const hex = value.slice(1).toLowerCase();
    return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
  });

/** Product ids: unique, at most SHOP_PAGE_MAX_PRODUCTS, order kept. */
export const shopPageProductIdsSchema = z
  .array(uuid, { error: 'productIds is a list of product ids' })
  .max(SHOP_PAGE_MAX_PRODUCTS, `A shop page offers at most ${SHOP_PAGE_MAX_PRODUCTS} products`)
  .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, 'Each product can be listed once');

const boolFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on'])])
  .transform((value) => value === true || value === 'true' || value === '1' || value === 'on');

/** The text fields of a page (without files), as the server validates them after reading the form. */
export const shopPageFieldsSchema = z.strictObject({
  title: textField({ label: 'page title', max: 120, required: true }),
  tagline: textField({ label: 'tagline', max: 200 }).optional(),
  description: textField({ label: 'description', max: 4000, multiline: true }).optional(),
  brandColor: brandColorSchema.optional(),
  productIds: shopPageProductIdsSchema.optional(),
  /** true: clear the stored logo / banner (a new file replaces it anyway). */
  removeLogo: boolFlag.optional(),
  removeBanner: boolFlag.optional(),
});
/** `POST /v1/business-product-page-settings`: the business it belongs to, then the page fields. */
export const shopPageCreateFieldsSchema = shopPageFieldsSchema.extend({ businessId: uuid });
/** `PUT /v1/business-product-page-settings/{id}`: any subset of the fields. */
export const shopPageUpdateFieldsSchema = shopPageFieldsSchema.partial();
export type ShopPageFields = z.input<typeof shopPageFieldsSchema>;

export const shopPageIdParamsSchema = z.object({ id: uuid });
export const shopPageSlugParamsSchema = z.object({ slug: businessSlugSchema });

/** A product as a card shows it (the catalog's product without its details). */
export const productCardSchema = productSchema.omit({ details: true });
export type ProductCardData = z.infer<typeof productCardSchema>;

/** Who runs the page: what a visitor may know. */
export const shopBusinessSchema = z.object({ _id: z.string(), name: z.string(), businessCode: z.string(), businessSlug: z.string() });
export type ShopBusiness = z.infer<typeof shopBusinessSchema>;

/** A page's settings (owner's and visitors' view alike: nothing on it is secret). */
export const shopPageSchema = z.object({
  _id: z.string(),
  id: z.string(),
  businessId: z.string(),
  /** The business's address name: the page lives at /shop/{slug}. */
  slug: z.string(),
  title: z.string(),
  tagline: z.string(),
  description: z.string(),
  brandColor: z.string(),
  logoUrl: z.string(),
  bannerUrl: z.string(),
  productIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ShopPage = z.infer<typeof shopPageSchema>;

/** `GET .../slug/{slug}`: the page, its business and its products as cards. */
export const publicShopPageSchema = shopPageSchema.extend({ business: shopBusinessSchema, products: z.array(productCardSchema) });
export type PublicShopPage = z.infer<typeof publicShopPageSchema>;

/** `GET v1/business-products`: one row per product a business offers. */
export const businessProductSchema = z.object({ business: shopBusinessSchema, product: productCardSchema });
export type BusinessProduct = z.infer<typeof businessProductSchema>;
export const businessProductsQuerySchema = z.object({
  businessCode: businessCodeSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(BUSINESS_PRODUCTS_MAX_PAGE_SIZE, `size is at most ${BUSINESS_PRODUCTS_MAX_PAGE_SIZE}`).default(20),
});

/** `GET /v1/business-products/name/{name}` and `/code/{code}`: a business with the products it offers. */
export const businessOfferSchema = z.object({
  business: shopBusinessSchema,
  /** The page's title and colour, or null when the business has no shop page. */
  page: z.object({ title: z.string(), brandColor: z.string(), slug: z.string() }).nullable(),
  products: z.array(productCardSchema),
});
export type BusinessOffer = z.infer<typeof businessOfferSchema>;
export const businessNameParamsSchema = z.object({
  name: lookupField('a business name', 120),
});
export const businessCodePathSchema = z.object({ code: businessCodeSchema });

/** One gallery image. */
export const galleryImageSchema = z.object({
  _id: z.string(),
  id: z.string(),
  url: z.string(),
  contentType: z.string(),
  bytes: z.number().int(),
  caption: z.string(),
  createdAt: z.string(),
});
export type GalleryImage = z.infer<typeof galleryImageSchema>;
export const galleryCaptionSchema = textField({ label: 'caption', max: 200 });
export const galleryListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(USER_GALLERY_MAX_PAGE_SIZE, `size is at most ${USER_GALLERY_MAX_PAGE_SIZE}`).default(50),
});
export const galleryIdParamsSchema = z.object({ id: uuid });
