/**
 * Query keys of data that belongs to the signed-in user start with this prefix, so a forced
 * logout can drop them without throwing away anything else. Kept apart from query-client.ts so
 * code in the first load (the session) can name keys without loading TanStack Query.
 */
export const USER_SCOPED_QUERY_KEY = ['user'] as const;
