/** Loaded on demand by get-me.ts, so zod is fetched only once a signed-in visitor needs it. */
export { meResponseSchema } from '@app/contract';
