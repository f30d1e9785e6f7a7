import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { configureApiClient } from './lib/api-client.ts';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import './styles/tokens.css';
import './styles/base.css';

const router = createAppRouter();

// Forced logout navigates inside the SPA (no full reload) once the router exists.
configureApiClient({ navigate: (to) => void router.navigate(to) });

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
