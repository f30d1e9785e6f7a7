import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { createCarbonService } from '../carbon/carbon.service.ts';
import type { ReferenceData } from '../reference/reference.service.ts';
import type { Uploads } from '../uploads/uploads.service.ts';
import { createEventFootprints } from './events.footprints.ts';
import { createFootprintClaims } from './events.footprint-claims.ts';
import type { MailRepository } from '../mail/mail.repository.ts';
import type { MailDispatcher } from '../mail/mail.dispatcher.ts';
import { eventRoutes } from './events.routes.ts';
import { createEvents } from './events.service.ts';

/** Business events and attendees' footprints under /api (spec §7 Events). Images go to the one upload store (DATA_DIR/uploads). */
export async function registerEvents(app: FastifyInstance, deps: { db: Database; reference: ReferenceData; uploads: Uploads; mail: MailRepository; dispatcher: MailDispatcher; publicUrl: string }) {
  const events = createEvents(deps.db, deps.uploads);
  const claims = createFootprintClaims(deps);
  const footprints = createEventFootprints(deps.db, events, createCarbonService(deps.reference), claims);
  await app.register(async (api) => api.register(eventRoutes, { events, footprints, claims }), { prefix: '/api' });
  return { claims };
}
