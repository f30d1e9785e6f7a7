import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import { listenForImpactChanges } from './impact.events.ts';
import { createImpactReadModel, type ImpactReadModel } from './impact.read-model.ts';
import { createImpactRepository } from './impact.repository.ts';
import { impactRoutes } from './impact.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    impact: ImpactReadModel;
  }
}

/** The impact read model, its change listener and its public routes under /api. */
export async function registerImpact(app: FastifyInstance, database: DatabaseHandle) {
  const model = createImpactReadModel(createImpactRepository(database.db));
  await listenForImpactChanges(app, database, model);
  app.decorate('impact', model);
  await app.register(async (api) => api.register(impactRoutes, { model }), { prefix: '/api' });
}
