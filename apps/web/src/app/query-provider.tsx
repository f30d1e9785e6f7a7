import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client.ts';

/**
 * TanStack Query for the lazy pages (account, carbon, sign-in): loaded with them, not with the
 * public pages, which read the catalog cache instead. One client for the visit, made when the
 * first such page opens, so its cache survives navigating between those pages.
 */
let client: QueryClient | undefined;

export function AppQueryProvider({ children }: { children: ReactNode }) {
  client ??= createQueryClient();
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
