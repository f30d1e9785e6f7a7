import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, errorEnvelopeSchema as failure, pageEnvelope } from '@app/contract';
import {
  businessCodePathSchema,
  businessNameParamsSchema,
  businessOfferSchema,
  businessProductSchema,
  businessProductsQuerySchema,
  publicShopPageSchema,
  shopPageCreateFieldsSchema,
  shopPageIdParamsSchema,
  shopPageSchema,
  shopPageSlugParamsSchema,
  shopPageUpdateFieldsSchema,
} from '@app/contract/shop-pages';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { FORM_BODY_LIMIT, FORM_LIMITS, parseFields, readImageForm, type ReadForm } from './multipart-form.ts';
import type { PageImages, ShopPages } from './shop-pages.service.ts';

const tags = ['shop pages'];
const security = [{ bearerAuth: [] }];
const errors = { 400: failure, 401: failure, 403: failure, 404: failure, 409: failure, 413: failure, 415: failure, 429: failure };
const publicErrors = { 400: failure, 404: failure, 429: failure };
const IMAGE_FIELDS = ['logo', 'banner'] as const;
/** Page writes per client per minute (they may carry two images each). */
export const PAGE_WRITE_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;
const FORM_FIELDS = 'fields title, tagline, description, brandColor (#rrggbb), productIds (comma-separated or repeated), removeLogo, removeBanner; files logo and banner (PNG, JPEG or WebP, 2 MB each)';

/** A form's fields as the contract's schema reads them: `productIds` becomes a list. */
function formInput(fields: ReadForm['fields']): Record<string, unknown> {
  const input: Record<string, unknown> = { ...fields };
  if (fields.productIds !== undefined) {
    const values = Array.isArray(fields.productIds) ? fields.productIds : [fields.productIds];
    input.productIds = values.flatMap((value) => value.split(',')).map((id) => id.trim()).filter(Boolean);
  }
  return input;
}

/** Multipart (with images) or JSON (texts only): both end as the same checked fields. */
async function readPageRequest<S extends z.ZodType>(request: FastifyRequest, schema: S): Promise<{ fields: z.output<S>; images: PageImages }> {
  if (request.isMultipart()) {
    const form = await readImageForm(request, IMAGE_FIELDS);
    return { fields: parseFields(schema, formInput(form.fields)), images: { logo: form.files.logo, banner: form.files.banner } };
  }
  const type = request.headers['content-type'];
  if (type !== undefined && !/^application\/json\b/i.test(type)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the page as multipart/form-data (with images) or JSON');
  return { fields: parseFields(schema, request.body ?? {}), images: {} };
}

/**
 * Spec §7 Product pages. Writes are the business owner's; settings are read by the owner and
 * members; the page by slug and the offered products are public. Multipart parsing is scoped
 * to this plugin.
 */
export const shopPageRoutes: FastifyPluginAsyncZod<{ pages: ShopPages }> = async (app, { pages }) => {
  await app.register(multipart, { limits: FORM_LIMITS });
  const writeConfig = { auth: true, rateLimit: PAGE_WRITE_RATE_LIMIT } as const;

  app.post(
    '/v1/business-product-page-settings',
    {
      config: writeConfig,
      bodyLimit: FORM_BODY_LIMIT,
      schema: { tags, security, summary: `Create your business's shop page (owner only; one per business; multipart: businessId, ${FORM_FIELDS})`, consumes: ['multipart/form-data', 'application/json'], response: { 201: dataEnvelope(shopPageSchema), ...errors } },
    },
    async (request, reply) => {
      const { fields, images } = await readPageRequest(request, shopPageCreateFieldsSchema);
      const { businessId, ...input } = fields;
      return reply.code(201).send({ success: true as const, message: 'Shop page created', data: await pages.create(request.user!.id, businessId, input, images) });
    },
  );

  app.get(
    '/v1/business-product-page-settings/:id',
    { config: { auth: true }, schema: { tags, security, summary: "A shop page's settings by its id or its business's id (owner and members; data null when the business has no page yet)", params: shopPageIdParamsSchema, response: { 200: dataEnvelope(shopPageSchema.nullable()), ...errors } } },
    async (request) => ({ success: true as const, data: await pages.get(request.user!.id, request.params.id) }),
  );

  app.put(
    '/v1/business-product-page-settings/:id',
    {
      config: writeConfig,
      bodyLimit: FORM_BODY_LIMIT,
      schema: { tags, security, summary: `Edit your shop page, by its id or its business's id (owner only; multipart or JSON: any of ${FORM_FIELDS})`, params: shopPageIdParamsSchema, consumes: ['multipart/form-data', 'application/json'], response: { 200: dataEnvelope(shopPageSchema), ...errors } },
    },
    async (request) => {
      const { fields, images } = await readPageRequest(request, shopPageUpdateFieldsSchema);
      return { success: true as const, message: 'Shop page saved', data: await pages.update(request.user!.id, request.params.id, fields, images) };
    },
  );

  app.delete(
    '/v1/business-product-page-settings/:id',
    { config: { auth: true }, schema: { tags, security, summary: 'Delete your shop page (owner only)', params: shopPageIdParamsSchema, response: { 200: dataEnvelope(shopPageSchema), ...errors } } },
    async (request) => ({ success: true as const, message: 'Shop page deleted', data: await pages.remove(request.user!.id, request.params.id) }),
  );

  app.get(
    '/v1/business-product-page-settings/slug/:slug',
    { schema: { tags, summary: "A business's shop page by its address name, with its products (public)", params: shopPageSlugParamsSchema, response: { 200: dataEnvelope(publicShopPageSchema), ...publicErrors } } },
    async (request) => ({ success: true as const, data: await pages.bySlug(request.params.slug) }),
  );

  app.get(
    '/v1/business-products',
    { schema: { tags, summary: 'Products offered on shop pages, one row per business and product (public; businessCode filters; size at most 100)', querystring: businessProductsQuerySchema, response: { 200: pageEnvelope(businessProductSchema), ...publicErrors } } },
    async (request) => ({ success: true as const, ...(await pages.listProducts(request.query)) }),
  );

  app.get(
    '/v1/business-products/name/:name',
    { schema: { tags, summary: 'Businesses with this name (any letter case) and the products each offers (public)', params: businessNameParamsSchema, response: { 200: dataEnvelope(z.array(businessOfferSchema)), ...publicErrors } } },
    async (request) => ({ success: true as const, data: await pages.byName(request.params.name) }),
  );

  app.get(
    '/v1/business-products/code/:code',
    { schema: { tags, summary: 'The business with this business code and the products it offers (public)', params: businessCodePathSchema, response: { 200: dataEnvelope(businessOfferSchema), ...publicErrors } } },
    async (request) => ({ success: true as const, data: await pages.byCode(request.params.code) }),
  );
};
