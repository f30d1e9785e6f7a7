import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import type { Database } from '../../db/client.ts';
import { createCarbonService } from '../carbon/carbon.service.ts';
import type { ReferenceData } from '../reference/reference.service.ts';
import { createUploadStore } from '../uploads/upload-store.ts';
import { createBusinessCarbonRepository } from './business-carbon.repository.ts';
import { businessCarbonRoutes } from './business-carbon.routes.ts';
import { createBusinessCarbonService } from './business-carbon.service.ts';
import { createBusinessSustainabilityRepository, createBusinessSustainabilityService } from './business-sustainability.ts';

/** Carbon for businesses and the business-sustainability profile, under /api. */
export async function registerBusinessCarbon(app: FastifyInstance, deps: { db: Database; reference: ReferenceData; dataDir: string }) {
  const carbon = createBusinessCarbonService({ db: deps.db, repo: createBusinessCarbonRepository(deps.db), carbon: createCarbonService(deps.reference) });
  // The same directory as the upload module's store (carbon/register.ts): images uploaded there are found here.
  const uploads = createUploadStore(path.join(deps.dataDir, 'uploads'));
  const profiles = createBusinessSustainabilityService({ db: deps.db, repo: createBusinessSustainabilityRepository(deps.db), reference: deps.reference, uploads });
  await app.register(async (api) => api.register(businessCarbonRoutes, { carbon, profiles }), { prefix: '/api' });
}
