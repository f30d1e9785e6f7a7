import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, errorEnvelopeSchema as failure, pageEnvelope } from '@app/contract';
import {
  chainConfirmBodySchema,
  chainIdParamsSchema,
  chainInviteBodySchema,
  chainJoinBodySchema,
  chainJoinRequestBodySchema,
  chainListQuerySchema,
  chainTreeQuerySchema,
  chainTreeSchema,
  chainUserIdParamsSchema,
  referralEarningLogSchema,
  referralLogsQuerySchema,
  userChainSchema,
} from '@app/contract/chains';
import type { CurrentUser } from '../../plugins/auth.ts';
import type { ChainCaller, UserChains } from './chains.service.ts';
import type { ReferralLogs } from './referrals.service.ts';

const tags = ['user-chains'];
const security = [{ bearerAuth: [] }];
const signedIn = { auth: true } as const;
/** Who is asking, with the address they have proved (invitations sent to it become theirs) and who referred them. */
const callerOf = (user: CurrentUser): ChainCaller & { referredByUserId: string | null } => ({
  id: user.id,
  verifiedEmail: user.account.emailVerifiedAt ? user.email : null,
  referredByUserId: user.account.referredByUserId ?? null,
});
const errors = { 400: failure, 401: failure, 403: failure, 404: failure, 409: failure, 429: failure };

/** Spec §7 User chains, and the referral earning logs of §7 Miscellaneous. Signed-in only. */
export const chainsRoutes: FastifyPluginAsyncZod<{ chains: UserChains; logs: ReferralLogs }> = async (app, { chains, logs }) => {
  app.post(
    '/v1/user-chains',
    { config: signedIn, schema: { tags, security, summary: 'Invite a person (by email or user id) into your chain; they confirm. By email the answer is the same whether or not the address has an account, and names nobody until they accept', body: chainInviteBodySchema, response: { 201: dataEnvelope(userChainSchema), ...errors } } },
    async (request, reply) => reply.code(201).send({ success: true as const, message: 'Invitation sent', data: await chains.invite(callerOf(request.user!), request.body) }),
  );

  app.get(
    '/v1/user-chains',
    { config: signedIn, schema: { tags, security, summary: 'Your chains, newest first; requested=true: those others asked you to confirm', querystring: chainListQuerySchema, response: { 200: pageEnvelope(userChainSchema), ...errors } } },
    async (request) => ({ success: true as const, ...(await chains.list(callerOf(request.user!), request.query)) }),
  );

  app.get(
    '/v1/user-chains/tree/:userId',
    { config: signedIn, schema: { tags, security, summary: 'Your accepted chain tree (depth-limited) and the people directly above you', params: chainUserIdParamsSchema, querystring: chainTreeQuerySchema, response: { 200: dataEnvelope(chainTreeSchema), ...errors } } },
    async (request) => ({ success: true as const, data: await chains.tree(request.user!.id, request.params.userId, request.query.depth) }),
  );

  app.post(
    '/v1/user-chains/join',
    { config: signedIn, schema: { tags, security, summary: "Join the chain of the person whose referral link you came with: a request they confirm, or accepted at once for an account made through that link", body: chainJoinBodySchema, response: { 200: dataEnvelope(userChainSchema), 201: dataEnvelope(userChainSchema), ...errors } } },
    async (request, reply) => {
      const { chain, created } = await chains.joinByLink(callerOf(request.user!), request.body.referralId);
      const waiting = chain.acceptanceStatus === 'pending';
      const message = waiting
        ? `Request sent: you join ${chain.otherUser.name}'s network once they confirm`
        : created
          ? `You joined ${chain.otherUser.name}'s chain`
          : `You are already in ${chain.otherUser.name}'s chain`;
      return reply.code(created ? 201 : 200).send({ success: true as const, message, data: chain });
    },
  );

  app.post(
    '/v1/user-chains/join/request',
    { config: signedIn, schema: { tags, security, summary: "Ask to join a person's chain (by email or user id); they confirm", body: chainJoinRequestBodySchema, response: { 201: dataEnvelope(userChainSchema), ...errors } } },
    async (request, reply) => reply.code(201).send({ success: true as const, message: 'Request sent', data: await chains.requestJoin(callerOf(request.user!), request.body) }),
  );

  app.put(
    '/v1/user-chains/confirm/:id',
    { config: signedIn, schema: { tags, security, summary: 'Accept or reject a chain you were asked to confirm', params: chainIdParamsSchema, body: chainConfirmBodySchema.optional(), response: { 200: dataEnvelope(userChainSchema), ...errors } } },
    async (request) => {
      const answer = request.body?.acceptanceStatus ?? 'accepted';
      const chain = await chains.confirm(callerOf(request.user!), request.params.id, answer);
      return { success: true as const, message: answer === 'accepted' ? 'Chain confirmed' : 'Chain rejected', data: chain };
    },
  );

  app.get(
    '/v1/user-chains/:id',
    { config: signedIn, schema: { tags, security, summary: 'One of your chains', params: chainIdParamsSchema, response: { 200: dataEnvelope(userChainSchema), ...errors } } },
    async (request) => ({ success: true as const, data: await chains.get(callerOf(request.user!), request.params.id) }),
  );

  app.delete(
    '/v1/user-chains/:id',
    { config: signedIn, schema: { tags, security, summary: 'Remove one of your chains (withdraw, decline or leave)', params: chainIdParamsSchema, response: { 200: dataEnvelope(userChainSchema), ...errors } } },
    async (request) => ({ success: true as const, message: 'Chain removed', data: await chains.remove(request.user!.id, request.params.id) }),
  );

  app.get(
    '/v1/referral-user-earning-logs/user/:userId',
    {
      config: signedIn,
      schema: { tags: ['referrals'], security, summary: 'Your referral earnings, one per paid order of someone you referred, newest first', params: chainUserIdParamsSchema, querystring: referralLogsQuerySchema, response: { 200: pageEnvelope(referralEarningLogSchema), ...errors } },
    },
    async (request) => ({ success: true as const, ...(await logs.page(request.user!.id, request.params.userId, request.query.page, request.query.size)) }),
  );
};
