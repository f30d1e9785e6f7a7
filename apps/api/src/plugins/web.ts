import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Country } from '@app/contract';
import { isAdminConsolePath } from '@app/contract/admin-console-pages';
import { isWebPage } from '@app/contract/web-pages';
import { send } from './error-handler.ts';
import type { CatalogSnapshot } from '../modules/catalog/catalog.read-model.ts';
import { encodeBody, pickEncoding, type EncodedBody } from './web/encoding.ts';
import { HtmlTemplate } from './web/html-template.ts';
import { createPageRenderer, readCookie, type PageRenderer } from './web/page-renderer.ts';
import { loadSsrModule, type SsrModule } from './web/ssr-module.ts';
import { registerStaticFiles } from './web/static-files.ts';
import type { RateLimitHook } from './rate-limit.ts';

export interface WebOptions {
  webDistDir: string;
  /** The catalog the public pages are rendered from (the read model's snapshot). */
  catalog: { snapshot(): CatalogSnapshot };
  /** The country list the carbon calculator page is rendered with. */
  countries?: readonly Country[];
  /** The global rate limit's hook: answers from the not-found handler count like any route's. */
  rateLimit?: RateLimitHook;
}

/**
 * Serves the built web app from apps/web/dist:
 * - its files from memory, with their build-time .br/.gz twins, chosen by Accept-Encoding
 *   (./web/static-files.ts);
 * - the public pages (/, /products, /products/:slug) rendered on the server (./web/), and
 *   /login and /carbon-calculator for visitors without a session (those with one get the app shell);
 * - every other page of the web app (the contract's web-pages list, which the browser's router
 *   is checked against) as the app shell (index.html), preloading that page's lazy chunk;
 * - any other address as the not-found page with HTTP 404 and `noindex`: the app shell with the
 *   page's title, drawn by the browser's catch-all route.
 * Unknown /api paths get the 404 envelope instead.
 */
export async function registerWeb(app: FastifyInstance, { webDistDir, catalog, countries, rateLimit }: WebOptions) {
  const hasWeb = existsSync(path.join(webDistDir, 'index.html')) && existsSync(path.join(webDistDir, '.vite', 'manifest.json'));
  let ssr: SsrModule | null = null;
  let template: HtmlTemplate | null = null;
  let pages: PageRenderer | null = null;
  if (hasWeb) {
    registerStaticFiles(app, webDistDir);
    template = new HtmlTemplate(webDistDir);
    ssr = await loadSsrModule(webDistDir);
    if (ssr) pages = createPageRenderer({ ssr, template, catalog, publicUrl: app.config.publicUrl, countries });
    else app.log.warn('apps/web/dist-ssr is missing: public pages are served as the app shell (run `npm run build`)');
  }

  const shells = new Map<string, EncodedBody>();
  const sendShell = (request: FastifyRequest, reply: FastifyReply, pathname: string, status = 200) => {
    const modules = ssr?.lazyPageModules(pathname) ?? [];
    const key = modules.join(' ');
    let body = shells.get(key);
    if (!body) {
      body = encodeBody(template!.shell(modules));
      shells.set(key, body);
    }
    return sendHtml(request, reply, status, body);
  };

  /**
   * The operator console (/admin): its pages are the app shell, drawn in the browser (nothing to
   * render for search engines, and nothing they should index). A path that is not one of its pages
   * (ADMIN_CONSOLE_PAGES in the contract) is a 404, with the shell so the console says so itself.
   */
  const serveAdmin = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0]!;
    reply.header('x-robots-tag', 'noindex, nofollow');
    return sendShell(request, reply, pathname, isAdminConsolePath(pathname) ? 200 : 404);
  };

  // One body for every unknown address: nothing in it depends on the path.
  let notFoundBody: EncodedBody | undefined;
  const sendNotFoundPage = (request: FastifyRequest, reply: FastifyReply) => {
    notFoundBody ??= encodeBody(template!.shellWithHead(ssr?.NOT_FOUND_HEAD ?? NOINDEX, ssr?.NOT_FOUND_PAGE_MODULES ?? []));
    // Said in a header too, for crawlers that index what is not HTML.
    reply.header('x-robots-tag', 'noindex');
    return sendHtml(request, reply, 404, notFoundBody);
  };

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0]!;
    if (!pages || !ssr) return sendShell(request, reply, pathname);
    try {
      const page = await pages.render(request.url, readCookie(request.headers.cookie, ssr.CURRENCY_COOKIE), request.headers['accept-language']);
      if (!page) return sendShell(request, reply, pathname);
      reply.header('x-render-cache', page.cache);
      return sendHtml(request, reply, page.status, page.body);
    } catch (error) {
      // A rendering bug must not cost the visitor the page: the shell renders it in the browser.
      request.log.error({ err: error }, 'server rendering failed; serving the app shell');
      return sendShell(request, reply, pathname);
    }
  };

  if (hasWeb) {
    // Pages, not API operations: kept out of the OpenAPI document.
    const page = { schema: { hide: true } };
    app.get('/', page, servePage);
    app.get('/products', page, servePage);
    app.get('/products/:slug', page, servePage);
    // The login page sends a signed-in visitor on, and the calculator shows them their history and
    // saving, from the browser's session: they get the app shell, everyone else the HTML.
    for (const pathname of ['/login', '/carbon-calculator']) {
      app.get(pathname, page, (request, reply) => {
        const signedIn = ssr?.SESSION_COOKIE && readCookie(request.headers.cookie, ssr.SESSION_COOKIE);
        return signedIn ? sendShell(request, reply, pathname) : servePage(request, reply);
      });
    }
    app.get('/admin', page, serveAdmin);
    app.get('/admin/*', page, serveAdmin);
  }

  // Unknown paths and the pages served as the app shell do not reach a route's hooks: the global
  // rate limit is counted here, or a flood of made-up URLs would never be refused.
  app.setNotFoundHandler(rateLimit ? { preValidation: rateLimit } : {}, (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    // Named in the message, but never more than a line of it: the path is the caller's input.
    const url = pathname.length > 120 ? `${pathname.slice(0, 120)}…` : pathname;
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return send(reply, request, 'ROUTE_NOT_FOUND', `There is no API route ${request.method} ${url}`);
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && hasWeb && !path.extname(pathname)) {
      return isWebPage(pathname) ? sendShell(request, reply, pathname) : sendNotFoundPage(request, reply);
    }
    if (!hasWeb && request.method === 'GET' && pathname === '/') {
      return reply.type('text/plain').send('The web app is not built yet. Run `npm run build` (npm start does it for you).');
    }
    return send(reply, request, 'NOT_FOUND', `Nothing is served at ${url}`);
  });
}

/** The not-found page's head when the server bundle (which has the page's own) is missing. */
const NOINDEX = '<title>Page not found</title>\n    <meta name="robots" content="noindex" />';

/** HTML in the best encoding the client accepts. Pages say who they vary by: encoding, and the currency cookie. */
function sendHtml(request: FastifyRequest, reply: FastifyReply, status: number, body: EncodedBody) {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding, Cookie');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body[encoding]);
}
