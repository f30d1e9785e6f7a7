/** User chains and referral constants without zod (subpath `@app/contract/chains-rules`). */

/**
 * Spec §3 "User chain: relationship, acceptanceStatus" (values not shown; these are ours).
 * A chain runs from a parent (upline) to a child (downline): `referral` is someone I brought
 * in; the others are people I invited into my network under that name.
 */
export const CHAIN_RELATIONSHIPS = ['referral', 'friend', 'family', 'colleague'] as const;
export type ChainRelationship = (typeof CHAIN_RELATIONSHIPS)[number];

/** Spec §4 "a request to join is confirmed or removed": pending until the invited person answers. */
export const CHAIN_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type ChainStatus = (typeof CHAIN_STATUSES)[number];

/**
 * How the chain came about: `invite` (I add you below me, POST user-chains), `request` (I ask to
 * join below you, POST user-chains/join/request), `link` (I joined below you with your referral
 * link, POST user-chains/join: accepted at once, the link being the invitation).
 */
export const CHAIN_KINDS = ['invite', 'request', 'link'] as const;
export type ChainKind = (typeof CHAIN_KINDS)[number];

/** The tree from one person goes at most this many levels down, and holds at most this many people. */
export const CHAIN_TREE_MAX_DEPTH = 5;
export const CHAIN_TREE_DEFAULT_DEPTH = 3;
export const CHAIN_TREE_MAX_NODES = 500;
/** Invitations and requests one person may have waiting for an answer at once. */
export const CHAIN_MAX_PENDING_SENT = 50;
export const CHAIN_LIST_MAX_PAGE_SIZE = 100;

/** Referral earning logs: ten a page by default, fifty at most. */
export const REFERRAL_LOGS_PAGE_SIZE = 10;
export const REFERRAL_LOGS_MAX_PAGE_SIZE = 50;
export const REFERRAL_PERIODS = ['day', 'week', 'month', 'year'] as const;
export type ReferralPeriod = (typeof REFERRAL_PERIODS)[number];

/** The address parameters that carry a referral (spec §3 stored keys RID and ReferralID). */
export const REFERRAL_PARAM_KEYS = ['RID', 'ReferralID'] as const;

export const relationshipLabel = (relationship: ChainRelationship): string =>
  ({ referral: 'Referral', friend: 'Friend', family: 'Family', colleague: 'Colleague' })[relationship];
