import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { send } from './error-handler.ts';

/**
 * Serves the built web app from apps/web/dist, with index.html for client-side routes.
 * Unknown /api paths get the 404 envelope instead.
 */
export async function registerWeb(app: FastifyInstance, webDistDir: string) {
  const hasWeb = existsSync(path.join(webDistDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // Hashed build assets never change; everything else is revalidated.
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else reply.header('cache-control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    // Named in the message, but never more than a line of it: the path is the caller's input.
    const url = pathname.length > 120 ? `${pathname.slice(0, 120)}…` : pathname;
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return send(reply, request, 'ROUTE_NOT_FOUND', `There is no API route ${request.method} ${url}`);
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && hasWeb && !path.extname(pathname)) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    if (!hasWeb && request.method === 'GET' && pathname === '/') {
      return reply.type('text/plain').send('The web app is not built yet. Run `npm run build` (npm start does it for you).');
    }
    return send(reply, request, 'NOT_FOUND', `Nothing is served at ${url}`);
  });
}
