import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client.ts';

/**
 * App-wide providers. Client state (session, currency, cart count, toasts) are stores and need none.
 * main.tsx passes the query client it filled from a server-rendered page; otherwise one is made here.
 */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
