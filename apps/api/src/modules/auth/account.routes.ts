import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addressesBodySchema,
  changePasswordBodySchema,
  currencySchema,
  currencyStrengthSchema,
  errorEnvelopeSchema as failure,
  meResponseSchema,
  otpBodySchema,
  passwordBodySchema,
  primaryEmailBodySchema,
  recoveryEmailBodySchema,
  referralPeriodSchema,
  saveProfileBodySchema,
  sessionResponseSchema,
  setCurrencyBodySchema,
  tokenQuerySchema,
} from '@app/contract';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { sensitiveRateLimit } from '../../plugins/security.ts';
import type { AuthContext } from './auth.context.ts';
import { confirmPrimaryEmailCode, confirmPrimaryEmailWithPassword, confirmRecoveryEmail, requestPrimaryEmail, requestRecoveryEmail } from './email-change.service.ts';
import { changePassword } from './password.service.ts';
import { logout } from './session.ts';
import { ipStack, me, referralEarningStats, referralLink, referralStats, saveAddress, saveProfile, setCurrency } from './profile.service.ts';

const message = z.object({ success: z.literal(true), message: z.string() });
const withData = <T extends z.ZodType>(data: T) => message.extend({ data });
const errors = { 400: failure, 401: failure, 403: failure, 409: failure, 429: failure };
const security = [{ bearerAuth: [] }];

/** Signed-in account calls of spec §7: profile, currency, addresses, password and email changes. */
export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AuthContext; config: Config }> = async (app, { ctx, config }) => {
  const signedIn = { auth: true } as const;
  const strictSignedIn = { auth: true, rateLimit: sensitiveRateLimit(config) } as const;
  const tags = ['account'];

  app.post(
    '/auth/logout',
    { config: signedIn, schema: { tags, security, summary: 'Log out: this session token stops working at once; other sessions stay signed in', response: { 200: message, ...errors } } },
    async (request) => logout(ctx, request.user!),
  );

  app.get('/v1/me', { config: signedIn, schema: { tags, security, summary: 'The signed-in user', response: { 200: meResponseSchema, ...errors } } }, async (request) =>
    me(request.user!.account),
  );

  app.get(
    '/v1/verify-token',
    {
      config: signedIn,
      schema: { tags, security, summary: 'Whether the bearer token is valid (401 when not)', response: { 200: z.object({ success: z.literal(true), data: z.object({ valid: z.literal(true), expiresAt: z.string() }) }), ...errors } },
    },
    async (request) => ({ success: true as const, data: { valid: true as const, expiresAt: request.user!.tokenExpiresAt } }),
  );

  app.post(
    '/auth/set-currency',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: 'Set the checkout currency; applies only at the same or a stronger level than the current one',
        body: setCurrencyBodySchema,
        response: { 200: withData(z.object({ currency: currencySchema, level: currencyStrengthSchema, changed: z.boolean() })), ...errors },
      },
    },
    async (request) => setCurrency(ctx, request.user!.account, request.body.currency, request.body.level),
  );

  app.patch('/v1/addresses', { config: signedIn, schema: { tags, security, summary: 'Save the billing address', body: addressesBodySchema, response: { 200: withData(z.any()), ...errors } } }, async (request) =>
    saveAddress(ctx, request.user!.id, request.body.billingAddress),
  );

  app.patch(
    '/v1/save-profile-info',
    { config: signedIn, schema: { tags, security, summary: 'Save name, phone and selected country', body: saveProfileBodySchema, response: { 200: withData(z.any()), ...errors } } },
    async (request) => saveProfile(ctx, request.user!.id, request.body),
  );

  app.patch(
    '/auth/change-password',
    { config: strictSignedIn, schema: { tags, security, summary: 'Change the password; other sessions end and a new token is returned', body: changePasswordBodySchema, response: { 200: sessionResponseSchema, ...errors } } },
    async (request) => changePassword(ctx, request.user!.account, request.body),
  );

  app.patch(
    '/auth/update-recovery-email',
    { config: strictSignedIn, schema: { tags, security, summary: 'Send a code to a new recovery email', body: recoveryEmailBodySchema, response: { 200: withData(z.object({ recoveryEmail: z.string() })), ...errors } } },
    async (request) => requestRecoveryEmail(ctx, request.user!.account, request.body.recoveryEmail),
  );

  app.patch(
    '/auth/recovery-email-otp-verify',
    { config: strictSignedIn, schema: { tags, security, summary: 'Confirm the recovery email with its code', body: otpBodySchema, response: { 200: withData(z.object({ recoveryEmail: z.string().nullable() })), ...errors } } },
    async (request) => confirmRecoveryEmail(ctx, request.user!.account, request.body.otp),
  );

  app.patch(
    '/auth/update-primary-email',
    {
      config: strictSignedIn,
      schema: {
        tags,
        security,
        summary: 'Step 1 of a login email change: send a code to the new address',
        body: primaryEmailBodySchema,
        response: { 200: withData(z.object({ email: z.string(), attemptsLeft: z.number(), isEmailChangeAttemptLeft: z.boolean() })), ...errors },
      },
    },
    async (request) => requestPrimaryEmail(ctx, request.user!.account, request.body.email),
  );

  app.patch(
    '/auth/primary-email-otp-verify',
    { config: strictSignedIn, schema: { tags, security, summary: 'Step 2: the code gives a token for the password step', body: otpBodySchema, response: { 200: withData(z.object({ tk: z.string() })), ...errors } } },
    async (request) => confirmPrimaryEmailCode(ctx, request.user!.account, request.body.otp),
  );

  app.patch(
    '/auth/primary-email-password-verify',
    {
      config: strictSignedIn,
      schema: { tags, security, summary: 'Step 3: the password confirms the change', querystring: tokenQuerySchema, body: passwordBodySchema, response: { 200: withData(z.object({ email: z.string() })), ...errors } },
    },
    async (request) => confirmPrimaryEmailWithPassword(ctx, request.user!.account, request.query.tk, request.body.password),
  );

  app.get(
    '/v1/ip-stack',
    { schema: { tags, summary: "Currency for the visitor: from a trusted proxy's country header, the IP address (offline GeoLite2 data) or the browser language; USD otherwise", response: { 200: z.object({ success: z.literal(true), data: z.any(), currency: z.object({ code: currencySchema }) }) } } },
    async (request) => ipStack(ctx, request.headers, request.ip),
  );

  app.get(
    '/auth/referral/deeplink',
    { config: { auth: 'optional' }, schema: { tags, summary: 'The referral link of the signed-in user', response: { 200: z.object({ success: z.literal(true), url: z.string(), data: z.object({ url: z.string() }) }) } } },
    async (request) => referralLink(ctx, request.user?.account),
  );

  app.get(
    '/auth/referral/stats',
    { config: signedIn, schema: { tags, security, summary: 'Customers referred, by period', querystring: referralPeriodSchema, response: { 200: z.object({ success: z.literal(true), data: z.any() }), ...errors } } },
    async (request) => referralStats(ctx, request.user!.id, request.query.periodType),
  );

  app.get(
    '/auth/referral/earning/stats',
    { config: signedIn, schema: { tags, security, summary: 'Referral earnings by period (minor units per currency)', querystring: referralPeriodSchema, response: { 200: z.object({ success: z.literal(true), data: z.any() }), ...errors } } },
    async (request) => referralEarningStats(ctx, request.user!.id, request.query.periodType),
  );
};
