import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { MailRepository } from '../mail/mail.repository.ts';
import type { MailDispatcher } from '../mail/mail.dispatcher.ts';
import { chainsRoutes } from './chains.routes.ts';
import { createUserChains } from './chains.service.ts';
import { createReferralLogs } from './referrals.service.ts';

/** User chains and referral earning logs under /api (spec §7 User chains, v1/referral-user-earning-logs). */
export async function registerChains(app: FastifyInstance, deps: { db: Database; mail: MailRepository; dispatcher: MailDispatcher; publicUrl: string }) {
  const chains = createUserChains(deps);
  const logs = createReferralLogs(deps.db);
  await app.register(async (api) => api.register(chainsRoutes, { chains, logs }), { prefix: '/api' });
}
