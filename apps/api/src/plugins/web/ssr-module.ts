import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Country, Product } from '@app/contract';

/**
 * What the web's server bundle (apps/web/src/entry-server.tsx, built by `npm run build` into
 * apps/web/dist-ssr/) exports. Declared here rather than imported, because the API is
 * type-checked without the web app's JSX and DOM settings; the SSR tests catch any drift.
 */
export interface RenderedPage {
  status: 200 | 404;
  head: string;
  html: string;
  data: string;
}

export interface SsrModule {
  CURRENCY_COOKIE: string;
  /** The session cookie's name (optional: older builds lack it, and render /login for everyone). */
  SESSION_COOKIE?: string;
  currencyFromCookie(value: string | undefined): string;
  publicPageKey(url: string): string | null;
  /** What else a page's HTML depends on (the calculator's starting country), by its publicPageKey; '' for most pages (optional: older builds lack it). */
  pageVariant?(pageKey: string, acceptLanguage: string | undefined, countries: readonly Country[] | undefined): string;
  /** Source modules (Vite manifest keys) a server-rendered page needs beside the entry (optional: older builds lack it). */
  publicPageModules?(url: string): string[];
  /** Head tags of the not-found page (its title, noindex) and the modules it loads (optional: older builds lack them). */
  NOT_FOUND_HEAD?: string;
  NOT_FOUND_PAGE_MODULES?: readonly string[];
  /** Source modules (Vite manifest keys) the lazy page at a path loads; empty when none. */
  lazyPageModules(pathname: string): string[];
  render(request: {
    url: string;
    currency: string;
    catalog: { products: readonly Product[]; bySlug(slug: string): Product | undefined };
    publicUrl: string;
    countries?: readonly Country[];
    acceptLanguage?: string;
  }): Promise<RenderedPage | null>;
}

/** Loads the server bundle beside the web build; null when it is not built (the shell is served alone). */
export async function loadSsrModule(webDistDir: string): Promise<SsrModule | null> {
  const file = path.resolve(webDistDir, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as SsrModule;
}
