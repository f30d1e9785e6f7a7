import { z } from 'zod';
import { CHAIN_KINDS, CHAIN_LIST_MAX_PAGE_SIZE, CHAIN_RELATIONSHIPS, CHAIN_STATUSES, CHAIN_TREE_DEFAULT_DEPTH, CHAIN_TREE_MAX_DEPTH, REFERRAL_LOGS_MAX_PAGE_SIZE, REFERRAL_LOGS_PAGE_SIZE } from './rules.ts';

/**
 * User chains (spec §3 User chain, §4 User chains, §7 User chains) and referral earning logs
 * (§7 v1/referral-user-earning-logs). The spec shows no payloads; these are ours.
 */
export * from './rules.ts';

const uuid = z.uuid({ message: 'must be an id' });
export const chainIdParamsSchema = z.object({ id: uuid });
export const chainUserIdParamsSchema = z.object({ userId: uuid });

const relationshipSchema = z.enum(CHAIN_RELATIONSHIPS, { error: `A relationship is one of ${CHAIN_RELATIONSHIPS.join(', ')}` });
const statusSchema = z.enum(CHAIN_STATUSES, { error: `An acceptance status is one of ${CHAIN_STATUSES.join(', ')}` });
const emailSchema = z.string().trim().toLowerCase().max(254, 'An email has at most 254 characters').pipe(z.email({ message: 'Enter a valid email' }));

/** Who a chain is with: an account's email or its user id (exactly one). */
const personSchema = z.strictObject({
  email: emailSchema.optional(),
  userId: uuid.optional(),
  relationship: relationshipSchema,
});
const onePerson = (body: { email?: string | undefined; userId?: string | undefined }) => (body.email === undefined) !== (body.userId === undefined);
const ONE_PERSON = { message: 'Give either an email or a user id', path: ['email'] };

/** `POST /v1/user-chains`: invite a person below you; they confirm. */
export const chainInviteBodySchema = personSchema.refine(onePerson, ONE_PERSON);
export type ChainInviteBody = z.input<typeof chainInviteBodySchema>;

/** `POST v1/user-chains/join/request`: ask to join below a person; they confirm. */
export const chainJoinRequestBodySchema = personSchema.refine(onePerson, ONE_PERSON);
export type ChainJoinRequestBody = z.input<typeof chainJoinRequestBodySchema>;

/** A referral id as links carry it: a user id, or a person's address name (slug). */
export const referralIdSchema = z
  .string({ error: 'Give the referral id of the link' })
  .trim()
  .min(3, 'A referral id has at least 3 characters')
  .max(120, 'A referral id has at most 120 characters')
  .regex(/^[A-Za-z0-9-]+$/, 'A referral id uses letters, digits and dashes');

/** `POST /v1/user-chains/join`: join below the person whose referral link you came with; accepted at once. */
export const chainJoinBodySchema = z.strictObject({ referralId: referralIdSchema });
export type ChainJoinBody = z.input<typeof chainJoinBodySchema>;

/** `PUT v1/user-chains/confirm/{id}`: the invited person accepts or rejects. */
export const chainConfirmBodySchema = z.strictObject({
  acceptanceStatus: z.enum(['accepted', 'rejected'], { error: 'An answer is accepted or rejected' }).default('accepted'),
});
export type ChainConfirmBody = z.input<typeof chainConfirmBodySchema>;

const flag = z
  .enum(['true', 'false', '1', '0'], { error: 'requested is true or false' })
  .transform((value) => value === 'true' || value === '1');

/** `GET /v1/user-chains?relationship=&acceptanceStatus=&requested=true`. */
export const chainListQuerySchema = z.object({
  relationship: relationshipSchema.optional(),
  acceptanceStatus: statusSchema.optional(),
  requested: flag.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(CHAIN_LIST_MAX_PAGE_SIZE).default(20),
});

export const chainTreeQuerySchema = z.object({
  depth: z.coerce.number().int().min(1).max(CHAIN_TREE_MAX_DEPTH).default(CHAIN_TREE_DEFAULT_DEPTH),
});

const personViewSchema = z.object({ _id: z.string(), name: z.string() });

/** A chain as either of its two people sees it. */
export const userChainSchema = z.object({
  _id: z.string(),
  id: z.string(),
  relationship: relationshipSchema,
  acceptanceStatus: statusSchema,
  kind: z.enum(CHAIN_KINDS),
  /** Spec §3 `requested`: true when the caller is the one asked to confirm. */
  requested: z.boolean(),
  /** The upline (parent) and downline (child) of the chain. */
  parent: personViewSchema,
  child: personViewSchema,
  /** Who asked: the parent for an invitation, the child for a request or a link. */
  requestedBy: z.string(),
  /** The other person, from the caller's side. */
  otherUser: personViewSchema,
  createdAt: z.string(),
  respondedAt: z.string().nullable(),
});
export type UserChain = z.infer<typeof userChainSchema>;

/** One person in the tree and the accepted chains below them. */
export interface ChainTreeNode {
  userId: string;
  name: string;
  /** The chain that links this person to their parent in the tree (null for the root). */
  chainId: string | null;
  relationship: (typeof CHAIN_RELATIONSHIPS)[number] | null;
  depth: number;
  children: ChainTreeNode[];
}
export const chainTreeNodeSchema: z.ZodType<ChainTreeNode> = z.lazy(() =>
  z.object({
    userId: z.string(),
    name: z.string(),
    chainId: z.string().nullable(),
    relationship: relationshipSchema.nullable(),
    depth: z.number().int(),
    children: z.array(chainTreeNodeSchema),
  }),
);

export const chainTreeSchema = z.object({
  root: chainTreeNodeSchema,
  /** The people directly above the root (accepted chains where the root is the child). */
  parents: z.array(z.object({ userId: z.string(), name: z.string(), chainId: z.string(), relationship: relationshipSchema })),
  depth: z.number().int(),
  /** True when the tree was cut at the depth or size limit. */
  truncated: z.boolean(),
});
export type ChainTree = z.infer<typeof chainTreeSchema>;

/** `GET v1/referral-user-earning-logs/user/{userId}?page=&size=`. */
export const referralLogsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(REFERRAL_LOGS_MAX_PAGE_SIZE).default(REFERRAL_LOGS_PAGE_SIZE),
});

/** One earning: the referrer's share of one paid order of someone they referred. */
export const referralEarningLogSchema = z.object({
  _id: z.string(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  /** The buyer, as first name and initial (or null once their account is gone). */
  referredUser: z.string().nullable(),
  currency: z.string(),
  amountMinor: z.number().int(),
  createdAt: z.string(),
});
export type ReferralEarningLog = z.infer<typeof referralEarningLogSchema>;
