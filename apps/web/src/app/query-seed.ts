/**
 * Query data a server-rendered page was drawn with (the calculator's country list), for the
 * TanStack Query client of the lazy pages (query-provider.tsx): on the server it is set per render
 * (renderToString is synchronous), in the browser from the data island before hydration, so the
 * page hydrates with the data it was rendered from instead of fetching it again. Kept apart from
 * the provider so the entry can set it without loading TanStack Query.
 */
export type QuerySeed = [queryKey: readonly unknown[], data: unknown][];

let seed: QuerySeed = [];

export function setQuerySeed(next: QuerySeed | undefined): void {
  seed = next ?? [];
}

export function querySeed(): QuerySeed {
  return seed;
}
