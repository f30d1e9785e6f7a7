import { useEffect } from 'react';
import { useNavigate, useRoutes } from 'react-router';
import { configureApiClient } from '../lib/api-client.ts';
import { appRoutes } from './routes.tsx';

/**
 * The app's routes, rendered inside <BrowserRouter> (main.tsx) or <StaticRouter> (the server).
 * It also hands the API client the router's navigate, so a forced logout moves inside the app
 * (no full reload); until then the client falls back to a full page load.
 */
export function AppRoutes() {
  const navigate = useNavigate();
  useEffect(() => configureApiClient({ navigate: (to) => void navigate(to) }), [navigate]);
  return useRoutes(appRoutes);
}
