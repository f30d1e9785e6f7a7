import { z } from 'zod';
import { textField } from '../common/text-policy.ts';

/**
 * Business accounts (spec §3 Business profile and Joined-business record, §4 join codes, §6 roles,
 * §7 Business calls). The spec shows no write payloads; these are ours: name, description,
 * website, logo, address, country, industry, size.
 */

export * from './rules.ts';
import { BUSINESS_LIST_PAGE_SIZE, BUSINESS_MEMBER_ROLES, BUSINESS_MEMBERS_MAX_PAGE_SIZE, BUSINESS_ORDERS_PAGE_SIZE, BUSINESS_SIZES } from './rules.ts';

const uuid = z.uuid({ message: 'must be an id' });
export const businessIdParamsSchema = z.object({ id: uuid });
export const businessIdPathSchema = z.object({ businessId: uuid });
export const userIdParamsSchema = z.object({ userId: uuid });

/** A join or business code as people type it: letters, digits and dashes; matched in any letter case. */
export const businessCodeSchema = z
  .string({ error: 'Enter a business code' })
  .trim()
  .min(3, 'A business code has at least 3 characters')
  .max(40, 'A business code has at most 40 characters')
  .regex(/^[A-Za-z0-9-]+$/, 'A business code uses letters, digits and dashes');

const websiteSchema = z
  .string()
  .trim()
  .max(300, 'A website address can have at most 300 characters')
  .refine((value) => value === '' || /^https?:\/\/[^\s<>]+\.[^\s<>]+$/i.test(value), 'A website starts with http:// or https://');

const logoUrlSchema = z
  .string()
  .trim()
  .max(500, 'A logo address can have at most 500 characters')
  .refine((value) => value === '' || /^(https?:\/\/|\/uploads\/)[^\s<>"']+$/i.test(value), 'A logo is an https:// address or an uploaded image');

const countrySchema = z
  .string()
  .trim()
  .refine((value) => value === '' || /^[A-Za-z]{2}$/.test(value), 'A country is a two-letter code')
  .transform((code) => code.toUpperCase());

export const businessAddressSchema = z.strictObject({
  line1: textField({ label: 'address', max: 120, required: true }),
  line2: textField({ label: 'address line 2', max: 120 }).nullish(),
  city: textField({ label: 'city', max: 80, required: true }),
  postalCode: textField({ label: 'postal code', max: 20, required: true }),
  region: textField({ label: 'region', max: 80 }).nullish(),
  country: z.string().trim().regex(/^[A-Za-z]{2}$/, 'A country is a two-letter code').transform((code) => code.toUpperCase()),
});
export type BusinessAddress = z.infer<typeof businessAddressSchema>;

/** `POST /v1/business-profiles` and `PUT /v1/business-profiles/{id}` (an update may leave fields out). */
export const businessWriteBodySchema = z.strictObject({
  name: textField({ label: 'business name', max: 120, required: true }),
  description: textField({ label: 'description', max: 2000, multiline: true }).optional(),
  website: websiteSchema.optional(),
  logoUrl: logoUrlSchema.optional(),
  address: businessAddressSchema.nullish(),
  country: countrySchema.optional(),
  industry: textField({ label: 'industry', max: 80 }).optional(),
  size: z.union([z.enum(BUSINESS_SIZES, { error: `A size is one of ${BUSINESS_SIZES.join(', ')}` }), z.literal('')]).optional(),
});
export type BusinessWriteBody = z.input<typeof businessWriteBodySchema>;
export const businessUpdateBodySchema = businessWriteBodySchema.partial();
export type BusinessUpdateBody = z.input<typeof businessUpdateBodySchema>;

/** `PUT /v1/business-profiles/business-slug/{id}`. */
export const businessSlugSchema = z
  .string({ error: 'Enter an address name' })
  .trim()
  .toLowerCase()
  .min(3, 'An address name has at least 3 characters')
  .max(80, 'An address name has at most 80 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'An address name uses lowercase letters, digits and single dashes between them');
export const businessSlugBodySchema = z.strictObject({ businessSlug: businessSlugSchema });

/**
 * `POST v1/business-user-profiles/join` (spec: "a businessCode for join"): the field keeps the
 * spec's name, but what it takes is one of the three secret join codes, never the public
 * business code (issue 23 item 1, decision 0022).
 */
export const joinBusinessBodySchema = z.strictObject({ businessCode: businessCodeSchema });

/** `PUT /v1/business-profiles/join-codes/{id}`: the owner makes a new join code for one role; the old one stops working. */
export const regenerateJoinCodeBodySchema = z.strictObject({ role: z.enum(BUSINESS_MEMBER_ROLES, { error: `A role is one of ${BUSINESS_MEMBER_ROLES.join(', ')}` }) });

/** `PUT /v1/business-profiles/update/user/{id}`: what the owner may change about a member. */
export const memberUpdateBodySchema = z
  .strictObject({
    title: textField({ label: 'job title', max: 80 }).optional(),
    department: textField({ label: 'department', max: 80 }).optional(),
    /** May this member read the business's emissions report (decision 0050)? */
    reportAccess: z.boolean({ error: 'reportAccess must be true or false' }).optional(),
  })
  .refine((body) => body.title !== undefined || body.department !== undefined || body.reportAccess !== undefined, 'Give a title, a department or reportAccess to change');

export const businessListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(BUSINESS_LIST_PAGE_SIZE).default(BUSINESS_LIST_PAGE_SIZE),
});
export const memberListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(BUSINESS_MEMBERS_MAX_PAGE_SIZE).default(20),
});
export const businessCodeQuerySchema = z.object({ businessCode: businessCodeSchema });
export const businessCodeParamsSchema = z.object({ businessCode: businessCodeSchema });
export const businessOrdersQuerySchema = z.object({
  businessCode: businessCodeSchema,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(BUSINESS_ORDERS_PAGE_SIZE).default(BUSINESS_ORDERS_PAGE_SIZE),
});

const addressViewSchema = z.object({
  line1: z.string(),
  line2: z.string().nullish(),
  city: z.string(),
  postalCode: z.string(),
  region: z.string().nullish(),
  country: z.string(),
});

/** What anyone may read about a business (spec §6: visitors read a business profile by code). */
export const publicBusinessSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  businessCode: z.string(),
  businessSlug: z.string(),
  description: z.string(),
  website: z.string(),
  logoUrl: z.string(),
  country: z.string(),
  industry: z.string(),
  size: z.string(),
  createdAt: z.string(),
});
export type PublicBusiness = z.infer<typeof publicBusinessSchema>;

/** `business-profiles/slug/{slug}`: the public profile with what else the business has published. */
export const publicBusinessPageSchema = publicBusinessSchema.extend({
  published: z.object({
    /** Products on its shop page (/shop/{slug}); null when it has no shop page. */
    shopProducts: z.number().int().nullable(),
    /** Whether it has a business-sustainability profile (/business-sustainability/{slug}). */
    sustainabilityProfile: z.boolean(),
  }),
});
export type PublicBusinessPage = z.infer<typeof publicBusinessPageSchema>;

/** The owner's view (spec §3 Business profile: _id, businessCode, name, userId, businessSlug, buyerprofiles). */
export const ownBusinessSchema = publicBusinessSchema.extend({
  userId: z.string(),
  /** The secret join codes, one per role (owner only). */
  joinCodes: z.object({ employee: z.string(), supplier: z.string(), distributor: z.string() }),
  /** True while the employee join code is still the public business code (a business from before join codes were secret): regenerate it. */
  employeeCodeIsPublic: z.boolean(),
  address: addressViewSchema.nullable(),
  /** Active members, as the spec's list of buyer profiles (each with _id). */
  buyerprofiles: z.array(z.object({ _id: z.string(), userId: z.string(), role: z.enum(BUSINESS_MEMBER_ROLES) })),
  updatedAt: z.string(),
});
export type OwnBusiness = z.infer<typeof ownBusinessSchema>;

/** A membership (spec §3 Joined-business record: businessId with _id and businessCode). */
export const membershipSchema = z.object({
  _id: z.string(),
  id: z.string(),
  userId: z.string(),
  role: z.enum(BUSINESS_MEMBER_ROLES),
  status: z.enum(['active', 'exited', 'removed']),
  title: z.string(),
  department: z.string(),
  joinedAt: z.string(),
  leftAt: z.string().nullable(),
  /** The owner let this member read the emissions report (decision 0050). */
  reportAccess: z.boolean(),
  businessId: publicBusinessSchema,
});
export type Membership = z.infer<typeof membershipSchema>;

/** A member as the owner lists them. */
export const businessMemberSchema = z.object({
  _id: z.string(),
  id: z.string(),
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(BUSINESS_MEMBER_ROLES),
  status: z.enum(['active', 'exited', 'removed']),
  title: z.string(),
  department: z.string(),
  joinedAt: z.string(),
  /** The join code they used (null for joins before codes were recorded): the owner sees who joined with which. */
  joinedWithCode: z.string().nullable(),
  /** When the owner re-admitted this removed person (they may join again); null otherwise. */
  readmittedAt: z.string().nullable(),
  /** The member's latest footprint saved into the business, kg CO2e; null when none. */
  carbonTotalKg: z.number().nullable(),
  /** The owner let this member read the emissions report (decision 0050). */
  reportAccess: z.boolean(),
});
export type BusinessMember = z.infer<typeof businessMemberSchema>;

export const businessMemberStatsSchema = z.object({
  active: z.number().int(),
  byRole: z.object({ employee: z.number().int(), supplier: z.number().int(), distributor: z.number().int() }),
  exited: z.number().int(),
  removed: z.number().int(),
  withFootprint: z.number().int(),
  /** Sum of active members' latest saved footprints, kg CO2e. */
  footprintKg: z.number(),
});
export type BusinessMemberStats = z.infer<typeof businessMemberStatsSchema>;
