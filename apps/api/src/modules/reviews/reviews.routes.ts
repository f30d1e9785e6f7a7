import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, errorEnvelopeSchema as failure, messageEnvelopeSchema } from '@app/contract';
import {
  businessReviewQuerySchema,
  createBusinessReviewBodySchema,
  createReviewBodySchema,
  eligibilityParamsSchema,
  productIdParamsSchema,
  productOrderParamsSchema,
  productReviewsEnvelopeSchema,
  productReviewsQuerySchema,
  reviewEligibilitySchema,
  reviewIdParamsSchema,
  reviewSchema,
  updateReviewBodySchema,
} from '@app/contract/reviews';
import type { ReviewsService } from './reviews.service.ts';
import { sendEncoded } from '../../lib/encoded-body.ts';
import { rememberingValidator } from '../catalog/remembering-validator.ts';
import type { ReviewPagesCache } from './review-pages.cache.ts';

const tags = ['reviews'];
const security = [{ bearerAuth: [] }];
const signedIn = { auth: true } as const;
const errors = { 400: failure, 401: failure, 404: failure, 429: failure };

/**
 * The six review calls of spec §7 plus the eligibility read for the web form (decision 0010).
 * The router prefers static segments, so `review/eligibility/…` and `review/{id}/product` never
 * reach `review/{productId}/{orderId}` (whose ids are UUIDs anyway).
 */
export const reviewRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService; pages: ReviewPagesCache }> = async (app, { reviews, pages }) => {
  // A raw URL that validated before finds its cached page in one lookup, before validation (the
  // page cache forgets it when the product's reviews change). The route's own onRequest hook,
  // behind the rate limit's, so every request is still counted.
  const answerKnownUrl = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const cached = pages.byUrl(request.url);
    if (cached) {
      sendEncoded(request, reply, cached);
      return;
    }
    done();
  };

  app.get(
    '/v1/review/:id/product',
    {
      schema: {
        tags,
        summary: 'Public: the reviews of product {id}, newest first (page, size; meta), with the average rating and count',
        params: productIdParamsSchema,
        querystring: productReviewsQuerySchema,
        response: { 200: productReviewsEnvelopeSchema, 400: failure, 404: failure },
      },
      // Served as ready bytes, compressed once per page (review-pages.cache.ts); repeated
      // params and queries skip the zod pass.
      compress: false,
      validatorCompiler: rememberingValidator,
      onRequest: answerKnownUrl,
    },
    // Sync on a hit (no promise per read); the database only on a miss.
    (request, reply) => {
      const productId = request.params.id;
      const pageKey = `${request.query.page}|${request.query.size}`;
      const cached = pages.get(productId, pageKey);
      if (cached) {
        pages.rememberUrl(request.url, productId, cached);
        sendEncoded(request, reply, cached);
        return;
      }
      const generation = pages.generation(productId);
      return reviews.productReviews(productId, request.query).then(async (result) => {
        // Shaped by the response schema once, here, instead of by the serialiser on every read.
        const page = productReviewsEnvelopeSchema.parse({ success: true, ...result });
        const body = await pages.put(productId, pageKey, JSON.stringify(page), generation);
        pages.rememberUrl(request.url, productId, body);
        sendEncoded(request, reply, body);
      });
    },
  );

  app.get(
    '/v1/review/eligibility/:productId',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: "The signed-in user's paid orders containing the product, each with its review id or null (who may review, and what)",
        params: eligibilityParamsSchema,
        response: { 200: dataEnvelope(reviewEligibilitySchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await reviews.eligibility(request.user!.id, request.params.productId) }),
  );

  app.get(
    '/v1/review/:productId/:orderId',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: "The signed-in user's review of product {productId} in order {orderId}, to prefill an edit (404 when there is none)",
        params: productOrderParamsSchema,
        response: { 200: dataEnvelope(reviewSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await reviews.own(request.user!.id, request.params.productId, request.params.orderId, null),
    }),
  );

  app.get(
    '/v1/business/review/:productId/:orderId',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: "The signed-in user's business review of product {productId} in order {orderId} for BusinessId (404 when there is none)",
        params: productOrderParamsSchema,
        querystring: businessReviewQuerySchema,
        response: { 200: dataEnvelope(reviewSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await reviews.own(request.user!.id, request.params.productId, request.params.orderId, request.query.BusinessId),
    }),
  );

  app.patch(
    '/v1/review/:id',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: 'Edit your review {id}: {comment, rating} (404 for anyone else’s)',
        params: reviewIdParamsSchema,
        body: updateReviewBodySchema,
        response: { 200: dataEnvelope(reviewSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, message: 'Review updated', data: await reviews.update(request.user!.id, request.params.id, request.body) }),
  );

  app.delete(
    '/v1/review/:id',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: 'Delete your review {id}: it leaves the product page, its average and count at once (404 for anyone else’s)',
        params: reviewIdParamsSchema,
        response: { 200: messageEnvelopeSchema, ...errors },
      },
    },
    async (request) => {
      await reviews.remove(request.user!.id, request.params.id);
      return { success: true as const, message: 'Your review was deleted' };
    },
  );

  app.post(
    '/v1/review',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: 'Review a product bought in one of your paid personal orders: {product, order, rating 1–5, comment 3–2000 characters}',
        body: createReviewBodySchema,
        response: { 201: dataEnvelope(reviewSchema), ...errors, 403: failure, 409: failure },
      },
    },
    async (request, reply) => reply.status(201).send({ success: true as const, message: 'Review added', data: await reviews.create(request.user!.id, request.body) }),
  );

  app.post(
    '/v1/business/review',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: 'Review a product bought in a paid order of business BusinessId: {product, order, rating, comment, BusinessId}',
        body: createBusinessReviewBodySchema,
        response: { 201: dataEnvelope(reviewSchema), ...errors, 403: failure, 409: failure },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ success: true as const, message: 'Review added', data: await reviews.createForBusiness(request.user!.id, request.body) }),
  );
};
