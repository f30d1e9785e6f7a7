import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope } from '@app/contract';
import { adminIdParamsSchema, adminOrderCancelBodySchema, adminOrderHistorySchema, adminOrderSummarySchema, adminRefundBodySchema, adminRefundResultSchema } from '@app/contract/admin';
import { IDEMPOTENCY_KEY_PATTERN } from '@app/contract/orders';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { AdminContext } from '../admin.context.ts';
import { adminAccess, adminDoc, adminErrors, ok } from '../admin-route.ts';
import { actorOf } from '../audit/audit.ts';
import { orderHistory } from './orders.history.ts';
import { orderReads } from './orders.reads.ts';

const refundHeaders = z.object({ 'idempotency-key': z.string().regex(IDEMPOTENCY_KEY_PATTERN, 'Idempotency-Key is 8 to 128 visible ASCII characters').optional() });

/**
 * What operators do to an order after it is placed (issue 25, decision 0042): read its history,
 * cancel it while unpaid, refund it once paid. Staff may refund an order up to
 * STAFF_REFUND_LIMIT_MINOR in all; owners any amount. The work is the orders module's
 * (orders.operator.ts): one transaction with the status change, its timeline row and the audit row.
 */
export const orderOperationsRoutes: FastifyPluginAsyncZod<{ ctx: AdminContext; staffRefundLimitMinor: number }> = async (app, { ctx, staffRefundLimitMinor }) => {
  const staff = adminAccess();
  const operatorOf = (request: Parameters<typeof actorOf>[0]) => ({ ...actorOf(request), role: request.operator!.role });

  app.get('/orders/:id/history', { config: staff, schema: { ...adminDoc('An order’s timeline, refunds and what is left to refund'), params: adminIdParamsSchema, response: { 200: dataEnvelope(adminOrderHistorySchema), ...adminErrors } } }, async (request) => {
    const history = await orderHistory(ctx.db, request.params.id, staffRefundLimitMinor);
    if (!history) throw notFound('That order');
    return ok(history);
  });

  app.post(
    '/orders/:id/cancel',
    { config: staff, schema: { ...adminDoc('Cancel an unpaid order: its stock and coupon holds are released at once'), params: adminIdParamsSchema, body: adminOrderCancelBodySchema.optional(), response: { 200: dataEnvelope(adminOrderSummarySchema), ...adminErrors } } },
    async (request) => {
      await app.orders.operator.cancel(operatorOf(request), request.params.id, request.body?.reason || null);
      const order = await orderReads.detail(ctx.db, request.params.id);
      if (!order) throw new AppError('NOT_FOUND', 'That order was not found');
      const { buyerEmail: _b, firstName: _f, lastName: _l, address: _a, businessCode: _bc, conferanceCode: _c, paymentReference: _p, reservedUntil: _r, lines: _li, certificates: _ce, ...summary } = order;
      return ok(summary, `Order ${order.orderNumber} cancelled`);
    },
  );

  app.post(
    '/orders/:id/refunds',
    {
      config: staff,
      schema: {
        ...adminDoc('Refund a paid order: whole, chosen lines and quantities, or an amount, with a reason (staff up to STAFF_REFUND_LIMIT_MINOR)'),
        params: adminIdParamsSchema,
        headers: refundHeaders,
        body: adminRefundBodySchema,
        response: { 201: dataEnvelope(adminRefundResultSchema), 200: dataEnvelope(adminRefundResultSchema), ...adminErrors },
      },
    },
    async (request, reply) => {
      const { result, message } = await app.orders.operator.refund(operatorOf(request), request.params.id, request.body, request.headers['idempotency-key'] ?? randomUUID());
      reply.code(message === 'This refund was already made' ? 200 : 201);
      return ok(result, message);
    },
  );
};
