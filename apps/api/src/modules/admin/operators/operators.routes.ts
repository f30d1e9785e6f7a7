import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, messageEnvelopeSchema } from '@app/contract';
import { adminIdParamsSchema, adminPageSchema, operatorInviteBodySchema, operatorListQuerySchema, operatorSchema, operatorUpdateBodySchema } from '@app/contract/admin';
import { actorOf } from '../audit/audit.ts';
import { adminAccess, adminDoc, adminErrors, ok } from '../admin-route.ts';
import type { OperatorsService } from './operators.service.ts';

/** `operators` (owners only): who may use the console. */
export const operatorsRoutes: FastifyPluginAsyncZod<{ operators: OperatorsService }> = async (app, { operators }) => {
  const owner = adminAccess('owner');

  app.get('/operators', { config: owner, schema: { ...adminDoc('List operators', 'owner'), querystring: operatorListQuerySchema, response: { 200: adminPageSchema(operatorSchema), ...adminErrors } } }, async (request) => {
    const { data, total } = await operators.list(request.query);
    return { success: true as const, data, meta: { page: request.query.page, size: request.query.size, total } };
  });

  app.post(
    '/operators',
    { config: owner, schema: { ...adminDoc('Make an email an operator (an invitation mail goes to it)', 'owner'), body: operatorInviteBodySchema, response: { 201: dataEnvelope(operatorSchema), 200: dataEnvelope(operatorSchema), ...adminErrors } } },
    async (request, reply) => {
      const result = await operators.invite(actorOf(request), request.body.email, request.body.role);
      return reply.status(result.created ? 201 : 200).send(ok(await operators.one(result.id), result.created ? 'Invitation sent' : 'Role updated'));
    },
  );

  app.patch(
    '/operators/:id',
    { config: owner, schema: { ...adminDoc("Change an operator's role", 'owner'), params: adminIdParamsSchema, body: operatorUpdateBodySchema, response: { 200: dataEnvelope(operatorSchema), ...adminErrors } } },
    async (request) => {
      await operators.changeRole(actorOf(request), request.params.id, request.body.role);
      return ok(await operators.one(request.params.id), 'Role updated');
    },
  );

  app.delete('/operators/:id', { config: owner, schema: { ...adminDoc('Remove an operator: their console sessions end at once', 'owner'), params: adminIdParamsSchema, response: { 200: messageEnvelopeSchema, ...adminErrors } } }, async (request) => {
    await operators.remove(actorOf(request), request.params.id);
    return { success: true as const, message: 'The operator was removed' };
  });

  app.post(
    '/operators/:id/mfa-reset',
    { config: owner, schema: { ...adminDoc("Reset an operator's authenticator app (they set it up again at next sign-in)", 'owner'), params: adminIdParamsSchema, response: { 200: messageEnvelopeSchema, ...adminErrors } } },
    async (request) => {
      await operators.resetMfa(actorOf(request), request.params.id);
      return { success: true as const, message: 'The authenticator app was reset' };
    },
  );
};
