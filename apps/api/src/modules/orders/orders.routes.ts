import { businessOrdersQuerySchema } from '@app/contract/business';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema as failure } from '@app/contract';
import {
  IDEMPOTENCY_KEY_PATTERN,
  customerOrdersEnvelopeSchema,
  customerOrdersQuerySchema,
  orderCreateBodySchema,
  orderEnvelopeSchema,
  orderGraphEnvelopeSchema,
  orderGraphQuerySchema,
  orderParamsSchema,
  orderReadQuerySchema,
} from '@app/contract/orders';
import { clientKey, type RateLimitOptions } from '../../plugins/rate-limit.ts';
import type { OrdersService } from './orders.service.ts';
import { personalRead } from '../../plugins/personal-reads.ts';

const tags = ['orders'];
const security = [{ bearerAuth: [] }];
const errors = { 400: failure, 401: failure, 403: failure, 404: failure, 409: failure, 429: failure };

const placeHeadersSchema = z.object({
  'idempotency-key': z.string().regex(IDEMPOTENCY_KEY_PATTERN, 'An Idempotency-Key is 8 to 128 visible characters').optional(),
});

/** Orders (spec §7): placing one from your cart, and reading your own. */
export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService; placeRateLimit: RateLimitOptions }> = async (app, { orders, placeRateLimit }) => {
  const signedIn = { auth: true } as const;

  app.post(
    '/v1/orders',
    {
      config: { auth: true, rateLimit: placeRateLimit },
      schema: {
        tags,
        security,
        summary:
          'Place an order from your cart: priced by the server, stock reserved, cart emptied, payment started (the test provider pays at once). The same Idempotency-Key answers the first order again',
        headers: placeHeadersSchema,
        body: orderCreateBodySchema,
        response: { 200: orderEnvelopeSchema, ...errors, 502: failure },
      },
    },
    async (request) => orders.place(request.user!.account, request.body, request.headers['idempotency-key'], clientKey(request.ip)),
  );

  app.post(
    '/v1/orders/:id/cancel',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: 'Cancel your own order while it awaits payment: its units and coupon use are released at once. Repeating it answers the cancelled order',
        description: "Someone else's order answers 404; a paid or expired one 409 ORDER_NOT_CANCELLABLE.",
        params: orderParamsSchema,
        response: { 200: orderEnvelopeSchema, ...errors },
      },
    },
    async (request) => orders.cancelOwn(request.user!.id, request.params.id),
  );

  app.get(
    '/v1/orders/graph',
    { config: signedIn, schema: { tags, security, summary: 'Your paid orders per month, last 12 months: count, spend per currency, tonnes retired', querystring: orderGraphQuerySchema, response: { 200: orderGraphEnvelopeSchema, ...errors } } },
    async (request) => orders.monthlyGraph(request.user!.id, request.query),
  );

  app.get(
    '/v1/orders/annual/graph',
    { config: signedIn, schema: { tags, security, summary: 'Your paid orders per year: count, spend per currency, tonnes retired', querystring: orderGraphQuerySchema, response: { 200: orderGraphEnvelopeSchema, ...errors } } },
    async (request) => orders.annualGraph(request.user!.id, request.query),
  );

  app.get(
    '/v1/orders/:id',
    { config: signedIn, schema: { tags, security, summary: 'One of your orders', params: orderParamsSchema, querystring: orderReadQuerySchema, response: { 200: orderEnvelopeSchema, ...errors } } },
    async (request) => orders.getOwn(request.user!.id, request.params.id, request.query),
  );

  app.get(
    '/v1/business-customer-orders',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: "A business's orders, newest first, ten a page (spec §9): its owner only (members 403, unknown code 404)",
        querystring: businessOrdersQuerySchema,
        response: { 200: customerOrdersEnvelopeSchema, ...errors },
      },
    },
    async (request) => orders.businessCustomerOrders(request.user!.id, request.query),
  );

  // Kept per person (decision 0062): forgotten by their writes (placing, paying, cancelling) and
  // by certificate changes (the impact channel, from any process); a page with an order awaiting
  // payment is not kept, since its status moves with time and with the payment provider.
  const ordersList = personalRead(app.personalReads, customerOrdersEnvelopeSchema, { cacheable: (page) => page.data.every((order) => order.status !== 'pending') });
  app.get(
    '/v1/customer-orders',
    {
      config: signedIn,
      schema: { tags, security, summary: 'Your orders, newest first (cert=true: only those with certificates)', querystring: customerOrdersQuerySchema, response: { 200: customerOrdersEnvelopeSchema, ...errors } },
      ...ordersList.options,
    },
    async (request, reply) => ordersList.answer(request, reply, () => orders.customerOrders(request.user!.id, request.query)),
  );
};
