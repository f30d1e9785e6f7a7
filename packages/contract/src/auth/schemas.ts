import { z } from 'zod';
import { currencySchema, currencyStrengthSchema } from '../money/currency.ts';
import { passwordProblems } from './password-policy.ts';
import { PASSWORD_MAX_LENGTH } from './limits.ts';

export const emailSchema = z
  .string({ error: 'Enter your email address' })
  .trim()
  .toLowerCase()
  .max(254, 'An email address has at most 254 characters')
  .pipe(z.email({ error: 'Enter a valid email address' }));

export const otpSchema = z.string({ error: 'Enter the 6-digit code' }).trim().regex(/^\d{6}$/, 'The code is 6 digits');

/** Control characters (NUL, escape codes…) have no place in names or addresses. */
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
export const plainText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => !CONTROL_CHARACTERS.test(value), message);

const nameSchema = (label: string) =>
  z
    .string({ error: `Enter your ${label}` })
    .trim()
    .min(1, `Enter your ${label}`)
    .max(80, `Your ${label} can have at most 80 characters`)
    .refine((value) => !/[<>]/.test(value), `Your ${label} cannot contain < or >`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), `Your ${label} cannot contain control characters`);

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
    referralId: plainText(120, 'The referral id is not valid').optional(),
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

export const emailBodySchema = z.object({ email: emailSchema });
export const resendRegistrationLinkBodySchema = z.object({ email: emailSchema, origin: originSchema });
export const resendOtpRegisterBodySchema = z.object({ email: emailSchema, checkout: z.boolean().optional() });
export const emailOtpBodySchema = z.object({ email: emailSchema, otp: otpSchema });
export const otpBodySchema = z.object({ otp: otpSchema });
export const tokenQuerySchema = z.object({
  tk: z.string({ error: 'The link is missing its token' }).min(16, 'The link is not valid').max(256, 'The link is not valid'),
});

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
  line1: plainText(200, 'Remove control characters from the street address').pipe(z.string().min(1, 'Enter the street address')),
  line2: plainText(200, 'Remove control characters from the address').optional(),
  city: plainText(120, 'Remove control characters from the city').pipe(z.string().min(1, 'Enter the city')),
  state: plainText(120, 'Remove control characters from the state').optional(),
  postalCode: plainText(20, 'Remove control characters from the postal code').pipe(z.string().min(1, 'Enter the postal code')),
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
