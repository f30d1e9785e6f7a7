import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountExportSchema, deleteAccountBodySchema, deleteAccountResponseSchema, errorEnvelopeSchema as failure } from '@app/contract';
import type { AccountDataService } from './account-data.service.ts';

const security = [{ bearerAuth: [] }];
const tags = ['account'];

/**
 * A customer's data and their leaving (issue 25): the export as a JSON download, and the
 * deletion of the account. Both are signed-in only and act on the caller's own account alone.
 */
export const accountDataRoutes: FastifyPluginAsyncZod<{ service: AccountDataService; exportLimit: { max: number; timeWindow: string }; deleteLimit: { max: number; timeWindow: string } }> = async (
  app,
  { service, exportLimit, deleteLimit },
) => {
  app.get(
    '/v1/account/export',
    {
      config: { auth: true, rateLimit: exportLimit },
      schema: {
        tags,
        security,
        summary: 'Download everything the shop holds about you as one JSON file (an attachment)',
        produces: ['application/json'],
        response: { 200: accountExportSchema.describe('The export (attachment carbonwise-data-<date>.json)'), 401: failure, 429: failure },
      },
    },
    async (request, reply) => {
      const { body, fileName } = await service.exportFor(request.user!.account);
      // A Buffer skips the response serialiser: the document is written once, as it is sent.
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(body as never);
    },
  );

  app.post(
    '/v1/account/delete',
    {
      config: { auth: true, rateLimit: deleteLimit },
      schema: {
        tags,
        security,
        summary: 'Delete your account: needs your password and the typed confirmation; refused (409) while you own a business',
        body: deleteAccountBodySchema,
        response: { 200: deleteAccountResponseSchema, 400: failure, 401: failure, 409: failure, 429: failure },
      },
    },
    async (request) => service.deleteAccount(request.user!.account, request.body),
  );
};
