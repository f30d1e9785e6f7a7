import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { createCarbonService } from '../carbon/carbon.service.ts';
import type { ReferenceData } from '../reference/reference.service.ts';
import type { Uploads } from '../uploads/uploads.service.ts';
import { createBusinessCarbonRepository } from './business-carbon.repository.ts';
import { businessCarbonRoutes } from './business-carbon.routes.ts';
import { BUSINESS_MEMBERS_TAG, forgetTagOnWrites } from '../../plugins/personal-reads.ts';
import { createBusinessCarbonService } from './business-carbon.service.ts';
import { createBusinessSustainabilityRepository, createBusinessSustainabilityService } from './business-sustainability.ts';

/** Carbon for businesses and the business-sustainability profile, under /api. */
export async function registerBusinessCarbon(app: FastifyInstance, deps: { db: Database; reference: ReferenceData; uploads: Uploads }) {
  const carbon = createBusinessCarbonService({ db: deps.db, repo: createBusinessCarbonRepository(deps.db), carbon: createCarbonService(deps.reference) });
  const profiles = createBusinessSustainabilityService({ db: deps.db, repo: createBusinessSustainabilityRepository(deps.db), reference: deps.reference, uploads: deps.uploads });
  await app.register(
    async (api) => {
      // A member's footprint saved into their business shows in its member list (decision 0062).
      forgetTagOnWrites(api, BUSINESS_MEMBERS_TAG);
      await api.register(businessCarbonRoutes, { carbon, profiles });
    },
    { prefix: '/api' },
  );
}
