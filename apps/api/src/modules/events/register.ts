import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import type { Database } from '../../db/client.ts';
import { createCarbonService } from '../carbon/carbon.service.ts';
import type { ReferenceData } from '../reference/reference.service.ts';
import { createUploadStore } from '../uploads/upload-store.ts';
import { createEventFootprints } from './events.footprints.ts';
import { createFootprintClaims } from './events.footprint-claims.ts';
import type { MailRepository } from '../mail/mail.repository.ts';
import type { MailDispatcher } from '../mail/mail.dispatcher.ts';
import { eventRoutes } from './events.routes.ts';
import { createEvents } from './events.service.ts';

/** Business events and attendees' footprints under /api (spec §7 Events). Images go to the one upload store (DATA_DIR/uploads). */
export async function registerEvents(app: FastifyInstance, deps: { db: Database; reference: ReferenceData; dataDir: string; mail: MailRepository; dispatcher: MailDispatcher; publicUrl: string }) {
  const events = createEvents(deps.db, createUploadStore(path.join(deps.dataDir, 'uploads')));
  const claims = createFootprintClaims(deps);
  const footprints = createEventFootprints(deps.db, events, createCarbonService(deps.reference), claims);
  await app.register(async (api) => api.register(eventRoutes, { events, footprints, claims }), { prefix: '/api' });
  return { claims };
}
