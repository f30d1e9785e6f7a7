import { z } from 'zod';
import { operatorRoleSchema } from './common.ts';

/**
 * Signing in to the console and the second factor (`/api/admin/v1/mfa`, decision 0028).
 *
 * 1. The operator signs in as anyone does (`POST /api/auth/login`) and gets the ordinary session
 *    token.
 * 2. With that token (`Authorization: Bearer <session token>`) the console asks `GET mfa`:
 *    - not enrolled → `POST mfa/enrolment` answers an `otpauth://` URI (drawn as a QR code) and the
 *      secret for typing in; `POST mfa/enrolment/confirm` with the first code from the app answers
 *      the admin session and ten one-time recovery codes, shown once;
 *    - enrolled → `POST mfa/verify` with a code (or a recovery code) answers the admin session.
 * 3. Every other admin call carries `Authorization: Bearer <admin token>` (the `token` of the admin
 *    session). It lasts at most 12 hours (`expiresAt`); `DELETE mfa/session` ends it.
 *
 * 401 codes: `UNAUTHENTICATED` (no or bad token: sign in), `TOKEN_EXPIRED` (the sign-in
 * session ended: sign in), `MFA_ENROLMENT_REQUIRED` (an operator without a second factor: enrol),
 * `MFA_REQUIRED` (a session token where the admin token is needed: ask for a code),
 * `ADMIN_SESSION_EXPIRED` (the admin session is over or was ended: ask for a code again).
 * 403: `FORBIDDEN` (not an operator), `OWNER_REQUIRED` (staff on an owner's action).
 */

/** Six digits from the authenticator app. */
export const totpCodeSchema = z
  .string({ error: 'Enter the 6-digit code from your authenticator app' })
  .trim()
  .regex(/^\d{6}$/, 'The code is the 6 digits your authenticator app shows');

/** A one-time recovery code as printed: ten letters and digits, a dash in the middle optional. */
export const RECOVERY_CODE_PATTERN = /^[A-Za-z2-9]{5}-?[A-Za-z2-9]{5}$/;
export const recoveryCodeSchema = z
  .string({ error: 'Enter one of your recovery codes' })
  .trim()
  .regex(RECOVERY_CODE_PATTERN, 'A recovery code looks like ABCDE-23456')
  .transform((code) => code.replace('-', '').toUpperCase());

/** How many recovery codes an enrolment (or a renewal) hands out. */
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes allowed in a row before code checks pause (MFA_TOO_MANY_ATTEMPTS, 429). */
export const MFA_MAX_FAILED_ATTEMPTS = 5;
/** How long code checks pause after that. */
export const MFA_LOCK_MINUTES = 15;

/** The signed-in operator, as the console shows them. */
export const operatorSelfSchema = z.object({
  _id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: operatorRoleSchema,
});
export type OperatorSelf = z.infer<typeof operatorSelfSchema>;

/** `GET mfa`: where this operator stands. */
export const mfaStatusSchema = z.object({
  operator: operatorSelfSchema,
  enrolled: z.boolean(),
  enrolledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** Whether this request carried an admin session that passed the second factor. */
  sessionVerified: z.boolean(),
  /** The admin session's end, when it carries one. */
  sessionExpiresAt: z.string().nullable(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

/** `POST mfa/enrolment`: what the authenticator app needs. Valid for 10 minutes; a new call replaces it. */
export const mfaEnrolmentSchema = z.object({
  /** `otpauth://totp/Carbonwise:<email>?secret=…&issuer=Carbonwise&algorithm=SHA1&digits=6&period=30`, for the QR code. */
  otpauthUri: z.string(),
  /** The same secret in base32, for typing into the app by hand. */
  secret: z.string(),
  issuer: z.string(),
  label: z.string(),
  digits: z.literal(6),
  period: z.literal(30),
  algorithm: z.literal('SHA1'),
  expiresAt: z.string(),
});
export type MfaEnrolment = z.infer<typeof mfaEnrolmentSchema>;

export const mfaConfirmBodySchema = z.object({ code: totpCodeSchema });
export type MfaConfirmBody = z.input<typeof mfaConfirmBodySchema>;

/** `POST mfa/verify`: a code from the app, or one recovery code (each works once). */
export const mfaVerifyBodySchema = z
  .object({ code: totpCodeSchema.optional(), recoveryCode: recoveryCodeSchema.optional() })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    message: 'Enter the code from your authenticator app, or one recovery code',
    path: ['code'],
  });
export type MfaVerifyBody = z.input<typeof mfaVerifyBodySchema>;

/** An admin session: the token every other admin call carries, until `expiresAt`. */
export const adminSessionSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  operator: operatorSelfSchema,
  recoveryCodesLeft: z.number().int(),
  /** Only when codes were just made (enrolment, renewal): shown once, never again. */
  recoveryCodes: z.array(z.string()).optional(),
  /** Set when the session was opened with a recovery code: how many are left, so the console can warn. */
  usedRecoveryCode: z.boolean(),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

/** `POST mfa/recovery-codes` (admin session): a new set; the old ones stop working. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
