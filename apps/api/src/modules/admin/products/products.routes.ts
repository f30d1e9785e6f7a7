import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, messageEnvelopeSchema } from '@app/contract';
import {
  adminIdParamsSchema,
  adminPageSchema,
  adminProductSchema,
  adminProductSummarySchema,
  productCreateBodySchema,
  productListQuerySchema,
  productReferencesSchema,
  productUpdateBodySchema,
} from '@app/contract/admin';
import { actorOf } from '../audit/audit.ts';
import { adminAccess, adminDoc, adminErrors, ok } from '../admin-route.ts';
import type { ProductsService } from './products.service.ts';

/** `products`: list, read, create, edit, archive, restore, delete (never-ordered only). */
export const productsRoutes: FastifyPluginAsyncZod<{ products: ProductsService }> = async (app, { products }) => {
  const staff = adminAccess();
  const one = { 200: dataEnvelope(adminProductSchema), ...adminErrors };

  app.get('/products', { config: staff, schema: { ...adminDoc('List products: search, filters, sorting and pages'), querystring: productListQuerySchema, response: { 200: adminPageSchema(adminProductSummarySchema), ...adminErrors } } }, async (request) => {
    const { data, total } = await products.list(request.query);
    return { success: true as const, data, meta: { page: request.query.page, size: request.query.size, total } };
  });

  app.get('/products/references', { config: staff, schema: { ...adminDoc('What the product form picks from: categories, tags, standards, SDGs, currencies, units'), response: { 200: dataEnvelope(productReferencesSchema), ...adminErrors } } }, async () =>
    ok(await products.references()),
  );

  app.post('/products', { config: staff, schema: { ...adminDoc('Create a product'), body: productCreateBodySchema, response: { 201: dataEnvelope(adminProductSchema), ...adminErrors } } }, async (request, reply) =>
    reply.status(201).send(ok(await products.create(actorOf(request), request.body), 'Product created')),
  );

  app.get('/products/:id', { config: staff, schema: { ...adminDoc('Read a product with every field'), params: adminIdParamsSchema, response: one } }, async (request) => ok(await products.load(request.params.id)));

  app.patch('/products/:id', { config: staff, schema: { ...adminDoc('Edit a product (any of its fields; stock through products/{id}/stock)'), params: adminIdParamsSchema, body: productUpdateBodySchema, response: one } }, async (request) =>
    ok(await products.update(actorOf(request), request.params.id, request.body), 'Product saved'),
  );

  app.post('/products/:id/archive', { config: staff, schema: { ...adminDoc('Archive a product: it leaves the catalog, stays on orders, certificates and reviews'), params: adminIdParamsSchema, response: one } }, async (request) =>
    ok(await products.archive(actorOf(request), request.params.id, true), 'Product archived'),
  );

  app.post('/products/:id/restore', { config: staff, schema: { ...adminDoc('Bring an archived product back to the catalog'), params: adminIdParamsSchema, response: one } }, async (request) =>
    ok(await products.archive(actorOf(request), request.params.id, false), 'Product restored'),
  );

  app.delete('/products/:id', { config: staff, schema: { ...adminDoc('Delete a product that was never ordered (409 PRODUCT_HAS_ORDERS otherwise: archive it)'), params: adminIdParamsSchema, response: { 200: messageEnvelopeSchema, ...adminErrors } } }, async (request) => {
    await products.remove(actorOf(request), request.params.id);
    return { success: true as const, message: 'Product deleted' };
  });
};
