import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The web app builds to dist/, which the API serves (with an SPA fallback) in production.
 * In development the API runs on :3000; proxying /api and /dev keeps every call same-origin,
 * exactly like production, so the CSP (connect-src 'self') and cookies behave the same.
 */
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
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
});
