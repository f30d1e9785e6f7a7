import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  catalogFacetsSchema,
  dataEnvelope,
  errorEnvelopeSchema,
  filtersQuerySchema,
  isFiltered,
  pageMetaResponseSchema,
  productListQuerySchema,
  productSchema,
  productSlugParamsSchema,
  toCatalogQuery,
  type CatalogQuery,
} from '@app/contract';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import type { CatalogReadModel, ListFilter } from './catalog.read-model.ts';
import { sendEncoded, type EncodedBody } from '../../lib/encoded-body.ts';
import { rememberingValidator } from './remembering-validator.ts';

const listSchema = (summary: string) => ({
  tags: ['catalog'],
  summary,
  querystring: productListQuerySchema,
  response: { 200: dataEnvelope(z.array(productSchema)).extend({ meta: pageMetaResponseSchema.optional() }), 400: errorEnvelopeSchema },
});

/**
 * The validated query in the shape the catalog filters with, worked out once per distinct
 * validated query object (the remembering validator hands out the same object each time).
 */
const catalogQueries = new WeakMap<object, CatalogQuery>();
function catalogQueryOf(query: Parameters<typeof toCatalogQuery>[0]): CatalogQuery {
  let result = catalogQueries.get(query);
  if (!result) {
    result = toCatalogQuery(query);
    catalogQueries.set(query, result);
  }
  return result;
}

/** Whether a list read asks only for what the plain list always answered (no search, filter, sort or page). */
function isPlain(query: CatalogQuery): boolean {
  return !isFiltered(query) && query.sort === undefined && query.page === undefined;
}

/** Raw URLs remembered per catalog state; past this the map starts afresh (made-up URLs cannot grow it). */
const URLS_KEPT = 1000;

/**
 * Sends a body and remembers it under the request's raw URL in `byUrl` (the map of the state
 * the body was built from), so the same URL next time is answered before validation.
 */
function send(request: FastifyRequest, reply: FastifyReply, body: EncodedBody | Promise<EncodedBody>, byUrl: Map<string, EncodedBody>) {
  const remember = (ready: EncodedBody) => {
    if (byUrl.size >= URLS_KEPT) byUrl.clear();
    byUrl.set(request.url, ready);
  };
  if (body instanceof Promise) {
    return body.then((ready) => {
      remember(ready);
      sendEncoded(request, reply, ready);
    });
  }
  remember(body);
  sendEncoded(request, reply, body);
}

/**
 * Catalog reads, answered from the read model: ready bytes in the encoding the client takes,
 * ETag and 304. `compress: false` because the bodies are already compressed.
 */
export const catalogRoutes: FastifyPluginAsyncZod<{ model: CatalogReadModel }> = async (app, { model }) => {
  const lists: { path: string; filter: ListFilter; summary: string }[] = [
    { path: '/v1/products', filter: 'all', summary: 'List products, sorted by id; showDetails=1 adds standards and SDGs; limit keeps the first N; q searches, category/country/standard/sdg/tag/kind/availability/minPrice/maxPrice/currency filter, sort orders, page/size page (adding meta)' },
    { path: '/v1/products/featured', filter: 'featured', summary: 'Featured products, sorted by id (same query as /v1/products)' },
    { path: '/v1/products/offered', filter: 'offered', summary: 'Products on offer, sorted by id (same query as /v1/products)' },
  ];
  /**
   * A URL answered before (since the last catalog change) is sent at once, skipping validation
   * and normalisation: the same bytes the handler gave. The route's own onRequest hook: the rate
   * limit puts its hook ahead of it (plugins/rate-limit.ts), so every request is still counted,
   * and a hit skips the lifecycle steps between onRequest and validation.
   */
  const answerKnownUrl = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const body = model.bodiesByUrl().get(request.url);
    if (body) {
      sendEncoded(request, reply, body);
      return;
    }
    done();
  };

  for (const { path, filter, summary } of lists) {
    // Sync handlers (a promise only while a new list is built): an async one costs each read a
    // promise and a microtask, measurable on a 1 KB answer.
    app.get(path, { schema: listSchema(summary), validatorCompiler: rememberingValidator, compress: false, onRequest: answerKnownUrl }, (request, reply) => {
      const byUrl = model.bodiesByUrl();
      const withDetails = request.query.showDetails === '1' || request.query.showDetails === 'true';
      const view = { filter, withDetails, limit: request.query.limit };
      const query = catalogQueryOf(request.query);
      return send(request, reply, isPlain(query) ? model.listBody(view) : model.queriedListBody(view, query), byUrl);
    });
  }

  app.get(
    '/v1/filters',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Facets with counts (categories, countries, standards, SDGs, tags, kinds, availability, price range per currency); takes the list filters, a facet\'s own counts ignoring its own selection',
        querystring: filtersQuerySchema,
        response: { 200: dataEnvelope(catalogFacetsSchema), 400: errorEnvelopeSchema },
      },
      validatorCompiler: rememberingValidator,
      compress: false,
      onRequest: answerKnownUrl,
    },
    (request, reply) => {
      const byUrl = model.bodiesByUrl();
      return send(request, reply, model.filtersBody(catalogQueryOf(request.query)), byUrl);
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
      validatorCompiler: rememberingValidator,
      compress: false,
      onRequest: answerKnownUrl,
    },
    (request, reply) => {
      const byUrl = model.bodiesByUrl();
      const body = model.productBody(request.params.slug);
      if (!body) throw notFound('Product');
      return send(request, reply, body, byUrl);
    },
  );
};
