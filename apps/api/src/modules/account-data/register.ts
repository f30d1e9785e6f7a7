import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { accountDataRoutes } from './account-data.routes.ts';
import { createAccountDataService } from './account-data.service.ts';

/** The export and deletion of one's account under /api (issue 25, decision 0045). */
export async function registerAccountData(app: FastifyInstance, deps: { db: Database }) {
  const service = createAccountDataService({ db: deps.db, catalog: app.catalog, provider: app.paymentProvider, uploads: app.uploads, log: app.log });
  // The export reads every table about the person: a few a quarter of an hour per client is plenty.
  const exportLimit = { max: 5, timeWindow: '15 minutes' };
  const deleteLimit = { max: app.config.rateLimitAuthMax, timeWindow: '1 minute' };
  await app.register(async (api) => api.register(accountDataRoutes, { service, exportLimit, deleteLimit }), { prefix: '/api' });
}
