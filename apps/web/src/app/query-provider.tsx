import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { QUERY_DEFAULTS, createQueryClient } from '../lib/query-client.ts';
import { querySeed } from './query-seed.ts';

/**
 * TanStack Query for the lazy pages (account, carbon, sign-in): loaded with them, not with the
 * public pages, which read the catalog cache instead. One client for the visit, made when the
 * first such page opens, so its cache survives navigating between those pages. It starts with
 * the data the server rendered the page from (query-seed.ts).
 */
let client: QueryClient | undefined;

function seeded(next: QueryClient): QueryClient {
  for (const [queryKey, data] of querySeed()) next.setQueryData(queryKey, data);
  return next;
}

export function AppQueryProvider({ children }: { children: ReactNode }) {
  // On the server, a client per render: one request's data never reaches another's page (and no
  // sign-out hook is registered per render, as createQueryClient does for the browser's one).
  const [perRender] = useState(() => (import.meta.env.SSR ? seeded(new QueryClient({ defaultOptions: QUERY_DEFAULTS })) : undefined));
  if (perRender) return <QueryClientProvider client={perRender}>{children}</QueryClientProvider>;
  client ??= seeded(createQueryClient());
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
