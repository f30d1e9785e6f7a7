import { z } from 'zod';
import { emailSchema } from '../auth/schemas.ts';
import { adminListQuerySchema, operatorRoleSchema } from './common.ts';

/**
 * `operators` (owners only): who may use the console. An operator is an ordinary verified account
 * with a role. Inviting an email that has no verified account yet keeps the invitation; the role
 * takes effect when that address verifies. `ADMIN_EMAILS` and `npm run cli -- admin:grant` make
 * operators too (`source`).
 */
export const OPERATOR_SOURCES = ['config', 'cli', 'console'] as const;
export const OPERATOR_STATUSES = ['active', 'invited'] as const;

export const operatorSchema = z.object({
  /** The operator record's id (paths use it). */
  _id: z.string(),
  email: z.string(),
  role: operatorRoleSchema,
  /** `invited`: no verified account has this email yet. */
  status: z.enum(OPERATOR_STATUSES),
  source: z.enum(OPERATOR_SOURCES),
  /** The account, once there is one. */
  user: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  mfaEnrolled: z.boolean(),
  lastVerifiedAt: z.string().nullable(),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Operator = z.infer<typeof operatorSchema>;

export const OPERATOR_SORTS = ['email', 'role', 'createdAt'] as const;
export const operatorListQuerySchema = adminListQuerySchema(OPERATOR_SORTS, { sort: 'email', order: 'asc' }).extend({
  role: operatorRoleSchema.optional(),
});
export type OperatorListQuery = z.input<typeof operatorListQuerySchema>;

/** `POST operators`: make this email an operator (an email is sent either way). */
export const operatorInviteBodySchema = z.object({ email: emailSchema, role: operatorRoleSchema });
export type OperatorInviteBody = z.input<typeof operatorInviteBodySchema>;

/** `PATCH operators/{id}`: change the role. The last owner cannot stop being one. */
export const operatorUpdateBodySchema = z.object({ role: operatorRoleSchema });
export type OperatorUpdateBody = z.input<typeof operatorUpdateBodySchema>;
