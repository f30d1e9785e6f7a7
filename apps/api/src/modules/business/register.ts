import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Uploads } from '../uploads/uploads.service.ts';
import { createBusinessMembers } from './business.members.ts';
import { createBusinessProfiles } from './business.profiles.ts';
import { businessRoutes } from './business.routes.ts';

/** Business accounts and their members under /api (spec §7 Business). */
export async function registerBusiness(app: FastifyInstance, deps: { db: Database; uploads: Uploads }) {
  const profiles = createBusinessProfiles(deps.db, deps.uploads);
  const members = createBusinessMembers(deps.db);
  await app.register(async (api) => api.register(businessRoutes, { profiles, members }), { prefix: '/api' });
}
