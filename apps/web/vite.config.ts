import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

/**
 * Two builds (npm run build): the browser app into dist/ (with a manifest the server reads to
 * preload each page's chunks and CSS, and .br/.gz files beside every asset), then the server
 * renderer `vite build --ssr src/entry-server.tsx` into dist-ssr/, outside the served folder.
 * In development the API runs on :3000; proxying /api and /dev keeps every call same-origin,
 * exactly like production, so the CSP (connect-src 'self') and cookies behave the same.
 */
const apiTarget = 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), precompress()],
  // The server bundle needs no copy of public/; the browser build serves it.
  publicDir: isSsrBuild ? false : 'public',
  build: {
    outDir: isSsrBuild ? 'dist-ssr' : 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: !isSsrBuild,
    // Every module the entry loads statically goes into the entry chunk: left to itself, the code
    // splitter cut a dozen sub-KB chunks out of it (shared with lazy pages), and each compressed
    // file pays its own header and starts with an empty dictionary (~2.3 KB gzipped more on every
    // page's first load). For the same reason the small modules the shop pages' own chunks
    // (HomePage, CatalogPage, ProductPage) share are put together in one 'shop' chunk.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'app', tags: ['$initial'] },
                { name: 'shop', test: /src[\\/](app[\\/]page-meta|app[\\/]routes[\\/]PageTitle|lib[\\/]format|features[\\/]products[\\/]price)\./ },
                // The small modules the lazy pages share, a few per chunk by who uses them: left to
                // the splitter, the login page's first load was 30 files and the calculator's 21, and
                // Lighthouse's mobile model (150 ms round trips, 6 connections) counted each one
                // before the first paint (docs/speed.md, Lighthouse: files before the first paint).
                { name: 'ui', test: /src[\\/](components[\\/]ui[\\/](useToast|Skeleton)|lib[\\/](use-hydrated|dates))\./ },
                { name: 'forms', test: /src[\\/](components[\\/]form[\\/](FormAlert|TextField|useForm|useSubmit|HydratedFieldset|PasswordField)\.|lib[\\/]api-error\.)|contract[\\/]src[\\/]errors[\\/]error-codes\./ },
                { name: 'auth', test: /src[\\/](features[\\/](auth[\\/](sign-up-proof|redirects|api[\\/]auth-api)|session[\\/](sign-in|api[\\/]memberships)|business[\\/]join-code[\w-]*)|components[\\/]ui[\\/]Tabs)\.|contract[\\/]src[\\/]business[\\/]rules\./ },
                { name: 'zod', test: /node_modules[\\/]zod[\\/]|contract[\\/]src[\\/](auth[\\/]schemas|common[\\/]text-policy|money[\\/]currency)\./ },
                { name: 'query', test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ },
                { name: 'carbon-ui', test: /src[\\/]features[\\/](carbon[\\/](api[\\/]|state[\\/]format|components[\\/]BreakdownBars)|business[\\/]api\.|business-carbon[\\/]api\.)/ },
              ],
            },
          },
        },
    modulePreload: {
      // A lazy page's JavaScript imports arrive with the page chunk itself (the browser fetches a
      // module's imports in parallel as soon as it parses it), and the server preloads a rendered
      // page's chunks from the manifest. Listing every page's JS files again in the entry cost the
      // first load of every page ~0.1 KB per route; only CSS, which the chunk cannot load itself, stays.
      resolveDependencies: (_file, deps, context) => (context.hostType === 'js' ? deps.filter((dep) => dep.endsWith('.css')) : deps),
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/dev': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/dev': { target: apiTarget, changeOrigin: false },
    },
  },
}));
