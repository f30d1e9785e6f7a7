import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, errorEnvelopeSchema as failure, pageEnvelope } from '@app/contract';
import {
  businessCodeParamsSchema,
  businessCodeQuerySchema,
  businessIdParamsSchema,
  businessIdPathSchema,
  businessListQuerySchema,
  businessMemberSchema,
  businessMemberStatsSchema,
  businessSlugBodySchema,
  businessSlugSchema,
  businessUpdateBodySchema,
  businessWriteBodySchema,
  joinBusinessBodySchema,
  memberListQuerySchema,
  memberUpdateBodySchema,
  membershipSchema,
  ownBusinessSchema,
  regenerateJoinCodeBodySchema,
  publicBusinessPageSchema,
  publicBusinessSchema,
  userIdParamsSchema,
} from '@app/contract/business';
import type { BusinessMembers } from './business.members.ts';
import type { BusinessProfiles } from './business.profiles.ts';
import { BUSINESS_MEMBERS_TAG, forgetTagOnWrites, personalRead } from '../../plugins/personal-reads.ts';

const tags = ['business'];
const security = [{ bearerAuth: [] }];
const signedIn = { auth: true } as const;
const errors = { 400: failure, 401: failure, 403: failure, 404: failure, 409: failure, 429: failure };
const publicErrors = { 400: failure, 404: failure, 429: failure };

/**
 * Spec §7 Business. Owner calls check ownership through business.access.ts (404 unknown, 403 not
 * the owner); members read only their own membership; visitors read the public profile by code.
 */
export const businessRoutes: FastifyPluginAsyncZod<{ profiles: BusinessProfiles; members: BusinessMembers }> = async (app, { profiles, members }) => {
  // Joins, exits, removals, re-admissions, edits: every write here forgets the kept member lists.
  forgetTagOnWrites(app, BUSINESS_MEMBERS_TAG);
  app.post(
    '/v1/business-profiles',
    { config: signedIn, schema: { tags, security, summary: 'Create your business account (one per person); codes and address name are made for you', body: businessWriteBodySchema, response: { 201: dataEnvelope(ownBusinessSchema), ...errors } } },
    async (request, reply) => reply.code(201).send({ success: true as const, message: 'Business account created', data: await profiles.create(request.user!.id, request.body) }),
  );

  app.put(
    '/v1/business-profiles/:id',
    { config: signedIn, schema: { tags, security, summary: 'Edit your business account (owner only)', params: businessIdParamsSchema, body: businessUpdateBodySchema, response: { 200: dataEnvelope(ownBusinessSchema), ...errors } } },
    async (request) => ({ success: true as const, message: 'Business account saved', data: await profiles.update(request.user!.id, request.params.id, request.body) }),
  );

  app.put(
    '/v1/business-profiles/business-slug/:id',
    { config: signedIn, schema: { tags, security, summary: "Change the business's address name (owner only; 409 SLUG_TAKEN)", params: businessIdParamsSchema, body: businessSlugBodySchema, response: { 200: dataEnvelope(ownBusinessSchema), ...errors } } },
    async (request) => ({ success: true as const, message: 'Address name changed', data: await profiles.setSlug(request.user!.id, request.params.id, request.body.businessSlug) }),
  );

  app.put(
    '/v1/business-profiles/join-codes/:id',
    {
      config: signedIn,
      schema: { tags, security, summary: 'Make a new secret join code for one role (owner only); the old code stops working at once', params: businessIdParamsSchema, body: regenerateJoinCodeBodySchema, response: { 200: dataEnvelope(ownBusinessSchema), ...errors } },
    },
    async (request) => ({ success: true as const, message: `New ${request.body.role} join code made; the old one no longer works`, data: await profiles.regenerateJoinCode(request.user!.id, request.params.id, request.body.role) }),
  );

  app.put(
    '/v1/business-profiles/readmit/user/:id',
    { config: signedIn, schema: { tags, security, summary: 'Let a removed person join your business again with a join code (owner only)', params: businessIdParamsSchema, response: { 200: dataEnvelope(membershipSchema), ...errors } } },
    async (request) => ({ success: true as const, message: 'They can join again with a join code', data: await members.readmit(request.user!.id, request.params.id) }),
  );

  app.get(
    '/v1/business-profiles/user/:userId',
    { config: signedIn, schema: { tags, security, summary: 'Your own business account (data null when you have none); another person’s id is refused', params: userIdParamsSchema, response: { 200: dataEnvelope(ownBusinessSchema.nullable()), ...errors } } },
    async (request) => ({ success: true as const, data: await profiles.ofUser(request.user!.id, request.params.userId) }),
  );

  app.get(
    '/v1/business-profiles',
    { schema: { tags, summary: 'Businesses on the platform, newest first, a hundred a page (public)', querystring: businessListQuerySchema, response: { 200: pageEnvelope(publicBusinessSchema), ...publicErrors } } },
    async (request) => ({ success: true as const, ...(await profiles.list(request.query.page, request.query.size)) }),
  );

  app.get(
    '/v1/business-profiles/me/:businessCode',
    { config: signedIn, schema: { tags, security, summary: 'Your business with its three secret join codes (owner only)', params: businessCodeParamsSchema, response: { 200: dataEnvelope(ownBusinessSchema), ...errors } } },
    async (request) => ({ success: true as const, data: await profiles.me(request.user!.id, request.params.businessCode) }),
  );

  app.get(
    '/v1/business-profiles/profile',
    { schema: { tags, summary: "A business's public profile by its code (visitors too)", querystring: businessCodeQuerySchema, response: { 200: dataEnvelope(publicBusinessSchema), ...publicErrors } } },
    async (request) => ({ success: true as const, data: await profiles.publicProfile(request.query.businessCode) }),
  );

  app.get(
    '/v1/business-profiles/slug/:slug',
    { schema: { tags, summary: "A business's public profile by its address name (visitors too)", params: z.object({ slug: businessSlugSchema }), response: { 200: dataEnvelope(publicBusinessPageSchema), ...publicErrors } } },
    async (request) => ({ success: true as const, data: await profiles.bySlug(request.params.slug) }),
  );

  app.put(
    '/v1/business-profiles/remove/user/:id',
    { config: signedIn, schema: { tags, security, summary: 'Remove a member from your business (owner only)', params: businessIdParamsSchema, response: { 200: dataEnvelope(membershipSchema), ...errors } } },
    async (request) => ({ success: true as const, message: 'Member removed', data: await members.remove(request.user!.id, request.params.id) }),
  );

  app.put(
    '/v1/business-profiles/update/user/:id',
    { config: signedIn, schema: { tags, security, summary: "Set a member's job title or department (owner only)", params: businessIdParamsSchema, body: memberUpdateBodySchema, response: { 200: dataEnvelope(membershipSchema), ...errors } } },
    async (request) => ({ success: true as const, message: 'Member updated', data: await members.update(request.user!.id, request.params.id, request.body) }),
  );

  // Kept per owner (decision 0062), forgotten by any write to a business or its members (below).
  const memberPage = pageEnvelope(businessMemberSchema);
  const memberList = personalRead(app.personalReads, memberPage, { tags: () => [BUSINESS_MEMBERS_TAG] });
  app.get(
    '/v1/business-user-profiles/business/:businessId',
    {
      config: signedIn,
      schema: { tags, security, summary: 'Members of your business, active first (owner only)', params: businessIdPathSchema, querystring: memberListQuerySchema, response: { 200: memberPage, ...errors } },
      ...memberList.options,
    },
    async (request, reply) =>
      memberList.answer(request, reply, async () => ({ success: true as const, ...(await members.list(request.user!.id, request.params.businessId, request.query.page, request.query.size)) })),
  );

  app.get(
    '/v1/business-user-profiles/business/stats/:businessId',
    { config: signedIn, schema: { tags, security, summary: 'Member counts by role and status, and their saved footprints (owner only)', params: businessIdPathSchema, response: { 200: dataEnvelope(businessMemberStatsSchema), ...errors } } },
    async (request) => ({ success: true as const, data: await members.stats(request.user!.id, request.params.businessId) }),
  );

  app.post(
    '/v1/business-user-profiles/join',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: 'Join a business with one of its secret join codes (from the owner, never the public business code): the employee code makes you an employee, the supplier or distributor code a supplier or distributor; 403 REMOVED_FROM_BUSINESS until the owner re-admits a removed person',
        body: joinBusinessBodySchema,
        response: { 200: dataEnvelope(membershipSchema), 201: dataEnvelope(membershipSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { membership, joined } = await members.join(request.user!.id, request.body.businessCode);
      return reply.code(joined ? 201 : 200).send({ success: true as const, message: joined ? `You joined ${membership.businessId.name}` : `You are already a member of ${membership.businessId.name}`, data: membership });
    },
  );

  app.get(
    '/v1/business-user-profiles/user/:userId',
    { config: signedIn, schema: { tags, security, summary: 'The business you joined (data null when none): the JoinedBusinessDetails the web stores', params: userIdParamsSchema, response: { 200: dataEnvelope(membershipSchema.nullable()), ...errors } } },
    async (request) => ({ success: true as const, data: await members.ofUser(request.user!.id, request.params.userId) }),
  );

  app.put(
    '/v1/business-user-profiles/exit/business',
    { config: signedIn, schema: { tags, security, summary: 'Leave the business you joined', response: { 200: dataEnvelope(membershipSchema), ...errors } } },
    async (request) => ({ success: true as const, message: 'You left the business', data: await members.exit(request.user!.id) }),
  );

  app.get(
    '/v1/business-user-profiles/:id',
    { config: signedIn, schema: { tags, security, summary: 'One membership: your own, or one in the business you own', params: businessIdParamsSchema, response: { 200: dataEnvelope(membershipSchema), ...errors } } },
    async (request) => ({ success: true as const, data: await members.get(request.user!.id, request.params.id) }),
  );
};
