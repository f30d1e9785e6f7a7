export * from './session-store.ts';
export { useSessionCookieCheck } from './useSessionCookieCheck.ts';
export { useSessionHydration } from './useSessionHydration.ts';
export { getMe, meQueryKey, READ_USER_FAILED } from './api/get-me.ts';
export { useMe } from './api/use-me.ts';
export { signIn, signOut, logOut, clearStoredSession, storeSessionToken, tokenMaxAgeSeconds, type SessionGrant } from './sign-in.ts';
export { loadMemberships, MEMBERSHIP_STORAGE_KEYS } from './api/memberships.ts';
