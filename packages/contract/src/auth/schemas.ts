import { z } from 'zod';
import { currencySchema, currencyStrengthSchema } from '../money/currency.ts';
import { passwordProblems } from './password-policy.ts';
import { PASSWORD_MAX_LENGTH } from './limits.ts';
import { textField } from '../common/text-policy.ts';

export const emailSchema = z
  .string({ error: 'Enter your email address' })
  .trim()
  .toLowerCase()
  .max(254, 'An email address has at most 254 characters')
  .pipe(z.email({ error: 'Enter a valid email address' }));

export const otpSchema = z.string({ error: 'Enter the 6-digit code' }).trim().regex(/^\d{6}$/, 'The code is 6 digits');

/** Names: required, at most 80 characters, under the one text policy (common/text-policy.ts). */
const nameSchema = (label: string) => textField({ label, max: 80, required: true });

/** A new password: the policy's problems become field messages. */
export const newPasswordSchema = z
  .string({ error: 'Enter a password' })
  .superRefine((value, ctx) => {
    for (const message of passwordProblems(value)) ctx.addIssue({ code: 'custom', message });
  });

/** An existing password being checked: no policy, just bounds. */
const passwordInputSchema = z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH * 2);

const passwordsMatch = (body: { password: string; confirmPassword: string }) => body.password === body.confirmPassword;
const mismatch = { message: 'The passwords do not match', path: ['confirmPassword'] };

/** Where an email link should bring the person back to (a path of our own site only). */
const originSchema = z.string().max(200).optional();

export const registerBodySchema = z
  .object({
    firstName: nameSchema('first name'),
    lastName: nameSchema('last name'),
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string().optional(),
    referralId: textField({ label: 'referral id', max: 120 }).optional(),
    checkout: z.boolean().optional(),
    origin: originSchema,
  })
  .refine((body) => body.confirmPassword === undefined || body.password === body.confirmPassword, {
    message: 'The passwords do not match',
    path: ['confirmPassword'],
  })
  .superRefine((body, ctx) => {
    // The email-dependent rule needs both fields, so it runs here rather than on the password alone.
    const local = body.email.split('@')[0];
    if (local.length >= 4 && body.password.toLowerCase().includes(local)) {
      ctx.addIssue({ code: 'custom', message: 'Do not use your email address in the password', path: ['password'] });
    }
  });
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** Login (spec §3): userId is the email; temporaryCheckoutCurrency is the visitor's current currency. */
export const currencyChoiceSchema = z.union([
  currencySchema,
  z.object({ currency: currencySchema, level: currencyStrengthSchema.default(2) }),
]);
export const loginBodySchema = z.object({
  userId: emailSchema,
  password: passwordInputSchema,
  strategy: z.literal('password').default('password'),
  temporaryCheckoutCurrency: currencyChoiceSchema.optional(),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const userSchema = z.object({
  _id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const sessionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  user: userSchema,
  temporaryCheckoutCurrency: currencySchema,
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/**
 * A verification (code or link) of an email that more than one sign-up used: the account is
 * verified with no sign-up's password, and the verifier chooses one with `resetToken` on
 * `POST auth/reset-password?tk=` (decision 0005).
 */
export const choosePasswordResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ email: z.string(), choosePassword: z.literal(true), resetToken: z.string() }),
});
export type ChoosePasswordResponse = z.infer<typeof choosePasswordResponseSchema>;

/**
 * A verification (code or link) of an account that is verified already. Spec §4: "Success is
 * status 200. A data.code of USER_ALREADY_VERIFIED means the account was already verified", so
 * it is a 200 with that code, not an error (the web shows 'Email Already Verified', §8).
 */
export const ALREADY_VERIFIED_MESSAGE = 'Email Already Verified';
export const alreadyVerifiedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ code: z.literal('USER_ALREADY_VERIFIED') }),
});
export type AlreadyVerifiedResponse = z.infer<typeof alreadyVerifiedResponseSchema>;

/** What verifying by code or link answers with status 200. */
export const verificationResponseSchema = z.union([sessionResponseSchema, choosePasswordResponseSchema, alreadyVerifiedResponseSchema]);
export type VerificationResponse = z.infer<typeof verificationResponseSchema>;

export const emailBodySchema = z.object({ email: emailSchema });
export const resendRegistrationLinkBodySchema = z.object({ email: emailSchema, origin: originSchema });
export const resendOtpRegisterBodySchema = z.object({ email: emailSchema, checkout: z.boolean().optional() });
export const emailOtpBodySchema = z.object({ email: emailSchema, otp: otpSchema });
export const otpBodySchema = z.object({ otp: otpSchema });
export const tokenQuerySchema = z.object({
  tk: z.string({ error: 'The link is missing its token' }).min(16, 'The link is not valid').max(256, 'The link is not valid'),
});

/**
 * The sign-up proof: a random value `POST auth/register` answers (`data.signUpProof`) and the
 * browser that signed up keeps. Verifying with it keeps that sign-up's password; verifying
 * without it proves the mailbox only, so the verifier chooses the password (decision 0005).
 */
export const signUpProofSchema = z
  .string({ error: 'The sign-up proof is not valid' })
  .regex(/^[A-Za-z0-9_-]{43,128}$/, 'The sign-up proof is not valid');
export const registerResponseDataSchema = z.object({ email: z.string(), signUpProof: z.string() });
export const registrationOtpBodySchema = emailOtpBodySchema.extend({ signUpProof: signUpProofSchema.optional() });
export const verifyAccountQuerySchema = tokenQuerySchema.extend({ signUpProof: signUpProofSchema.optional() });

export const resetPasswordBodySchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string({ error: 'Confirm the password' }) })
  .refine(passwordsMatch, mismatch);
export const changePasswordBodySchema = z
  .object({ currentPassword: passwordInputSchema, password: newPasswordSchema, confirmPassword: z.string({ error: 'Confirm the password' }) })
  .refine(passwordsMatch, mismatch);
export const recoveryEmailBodySchema = z.object({ recoveryEmail: emailSchema });
export const primaryEmailBodySchema = z.object({ email: emailSchema });
export const passwordBodySchema = z.object({ password: passwordInputSchema });

export const setCurrencyBodySchema = z.object({ currency: currencySchema, level: currencyStrengthSchema.default(2) });

const countryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Use the two-letter country code');

export const addressSchema = z.object({
  firstName: nameSchema('first name'),
  lastName: nameSchema('last name'),
  line1: textField({ label: 'street address', max: 200, required: true }),
  line2: textField({ label: 'address line 2', max: 200 }).optional(),
  city: textField({ label: 'city', max: 120, required: true }),
  state: textField({ label: 'state or region', max: 120 }).optional(),
  postalCode: textField({ label: 'postal code', max: 20, required: true }),
  country: countryCodeSchema,
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,20}$/, 'Enter a phone number with digits only')
    .optional(),
});
export type Address = z.infer<typeof addressSchema>;
export const addressesBodySchema = z.object({ billingAddress: addressSchema });

export const saveProfileBodySchema = z
  .object({
    firstName: nameSchema('first name').optional(),
    lastName: nameSchema('last name').optional(),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{6,20}$/, 'Enter a phone number with digits only')
      .nullable()
      .optional(),
    selectedCountry: countryCodeSchema.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Send at least one field to change' });

export const profileSchema = z.object({
  _id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  recoveryEmail: z.string().nullable(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});

/** GET /v1/me (spec §7). */
export const meResponseSchema = z.object({
  success: z.literal(true),
  data: profileSchema,
  billingAddress: addressSchema.nullable(),
  slug: z.string(),
  addressCountry: z.string().nullable(),
  selectedCountry: z.string().nullable(),
  checkoutDefaultCurrency: currencySchema,
  temporaryCheckoutCurrency: currencySchema,
  currencyLevel: currencyStrengthSchema,
  email: z.string(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export const referralPeriodSchema = z.object({ periodType: z.enum(['day', 'week', 'month', 'year']).default('month') });
