export * from './session-store.ts';
export { useSessionCookieCheck } from './useSessionCookieCheck.ts';
