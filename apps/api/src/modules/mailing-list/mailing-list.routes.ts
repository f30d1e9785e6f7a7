import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NEWSLETTER_INVALID_EMAIL, errorEnvelopeSchema as failure, mailingListBodySchema, mailingListResponseSchema, mailingListTokenQuerySchema } from '@app/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { sensitiveRateLimit } from '../../plugins/security.ts';
import { confirmPages, unsubscribePages, type Page } from './mailing-list.pages.ts';
import { confirm, subscribe, unsubscribe, unsubscribeState, type MailingListContext } from './mailing-list.service.ts';
import { pageOrJson } from '../../lib/page-or-json.ts';

const errors = { 400: failure, 409: failure, 429: failure };

/** The link routes answer a browser with a small HTML page, any other caller with JSON, at every status. */
const linkAnswers = {
  200: pageOrJson('Done, or the page asking to confirm', z.object({ success: z.literal(true), message: z.string() })),
  400: pageOrJson('The link is not valid', failure),
};
const confirmAnswers = { ...linkAnswers, 410: pageOrJson('The link has expired or was used already', failure) };

/**
 * A person following a mail link (the browser asks for text/html) gets the page; any other
 * caller the API's usual JSON: the envelope on 4xx, so every /api error looks the same.
 */
function answerPage(request: FastifyRequest, reply: FastifyReply, page: Page) {
  if ((request.headers.accept ?? '').includes('text/html')) {
    return reply.status(page.status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page.html);
  }
  if (page.status === 410) throw new AppError('NEWSLETTER_LINK_GONE', page.message);
  if (page.status >= 400) throw new AppError('INVALID_TOKEN', page.message);
  return reply.status(page.status).header('cache-control', 'no-store').send({ success: true, message: page.message });
}

/** The newsletter (spec §7 Miscellaneous): subscribe with double opt-in, confirm, unsubscribe. */
export const mailingListRoutes: FastifyPluginAsyncZod<{ ctx: MailingListContext; config: Config }> = async (app, { ctx, config }) => {
  const tags = ['newsletter'];
  // Subscribing sends mail: per IP it has the stricter limit of sign-up and resends (per address:
  // the service's own limits). The link routes keep the global limit: their tokens cannot be
  // guessed, and mail security scanners of one provider open many links from few addresses.
  const strict = { rateLimit: sensitiveRateLimit(config) };

  // RFC 8058 one-click unsubscribe arrives as a form post ("List-Unsubscribe=One-Click"), and so
  // does the button of the unsubscribe page; only this plugin's routes read such bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.post(
    '/v1/mailing-lists',
    {
      // Spec §5/§8: an invalid email answers exactly 'Please enter a valid email'.
      config: { ...strict, auth: 'optional', validationMessage: NEWSLETTER_INVALID_EMAIL },
      schema: {
        tags,
        summary:
          'Subscribe to the newsletter: 200 mails a confirmation link (existingUser false); 200 existingUser when already subscribed; 409 when a confirmation went out under a minute ago; 201 for a signed-in user\'s own verified email',
        body: mailingListBodySchema,
        response: { 200: mailingListResponseSchema, 201: mailingListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await subscribe(ctx, request.body.email, request.user?.account ?? null);
      return reply.status(outcome.status).send(outcome.body);
    },
  );

  app.get(
    '/v1/mailing-lists/verify',
    { schema: { tags, summary: 'Confirm a subscription from the emailed link; a browser gets a small HTML page, other callers JSON (410 expired or used, 400 not valid)', querystring: mailingListTokenQuerySchema, response: confirmAnswers } },
    async (request, reply) => answerPage(request, reply, confirmPages[await confirm(ctx, request.query.tk)]()),
  );

  app.get(
    '/v1/mailing-lists/unsubscribe',
    {
      schema: { tags, summary: 'The unsubscribe page of a newsletter link: a button that posts to the same address (link scanners only GET, so they unsubscribe nobody)', querystring: mailingListTokenQuerySchema, response: linkAnswers },
    },
    async (request, reply) => {
      const state = await unsubscribeState(ctx, request.query.tk);
      let result = unsubscribePages.invalid();
      if (state?.row.status === 'unsubscribed') result = unsubscribePages['already-unsubscribed']();
      else if (state) result = unsubscribePages.ask(`/api/v1/mailing-lists/unsubscribe?tk=${encodeURIComponent(request.query.tk!)}`);
      return answerPage(request, reply, result);
    },
  );

  app.post(
    '/v1/mailing-lists/unsubscribe',
    { schema: { tags, summary: 'Unsubscribe (the page\'s button, and RFC 8058 one-click from mail clients); no login needed', querystring: mailingListTokenQuerySchema, response: linkAnswers } },
    async (request, reply) => answerPage(request, reply, unsubscribePages[await unsubscribe(ctx, request.query.tk)]()),
  );
};
