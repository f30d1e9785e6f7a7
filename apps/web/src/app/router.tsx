import { createBrowserRouter, type HydrationState } from 'react-router';
import { appRoutes } from './routes.tsx';

/** The browser's router; `hydrationData` is the server's router state on a server-rendered page. */
export function createAppRouter(hydrationData?: HydrationState) {
  return createBrowserRouter(appRoutes, { hydrationData });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
