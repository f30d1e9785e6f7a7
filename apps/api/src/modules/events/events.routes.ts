import multipart from '@fastify/multipart';
import { z } from 'zod';
import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifySchemaCompiler } from 'fastify';
import { dataEnvelope, errorEnvelopeSchema as failure, pageEnvelope } from '@app/contract';
import {
  businessEventSchema,
  EVENT_IMAGE_MAX_BYTES,
  eventAttendanceSchema,
  eventBusinessParamsSchema,
  eventByConferanceQuerySchema,
  eventCodeParamsSchema,
  eventCreateBodySchema,
  eventFootprintBodySchema,
  eventFootprintSchema,
  eventFootprintSpecificQuerySchema,
  eventIdParamsSchema,
  eventListQuerySchema,
  eventLiveSchema,
  eventStatsSchema,
  eventUpdateBodySchema,
  eventUserIdParamsSchema,
  joinEventBodySchema,
  memberFootprintSchema,
} from '@app/contract/events';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { pageOrJson } from '../../lib/page-or-json.ts';
import type { EventFootprints } from './events.footprints.ts';
import type { FootprintClaims } from './events.footprint-claims.ts';
import { footprintConfirmPage } from './events.pages.ts';
import { EVENT_MULTIPART_LIMITS, parseFields, readEventForm } from './events.multipart.ts';
import type { EventImage, Events } from './events.service.ts';

/** The emailed link's token: what newLinkToken makes (43 URL-safe characters); anything else is refused before the database. */
const footprintConfirmQuerySchema = z.object({ tk: z.string({ error: 'The link is incomplete' }).regex(/^[A-Za-z0-9_-]{20,100}$/, 'The link is not valid') });

const tags = ['events'];
const security = [{ bearerAuth: [] }];
const signedIn = { auth: true } as const;
const errors = { 400: failure, 401: failure, 403: failure, 404: failure, 409: failure, 429: failure };
const formErrors = { ...errors, 413: failure, 415: failure };
const publicErrors = { 400: failure, 404: failure, 429: failure };
/** Footprints from visitors: a few a minute per client on top of the global limit. */
const FOOTPRINT_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;
/** Event forms carry images: an owner edits a handful a minute; the limit stops a flood of stored files. */
const FORM_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

/**
 * The event forms declare their fields as the body schema, so the API document lists them, but
 * the body is read and checked in the handler: a multipart body is not there to validate until
 * its parts are read. Params and query are validated as on every route.
 */
const formValidator: FastifySchemaCompiler<unknown> = (route) => (route.httpPart === 'body' ? () => true : validatorCompiler(route as never));

/** An event form as multipart (fields and an optional `image` file) or as JSON (no image). */
async function readForm<T extends z.ZodType>(request: FastifyRequest, schema: T): Promise<{ body: z.output<T>; image?: EventImage }> {
  if (request.isMultipart()) {
    const { fields, image } = await readEventForm(request);
    return { body: parseFields(schema, fields), image };
  }
  return { body: parseFields(schema, request.body ?? {}) };
}

/**
 * Spec §7 Events. Owner calls check ownership through business.access.ts (404 unknown, 403 not
 * the owner); members read their business's events; visitors read an event by its conference
 * code and may record their footprint with an email.
 */
export const eventRoutes: FastifyPluginAsyncZod<{ events: Events; footprints: EventFootprints; claims: FootprintClaims }> = async (app, { events, footprints, claims }) => {
  // Scoped to this plugin: only the event forms accept multipart bodies.
  await app.register(multipart, { limits: EVENT_MULTIPART_LIMITS });
  const formBodyLimit = EVENT_IMAGE_MAX_BYTES + 64 * 1024;

  app.post(
    '/v1/business-events',
    {
      config: { ...signedIn, rateLimit: FORM_RATE_LIMIT },
      bodyLimit: formBodyLimit,
      schema: {
        tags,
        security,
        summary: 'Create an event of your business (owner only): multipart fields name, description, startDate, endDate (YYYY-MM-DD), location, country, expectedAttendees and an optional file "image" (PNG, JPEG or WebP, at most 2 MB); JSON without the image works too. The conference code is made for you',
        consumes: ['multipart/form-data', 'application/json'],
        body: eventCreateBodySchema,
        response: { 201: dataEnvelope(businessEventSchema), ...formErrors },
      },
      validatorCompiler: formValidator,
    },
    async (request, reply) => {
      const { body, image } = await readForm(request, eventCreateBodySchema);
      return reply.code(201).send({ success: true as const, message: 'Event created', data: await events.create(request.user!.id, body, image) });
    },
  );

  app.put(
    '/v1/business-events/:id',
    {
      config: { ...signedIn, rateLimit: FORM_RATE_LIMIT },
      bodyLimit: formBodyLimit,
      schema: {
        tags,
        security,
        summary: 'Edit an event (owner only), as JSON or multipart (a new file "image" replaces the image; imageUrl "" removes it)',
        consumes: ['multipart/form-data', 'application/json'],
        params: eventIdParamsSchema,
        body: eventUpdateBodySchema,
        response: { 200: dataEnvelope(businessEventSchema), ...formErrors },
      },
      validatorCompiler: formValidator,
    },
    async (request) => {
      const { body, image } = await readForm(request, eventUpdateBodySchema);
      return { success: true as const, message: 'Event saved', data: await events.update(request.user!.id, request.params.id, body, image) };
    },
  );

  app.get(
    '/v1/business-events',
    { schema: { tags, summary: 'The event with this conference code, as a list of one (empty when none); public', querystring: eventByConferanceQuerySchema, response: { 200: dataEnvelope(z.array(businessEventSchema)), ...publicErrors } } },
    async (request) => ({ success: true as const, data: await events.listByCode(request.query.conferanceCode) }),
  );

  app.get(
    '/v1/business-events/event/:code',
    { config: { auth: 'optional' }, schema: { tags, summary: 'One event by its conference code (public; with a token it also says whether you joined)', params: eventCodeParamsSchema, response: { 200: dataEnvelope(businessEventSchema), ...publicErrors } } },
    async (request) => ({ success: true as const, data: await events.byCode(request.params.code, request.user?.id) }),
  );

  app.get(
    '/v1/business-events/stats/:businessCode',
    { config: signedIn, schema: { tags, security, summary: 'Per event: attendees, footprints recorded and their totals by component (owner only)', params: eventBusinessParamsSchema, querystring: eventListQuerySchema, response: { 200: pageEnvelope(eventStatsSchema), ...errors } } },
    async (request) => ({ success: true as const, ...(await events.stats(request.user!.id, request.params.businessCode, request.query.page, request.query.size)) }),
  );

  app.get(
    '/v1/business-events/live/:id',
    { config: signedIn, schema: { tags, security, summary: "One event's live footprint: total, per attendee and by component, with every attendee (owner only)", params: eventIdParamsSchema, response: { 200: dataEnvelope(eventLiveSchema), ...errors } } },
    async (request) => ({ success: true as const, data: await events.live(request.user!.id, request.params.id) }),
  );

  app.get(
    '/v1/business-events/:businessCode',
    { config: signedIn, schema: { tags, security, summary: "Your business's events, latest start first (owner or member)", params: eventBusinessParamsSchema, querystring: eventListQuerySchema, response: { 200: pageEnvelope(businessEventSchema), ...errors } } },
    async (request) => ({ success: true as const, ...(await events.listForBusiness(request.user!.id, request.params.businessCode, request.query.page, request.query.size)) }),
  );

  app.post(
    '/v1/business-events/join',
    {
      config: signedIn,
      schema: { tags, security, summary: 'Join an event by its conference code (once; joining again answers the same place)', body: joinEventBodySchema, response: { 200: dataEnvelope(eventAttendanceSchema.extend({ event: businessEventSchema })), 201: dataEnvelope(eventAttendanceSchema.extend({ event: businessEventSchema })), ...errors } },
    },
    async (request, reply) => {
      const { attendance, joined, event } = await events.join(request.user!.id, request.body.conferanceCode);
      return reply.code(joined ? 201 : 200).send({ success: true as const, message: joined ? `You joined ${event.name}` : `You have already joined ${event.name}`, data: { ...attendance, event } });
    },
  );

  app.post(
    '/v1/business-event-user-carbon-foot-prints',
    {
      config: { auth: 'optional', rateLimit: FOOTPRINT_RATE_LIMIT },
      schema: {
        tags,
        summary:
          "Record your footprint for an event (by conferanceCode): signed in under your account's email (201, or 200 when replaced), or as a visitor with an email: 202, counted once the emailed link confirms it. One per email per event",
        body: eventFootprintBodySchema,
        response: { 200: dataEnvelope(eventFootprintSchema), 201: dataEnvelope(eventFootprintSchema), 202: dataEnvelope(eventFootprintSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { footprint, replaced, pending } = await footprints.record(request.user, request.body);
      if (pending) {
        return reply.code(202).send({ success: true as const, message: `Check ${footprint.email}: your footprint counts once you confirm it with the link we sent`, data: footprint });
      }
      return reply.code(replaced ? 200 : 201).send({ success: true as const, message: replaced ? 'Your footprint was updated' : 'Your footprint was recorded', data: footprint });
    },
  );

  app.get(
    '/v1/business-event-user-carbon-foot-prints/confirm',
    {
      config: { rateLimit: FOOTPRINT_RATE_LIMIT },
      schema: {
        tags,
        summary: "Confirm a visitor's event footprint from the emailed link: a browser gets a small page, other callers JSON (410 used or expired, 409 the address's account recorded its own)",
        querystring: footprintConfirmQuerySchema,
        response: {
          200: pageOrJson('Confirmed: the footprint now counts', z.object({ success: z.literal(true), message: z.string() })),
          400: pageOrJson('The link is not valid', failure),
          409: pageOrJson("The address's account recorded its own footprint", failure),
          410: pageOrJson('The link has expired or was used already', failure),
          429: failure,
        },
      },
    },
    async (request, reply) => {
      const { outcome, eventName } = await claims.confirm(request.query.tk);
      const result = footprintConfirmPage(outcome, eventName);
      if ((request.headers.accept ?? '').includes('text/html')) return reply.status(result.status as 200 | 400 | 409 | 410).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(result.html);
      if (outcome === 'gone') throw new AppError('FOOTPRINT_LINK_GONE', result.message);
      if (outcome === 'account') throw new AppError('CONFLICT', result.message);
      return reply.header('cache-control', 'no-store').send({ success: true as const, message: result.message });
    },
  );

  app.get(
    '/v1/business-event-user-carbon-foot-prints/specific',
    { config: signedIn, schema: { tags, security, summary: "One attendee's footprint for an event: your own, or any for the event's business owner", querystring: eventFootprintSpecificQuerySchema, response: { 200: dataEnvelope(eventFootprintSchema), ...errors } } },
    async (request) => ({ success: true as const, data: await footprints.specific(request.user!, request.query) }),
  );

  app.get(
    '/v1/business-user-carbon-foot-prints/user/:id',
    { config: signedIn, schema: { tags, security, summary: "A person's footprints (events and saved business footprints): yourself, or a member of the business you own", params: eventUserIdParamsSchema, response: { 200: dataEnvelope(z.array(memberFootprintSchema)), ...errors } } },
    async (request) => ({ success: true as const, data: await footprints.ofMember(request.user!.id, request.params.id) }),
  );
};
