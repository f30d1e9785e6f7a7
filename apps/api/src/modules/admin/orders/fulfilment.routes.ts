import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@app/contract';
import { adminIdParamsSchema, adminOrderFulfilmentSchema, fulfilmentBodySchema, fulfilmentParamsSchema, returnBodySchema } from '@app/contract/admin';
import type { AdminContext } from '../admin.context.ts';
import { actorOf } from '../audit/audit.ts';
import { adminAccess, adminDoc, adminErrors, ok } from '../admin-route.ts';
import { createFulfilmentService } from './fulfilment.service.ts';

/**
 * An order's fulfilment (issue 25, decision 0044): the state per goods line with its shipments
 * and returns; `POST …/fulfilments` ships lines, `POST …/fulfilments/{fulfilmentId}/delivery`
 * records the delivery of a shipment, `POST …/returns` takes units back into stock.
 */
export const fulfilmentRoutes: FastifyPluginAsyncZod<{ ctx: AdminContext }> = async (app, { ctx }) => {
  const staff = adminAccess();
  const service = createFulfilmentService(ctx);
  const answer = { 200: dataEnvelope(adminOrderFulfilmentSchema), ...adminErrors };

  app.get('/orders/:id/fulfilments', { config: staff, schema: { ...adminDoc('The fulfilment of an order’s goods: per line, shipments and returns'), params: adminIdParamsSchema, response: answer } }, async (request) => ok(await service.view(ctx.db, request.params.id)));

  app.post(
    '/orders/:id/fulfilments',
    { config: staff, schema: { ...adminDoc('Ship goods lines of a paid order: lines and quantities, carrier and tracking number (mails the buyer)'), params: adminIdParamsSchema, body: fulfilmentBodySchema, response: { 201: dataEnvelope(adminOrderFulfilmentSchema), ...adminErrors } } },
    async (request, reply) => {
      await service.ship(actorOf(request), request.params.id, request.body);
      return reply.code(201).send(ok(await service.view(ctx.db, request.params.id), 'Shipped: the customer was emailed the tracking number'));
    },
  );

  app.post('/orders/:id/fulfilments/:fulfilmentId/delivery', { config: staff, schema: { ...adminDoc('Mark a shipment delivered'), params: fulfilmentParamsSchema, response: answer } }, async (request) => {
    await service.deliver(actorOf(request), request.params.id, request.params.fulfilmentId);
    return ok(await service.view(ctx.db, request.params.id), 'Marked delivered');
  });

  app.post('/orders/:id/returns', { config: staff, schema: { ...adminDoc('Record units of shipped lines as returned: they go back to stock'), params: adminIdParamsSchema, body: returnBodySchema, response: { 201: dataEnvelope(adminOrderFulfilmentSchema), ...adminErrors } } }, async (request, reply) => {
    await service.returnLines(actorOf(request), request.params.id, request.body);
    return reply.code(201).send(ok(await service.view(ctx.db, request.params.id), 'Returned: the units are back in stock'));
  });
};
