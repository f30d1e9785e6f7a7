/** Builds apps/api/src/server.ts and what it imports into apps/api/dist/server.mjs (decision 0070). */
export function buildServer(): Promise<void>;
