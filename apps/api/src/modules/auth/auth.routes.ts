import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailBodySchema,
  emailOtpBodySchema,
  emailSchema,
  registerResponseDataSchema,
  registrationOtpBodySchema,
  errorEnvelopeSchema as failure,
  loginBodySchema,
  registerBodySchema,
  resendOtpRegisterBodySchema,
  resendRegistrationLinkBodySchema,
  resetPasswordBodySchema,
  sessionResponseSchema,
  tokenQuerySchema,
  verificationResponseSchema,
  verifyAccountQuerySchema,
} from '@app/contract';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { sensitiveRateLimit } from '../../plugins/security.ts';
import type { AuthContext } from './auth.context.ts';
import { login } from './login.service.ts';
import { resetPassword, sendResetCode, sendResetLink, verifyResetCode } from './password.service.ts';
import { register, resendVerification, verificationStatus, verifyRegistrationCode, verifyRegistrationLink } from './registration.service.ts';

const message = z.object({ success: z.literal(true), message: z.string() });
const errors = { 400: failure, 401: failure, 403: failure, 409: failure, 429: failure };

/** Public account calls of spec §7 (Auth): sign-up, verification, login and password reset. */
export const authRoutes: FastifyPluginAsyncZod<{ ctx: AuthContext; config: Config }> = async (app, { ctx, config }) => {
  const strict = { rateLimit: sensitiveRateLimit(config) };
  const tags = ['auth'];

  app.post('/auth/login', { config: strict, schema: { tags, summary: 'Log in with email (userId) and password', body: loginBodySchema, response: { 200: sessionResponseSchema, ...errors } } }, async (request) =>
    login(ctx, request.body),
  );

  app.post(
    '/auth/register',
    {
      config: strict,
      schema: {
        tags,
        summary: 'Create an unverified account and email a verification link and code',
        body: registerBodySchema,
        response: { 201: message.extend({ data: registerResponseDataSchema }), ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await register(ctx, request.body)),
  );

  app.patch(
    '/auth/registration-otp-verify',
    {
      config: strict,
      schema: {
        tags,
        summary:
          "Verify the account with the emailed 6-digit code; with the sign-up's signUpProof signs in, otherwise (or after competing sign-ups) answers a token for choosing the password. An account verified already answers 200 with data.code USER_ALREADY_VERIFIED (spec §4)",
        body: registrationOtpBodySchema,
        response: { 200: verificationResponseSchema, ...errors },
      },
    },
    async (request) => verifyRegistrationCode(ctx, request.body.email, request.body.otp, request.body.signUpProof),
  );

  app.get(
    '/auth/verify-account',
    {
      config: strict,
      schema: {
        tags,
        summary:
          "Verify the account with the emailed link token; with the sign-up's signUpProof signs in, otherwise (or after competing sign-ups) answers a token for choosing the password. An account verified already answers 200 with data.code USER_ALREADY_VERIFIED (spec §4)",
        querystring: verifyAccountQuerySchema,
        response: { 200: verificationResponseSchema, ...errors },
      },
    },
    async (request) => verifyRegistrationLink(ctx, request.query.tk, request.query.signUpProof),
  );

  app.patch(
    '/auth/resend-registration-link',
    { config: strict, schema: { tags, summary: 'Send the verification email again', body: resendRegistrationLinkBodySchema, response: { 200: message, ...errors } } },
    async (request) => resendVerification(ctx, request.body.email, { origin: request.body.origin }),
  );

  app.patch(
    '/auth/resend-otp-register',
    { config: strict, schema: { tags, summary: 'Send a new verification code (checkout: the link returns to checkout)', body: resendOtpRegisterBodySchema, response: { 200: message, ...errors } } },
    async (request) => resendVerification(ctx, request.body.email, { checkout: request.body.checkout }),
  );

  app.get(
    '/auth/email-verification-status/:email',
    {
      config: { auth: true },
      schema: {
        tags,
        summary: "Whether the signed-in user's email is verified",
        security: [{ bearerAuth: [] }],
        params: z.object({ email: emailSchema }),
        response: { 200: z.object({ success: z.literal(true), data: z.object({ email: z.string(), verified: z.boolean() }) }), ...errors },
      },
    },
    async (request) => verificationStatus(request.user!.account, request.params.email),
  );

  app.post(
    '/auth/reset-password-link',
    { config: strict, schema: { tags, summary: 'Email a single-use password reset link (valid one hour)', body: emailBodySchema, response: { 200: message, ...errors } } },
    async (request) => sendResetLink(ctx, request.body.email),
  );

  app.post(
    '/auth/reset-password',
    {
      config: strict,
      schema: { tags, summary: 'Set a new password with a reset link or code token', querystring: tokenQuerySchema, body: resetPasswordBodySchema, response: { 200: message.extend({ data: z.object({ email: z.string() }) }), ...errors } },
    },
    async (request) => resetPassword(ctx, request.query.tk, request.body.password),
  );

  app.patch(
    '/auth/otp-reset-password',
    { config: strict, schema: { tags, summary: 'Email a 6-digit password reset code', body: emailBodySchema, response: { 200: message, ...errors } } },
    async (request) => sendResetCode(ctx, request.body.email),
  );

  app.patch(
    '/auth/otp-verify',
    {
      config: strict,
      schema: { tags, summary: 'Trade a right reset code for a reset token', body: emailOtpBodySchema, response: { 200: message.extend({ data: z.object({ resetToken: z.string() }) }), ...errors } },
    },
    async (request) => verifyResetCode(ctx, request.body.email, request.body.otp),
  );
};
