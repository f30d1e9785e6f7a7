import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { ReferenceData } from '../reference/reference.service.ts';
import { createSustainabilityRepository } from '../sustainability/sustainability.repository.ts';
import { createSustainabilityService } from '../sustainability/sustainability.service.ts';
import { sustainabilityRoutes } from '../sustainability/sustainability.routes.ts';
import type { Uploads } from '../uploads/uploads.service.ts';
import { uploadFileRoutes, uploadRoutes } from '../uploads/uploads.routes.ts';
import { createCarbonService } from './carbon.service.ts';
import { createFootprintsRepository } from './footprints.repository.ts';
import { createFootprintsService } from './footprints.service.ts';
import { footprintRoutes } from './footprints.routes.ts';
import { tonnesRetiredBy } from '../orders/purchases.ts';

/**
 * The signed-in side of carbon: saved footprints, the sustainability profile and the one upload
 * module (DATA_DIR/uploads) that profiles and, later, business pages use. Kept out of app.ts so
 * that file changes by one line.
 */
export async function registerCarbonAccounts(app: FastifyInstance, deps: { db: Database; reference: ReferenceData; uploads: Uploads }) {
  const { uploads } = deps;
  const carbon = createCarbonService(deps.reference);
  const footprints = createFootprintsService({ repo: createFootprintsRepository(deps.db), carbon });
  const profiles = createSustainabilityService({ repo: createSustainabilityRepository(deps.db), reference: deps.reference, uploads });

  await app.register(
    async (api) => {
      await api.register(footprintRoutes, { footprints, offsetsRetired: (userId) => tonnesRetiredBy(deps.db, userId) });
      await api.register(sustainabilityRoutes, { profiles });
      await api.register(uploadRoutes, { uploads });
    },
    { prefix: '/api' },
  );
  await app.register(uploadFileRoutes, { store: uploads.store });
}
