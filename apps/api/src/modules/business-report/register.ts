import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { createCarbonService } from '../carbon/carbon.service.ts';
import type { ReferenceData } from '../reference/reference.service.ts';
import { createBusinessReportRepository } from './business-report.repository.ts';
import { businessReportRoutes } from './business-report.routes.ts';
import { createBusinessReportService } from './business-report.service.ts';

/** The business emissions report, under /api. */
export async function registerBusinessReport(app: FastifyInstance, deps: { db: Database; reference: ReferenceData }) {
  const reports = createBusinessReportService({ db: deps.db, repo: createBusinessReportRepository(deps.db), carbon: createCarbonService(deps.reference) });
  await app.register(async (api) => api.register(businessReportRoutes, { reports }), { prefix: '/api' });
}
