import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, errorEnvelopeSchema, productListQuerySchema, productSchema, productSlugParamsSchema } from '@app/contract';
import { z } from 'zod';
import type { createCatalogService } from './catalog.service.ts';

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: ReturnType<typeof createCatalogService> }> = async (app, { catalog }) => {
  app.get(
    '/v1/products',
    {
      schema: {
        tags: ['catalog'],
        summary: 'List products, sorted by id; showDetails=1 adds standards and SDGs',
        querystring: productListQuerySchema,
        response: { 200: dataEnvelope(z.array(productSchema)), 400: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const withDetails = request.query.showDetails === '1' || request.query.showDetails === 'true';
      return { success: true as const, data: await catalog.listProducts({ withDetails, limit: request.query.limit }) };
    },
  );

  app.get(
    '/v1/productBySlug/:slug',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One product by its slug, with details',
        params: productSlugParamsSchema,
        response: { 200: dataEnvelope(productSchema), 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, data: await catalog.getProductBySlug(request.params.slug) }),
  );
};
