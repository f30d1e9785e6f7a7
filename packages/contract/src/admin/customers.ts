import { z } from 'zod';
import { adminListQuerySchema, operatorRoleSchema, queryBooleanSchema, reasonSchema } from './common.ts';

/**
 * `customers` (staff and owners): search by email or name; a customer's orders
 * (`customers/{id}/orders`), certificates, footprints and businesses; lock and unlock sign-in
 * (a locked account cannot sign in and its sessions end at once); resend the verification mail.
 */

export const customerSummarySchema = z.object({
  _id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  verified: z.boolean(),
  /** Sign-in locked by an operator (not the automatic lock after failed logins). */
  locked: z.boolean(),
  orderCount: z.number().int(),
  createdAt: z.string(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customerDetailSchema = customerSummarySchema.extend({
  emailVerifiedAt: z.string().nullable(),
  lockedAt: z.string().nullable(),
  lockedReason: z.string().nullable(),
  lockedBy: z.string().nullable(),
  /** Locked for a while after failed logins (the automatic lock), until then. */
  failedLoginLockedUntil: z.string().nullable(),
  recoveryEmail: z.string().nullable(),
  phone: z.string().nullable(),
  billingAddress: z.record(z.string(), z.string()).nullable(),
  currency: z.string(),
  /** Their role, when the customer is an operator too. */
  operatorRole: operatorRoleSchema.nullable(),
  newsletter: z.enum(['pending', 'subscribed', 'unsubscribed']).nullable(),
  /** Paid totals per currency, minor units. */
  paid: z.array(z.object({ currency: z.string(), amountMinor: z.number().int(), orders: z.number().int() })),
  certificateCount: z.number().int(),
  footprintCount: z.number().int(),
  reviewCount: z.number().int(),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

export const CUSTOMER_SORTS = ['createdAt', 'email', 'name'] as const;
export const customerListQuerySchema = adminListQuerySchema(CUSTOMER_SORTS, { sort: 'createdAt', order: 'desc' }).extend({
  verified: queryBooleanSchema.optional(),
  locked: queryBooleanSchema.optional(),
});
export type CustomerListQuery = z.input<typeof customerListQuerySchema>;

export const customerCertificateSchema = z.object({
  serial: z.string(),
  orderId: z.string(),
  projectName: z.string(),
  tonnes: z.number(),
  beneficiaryName: z.string(),
  status: z.enum(['valid', 'void']),
  issuedAt: z.string(),
});

export const customerFootprintSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  /** kg CO2e. */
  totalKg: z.number(),
  factorSetYear: z.number().int(),
  createdAt: z.string(),
});

export const customerBusinessSchema = z.object({
  _id: z.string(),
  name: z.string(),
  businessCode: z.string(),
  /** owner, or the member role (employee, supplier, distributor). */
  role: z.string(),
  /** active, exited or removed (always active for the owner). */
  status: z.string(),
  since: z.string(),
});

export const customerSubListQuerySchema = adminListQuerySchema(['createdAt'] as const, { sort: 'createdAt', order: 'desc' });

export const customerLockBodySchema = z.object({ reason: reasonSchema('reason') });
export type CustomerLockBody = z.input<typeof customerLockBodySchema>;
