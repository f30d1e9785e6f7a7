import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, messageEnvelopeSchema } from '@app/contract';
import { adminSessionSchema, mfaConfirmBodySchema, mfaEnrolmentSchema, mfaStatusSchema, mfaVerifyBodySchema, recoveryCodesSchema } from '@app/contract/admin';
import { actorOf } from '../audit/audit.ts';
import { adminAccess, adminDoc, adminErrors, ok } from '../admin-route.ts';
import type { MfaService } from './mfa.service.ts';

/**
 * `mfa`: the second factor (decision 0028). Status, enrolment and verification take the sign-in
 * token (they are how the admin session is obtained); renewing recovery codes and signing out take
 * the admin token. Code checks have the strict per-client limit of the sign-in routes on top of
 * the per-operator pause after five wrong codes.
 */
export const mfaRoutes: FastifyPluginAsyncZod<{ mfa: MfaService; codeRateLimit: { max: number; timeWindow: string } }> = async (app, { mfa, codeRateLimit }) => {
  const signIn = { session: 'sign-in' as const };

  app.get('/mfa', { config: adminAccess('staff', signIn), schema: { ...adminDoc('Where this operator stands with the second factor'), response: { 200: dataEnvelope(mfaStatusSchema), ...adminErrors } } }, async (request) =>
    ok(await mfa.status(request.operator!)),
  );

  app.post(
    '/mfa/enrolment',
    { config: adminAccess('staff', { ...signIn, rateLimit: codeRateLimit }), schema: { ...adminDoc('Start setting up an authenticator app: answers the otpauth:// URI for the QR code'), response: { 201: dataEnvelope(mfaEnrolmentSchema), ...adminErrors } } },
    async (request, reply) => reply.status(201).send(ok(await mfa.beginEnrolment(request.operator!, actorOf(request)))),
  );

  app.post(
    '/mfa/enrolment/confirm',
    {
      config: adminAccess('staff', { ...signIn, rateLimit: codeRateLimit }),
      schema: { ...adminDoc('Confirm the set-up with the first code: answers the admin session and ten recovery codes (shown once)'), body: mfaConfirmBodySchema, response: { 200: dataEnvelope(adminSessionSchema), ...adminErrors } },
    },
    async (request) => ok(await mfa.confirmEnrolment(request.operator!, actorOf(request), request.body.code), 'Your authenticator app is set up'),
  );

  app.post(
    '/mfa/verify',
    {
      config: adminAccess('staff', { ...signIn, rateLimit: codeRateLimit }),
      schema: { ...adminDoc('Pass the second factor with a code (or a recovery code): answers the admin session'), body: mfaVerifyBodySchema, response: { 200: dataEnvelope(adminSessionSchema), ...adminErrors } },
    },
    async (request) => ok(await mfa.verify(request.operator!, actorOf(request), request.body)),
  );

  app.post(
    '/mfa/recovery-codes',
    { config: adminAccess('staff', { rateLimit: codeRateLimit }), schema: { ...adminDoc('Make ten new recovery codes; the old ones stop working'), response: { 200: dataEnvelope(recoveryCodesSchema), ...adminErrors } } },
    async (request) => ok(await mfa.renewRecoveryCodes(request.operator!, actorOf(request))),
  );

  app.delete('/mfa/session', { config: adminAccess(), schema: { ...adminDoc('Sign out of the console: the admin token stops working at once'), response: { 200: messageEnvelopeSchema, ...adminErrors } } }, async (request) => {
    await mfa.signOut(request.operator!, actorOf(request));
    return { success: true as const, message: 'You are signed out of the console' };
  });
};
