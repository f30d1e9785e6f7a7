import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@app/contract';
import { adminIdParamsSchema, adminOrderDetailSchema, adminOrderSummarySchema, adminPageSchema, orderListQuerySchema } from '@app/contract/admin';
import { notFound } from '../../../lib/app-error.ts';
import type { AdminContext } from '../admin.context.ts';
import { adminAccess, adminDoc, adminErrors, ok } from '../admin-route.ts';
import { orderReads } from './orders.reads.ts';

/**
 * `orders`: the list with filters and one order in full. Issue 25 adds cancellation, refunds
 * (`orders/{id}/refunds`, staff up to a limit: see `requireOwnerAbove` in admin-route.ts),
 * fulfilments and the timeline here.
 */
export const ordersRoutes: FastifyPluginAsyncZod<{ ctx: AdminContext }> = async (app, { ctx }) => {
  const staff = adminAccess();
  app.get('/orders', { config: staff, schema: { ...adminDoc('List orders: status, kind, currency, customer, product, days, search'), querystring: orderListQuerySchema, response: { 200: adminPageSchema(adminOrderSummarySchema), ...adminErrors } } }, async (request) => {
    const { data, total } = await orderReads.page(ctx.db, request.query);
    return { success: true as const, data, meta: { page: request.query.page, size: request.query.size, total } };
  });

  app.get('/orders/:id', { config: staff, schema: { ...adminDoc('Read one order: lines, address, payment, certificates'), params: adminIdParamsSchema, response: { 200: dataEnvelope(adminOrderDetailSchema), ...adminErrors } } }, async (request) => {
    const order = await orderReads.detail(ctx.db, request.params.id);
    if (!order) throw notFound('That order');
    return ok(order);
  });
};
