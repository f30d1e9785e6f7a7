/** Business constants and pure rules without zod, for pages and the layout (subpath `@app/contract/business-rules`). */

/** Spec §9: business lists come a hundred at a time. */
export const BUSINESS_LIST_PAGE_SIZE = 100;
/** Spec §9: business orders come ten at a time. */
export const BUSINESS_ORDERS_PAGE_SIZE = 10;
/** Members are listed at most this many at a time. */
export const BUSINESS_MEMBERS_MAX_PAGE_SIZE = 100;

export const BUSINESS_SIZES = ['1-10', '11-50', '51-200', '201-1000', '1000+'] as const;
export type BusinessSize = (typeof BUSINESS_SIZES)[number];

/** The role a joiner takes is decided by the code they used (spec §4). */
export const BUSINESS_MEMBER_ROLES = ['employee', 'supplier', 'distributor'] as const;
export type BusinessMemberRole = (typeof BUSINESS_MEMBER_ROLES)[number];

/** Where the web sends someone after joining: employees to the employer page, others to the business page (spec §2, §4). */
export const landingPageForRole = (role: BusinessMemberRole) => (role === 'employee' ? '/other/my-employer-account' : '/other/my-business-account');

/** The localStorage keys (spec §3) that hold a join code taken from a link, and the role each gives. */
export const JOIN_CODE_KEYS = { JoinBusinessCode: 'employee', JoinSupplierCode: 'supplier', JoinDistributorCode: 'distributor' } as const;

