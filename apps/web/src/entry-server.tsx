import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { Product } from '@app/contract';
import { COOKIES } from '@app/contract/constants';
import { isSupportedCurrency, DEFAULT_CURRENCY, type Currency } from '@app/contract/money';
import { Providers } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { NOT_FOUND_PAGE_MODULE, SERVER_PAGE_MODULES, lazyPageModules } from './app/lazy-page-modules.ts';
import { preloadSections } from './app/lazy-section.tsx';
import { CALCULATOR_DESCRIPTION, CALCULATOR_TITLE, LOGIN_DESCRIPTION, SITE_DESCRIPTION, PRODUCT_NOT_FOUND_TITLE, catalogTitle, homeTitle, loginTitle, productTitle } from './app/page-meta.ts';
import { setQuerySeed, type QuerySeed } from './app/query-seed.ts';
import { PAGE_NOT_FOUND_TITLE } from './app/routes/not-found-title.ts';
import { COUNTRIES_QUERY_KEY } from './features/carbon/api/carbon-api.ts';
import { defaultCountryIndex, languageRegion } from './features/carbon/state/calculator-state.ts';
import type { Country } from './features/carbon/state/types.ts';
import { parseAcceptLanguage, setRenderedLanguages } from './lib/visitor-languages.ts';
import { CURRENCY_COOKIE, setRenderedCurrency } from './features/currency/currency-store.ts';
import { computeFacets, pageOf, selectProducts } from '@app/contract/catalog-query';
import { CatalogCache, facetsKey, productPageKey, type CatalogSeed } from './features/products/api/catalog-cache.ts';
import { catalogQueryFromUrl } from './features/products/catalog-url.ts';
import { productGridQuery, type ProductKindFilter } from './features/products/components/ProductCatalog.tsx';
import { homeRowQuery } from './app/routes/HomeProductRows.tsx';
import type { PageQuery } from './features/products/api/get-products.ts';
import { absoluteUrl, productHead, renderHead, type PageHead } from './ssr/head.ts';
import { canonicalPath, matchPublicPage, type PublicPage } from './ssr/public-pages.ts';
import { serializeForScript, type SsrData } from './ssr/ssr-data.ts';

/**
 * The server's rendering entry (built with `vite build --ssr` into dist-ssr/). The API imports
 * it at start-up (apps/api/src/plugins/web/) and asks it for the public pages: home, catalog
 * and product pages are rendered to HTML from the catalog in memory, with the head tags search
 * engines and link previews read, and the state the browser needs to hydrate without fetching.
 * The login page and the carbon calculator are rendered too (for visitors who are not signed in,
 * web.ts): the login page needs no data, the calculator the country list (reference data).
 */

/** What the renderer reads: the API's catalog snapshot has this shape. */
export interface CatalogView {
  products: readonly Product[];
  bySlug(slug: string): Product | undefined;
}

export interface RenderRequest {
  /** Path and query of the request, e.g. `/products?kind=offset`. */
  url: string;
  currency: Currency;
  catalog: CatalogView;
  /** PUBLIC_URL, for canonical and Open Graph URLs. */
  publicUrl: string;
  /** The calculator's country list (GET /v1/countries?show=yes&limit=255 as the API answers it). */
  countries?: readonly Country[];
  /** The request's Accept-Language: the calculator starts from the visitor's country. */
  acceptLanguage?: string;
}

export interface RenderedPage {
  status: 200 | 404;
  /** Tags for <head>: title, description, canonical, Open Graph, JSON-LD. */
  head: string;
  /** The markup inside #root. */
  html: string;
  /** The data island's JSON, already safe inside a <script> element. */
  data: string;
}

export { CURRENCY_COOKIE, lazyPageModules };

/**
 * The not-found page, for any address that is not a page (the contract's web-pages list): the
 * server answers it with HTTP 404 and the app shell, whose head gets these tags (the page's title,
 * and `noindex`) and which preloads the page's chunk; the browser draws it.
 */
export const NOT_FOUND_HEAD = renderHead({ title: PAGE_NOT_FOUND_TITLE, description: SITE_DESCRIPTION, noindex: true });
export const NOT_FOUND_PAGE_MODULES: readonly string[] = [NOT_FOUND_PAGE_MODULE];

/** The session cookie: a visitor who has it gets the login page as the app shell (it sends them on). */
export const SESSION_COOKIE = COOKIES.session;

/** The currency a request's cookie asks for, USD when it asks for none or an unknown one. */
export function currencyFromCookie(value: string | undefined): Currency {
  return isSupportedCurrency(value) ? value : DEFAULT_CURRENCY;
}

/** The cache key of a public page (its canonical path), or null when the path is not a public page. */
export function publicPageKey(url: string): string | null {
  const parsed = new URL(url, 'http://localhost');
  const page = matchPublicPage(parsed.pathname, parsed.searchParams);
  return page ? canonicalPath(page) : null;
}

/**
 * Source modules (Vite manifest keys) a server-rendered page needs beside the entry: the server
 * adds their modulepreload and CSS links, so they arrive with the entry.
 */
export function publicPageModules(url: string): string[] {
  const parsed = new URL(url, 'http://localhost');
  const page = matchPublicPage(parsed.pathname, parsed.searchParams)?.page;
  return page ? [...SERVER_PAGE_MODULES[page]] : [];
}

const CALCULATOR_PAGE_KEY = canonicalPath({ page: 'calculator' });

/**
 * What, besides the path and currency, a page's HTML depends on: the calculator's starting
 * country (a region code, '' when none matched). The server keeps one rendered page per variant,
 * so the cache stays bounded by the country list whatever Accept-Language headers arrive.
 */
export function pageVariant(pageKey: string, acceptLanguage: string | undefined, countries: readonly Country[] | undefined): string {
  // Asked on every page request, cache hits included, with the key publicPageKey made: a string
  // comparison, not a second parse of the URL.
  if (pageKey !== CALCULATOR_PAGE_KEY) return '';
  return calculatorRegion(acceptLanguage, countries) ?? '';
}

/** The country of the visitor's most preferred language that names one on the list, by code. */
function calculatorRegion(acceptLanguage: string | undefined, countries: readonly Country[] | undefined): string | undefined {
  if (!countries || countries.length === 0) return undefined;
  const languages = parseAcceptLanguage(acceptLanguage);
  const index = defaultCountryIndex(countries, languages);
  // Index 0 is also the answer when nothing matched: only a real match is a region.
  const code = countries[index]!.countryCode;
  return languages.some((language) => languageRegion(language) === code) ? code : undefined;
}

let sectionsLoaded: Promise<unknown> | undefined;

/** Renders a public page; null when the URL is not one (the caller serves the app shell). */
export async function render(request: RenderRequest): Promise<RenderedPage | null> {
  const url = new URL(request.url, `${request.publicUrl}/`);
  const page = matchPublicPage(url.pathname, url.searchParams);
  if (!page) return null;

  const product = page.page === 'product' ? request.catalog.bySlug(page.slug) : undefined;
  const seed = pageSeed(page, product, url.searchParams, request);

  // Every lazy section's code (the pages' own chunks among them), loaded once: renderToString cannot wait for it.
  await (sectionsLoaded ??= preloadSections());

  // renderToString is synchronous, so this per-request state cannot leak into another render.
  setRenderedCurrency(request.currency);
  const calculator = page.page === 'calculator' ? calculatorState(request) : undefined;
  setQuerySeed(calculator?.queries);
  setRenderedLanguages(calculator?.languages ?? null);
  const html = renderToString(
    <StrictMode>
      <Providers catalog={new CatalogCache(seed)}>
        <StaticRouter location={url.pathname + url.search}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>,
  );
  setQuerySeed(undefined);
  setRenderedLanguages(null);

  const data: SsrData = {
    currency: request.currency,
    catalog: seed,
    ...calculator,
  };
  const notFound = page.page === 'product' && !product;
  return {
    status: notFound ? 404 : 200,
    head: renderHead(pageHead(page, product, request)),
    html,
    data: serializeForScript(data),
  };
}

/** The catalog data a page starts from: what it shows, so the browser hydrates without fetching. */
function pageSeed(page: PublicPage, product: Product | undefined, search: URLSearchParams, request: RenderRequest): CatalogSeed {
  switch (page.page) {
    case 'product':
      return { detail: { slug: page.slug, product: product ?? null } };
    case 'catalog':
      return catalogSeed(search, request);
    case 'home':
      return homeSeed(page.kind, request);
    case 'login':
    case 'calculator':
      return {};
  }
}

/**
 * The calculator's starting data: the country list, and the visitor's region as a language tag
 * (`und-GB`) so the browser hydrates with the country the server chose (visitor-languages.ts).
 */
function calculatorState(request: RenderRequest): { queries: QuerySeed; languages: string[] } | undefined {
  if (!request.countries) return undefined;
  const region = calculatorRegion(request.acceptLanguage, request.countries);
  return { queries: [[COUNTRIES_QUERY_KEY, request.countries]], languages: region ? [`und-${region}`] : [] };
}

/**
 * The catalog page's data, worked out from the catalog in memory exactly as the API does (the
 * same functions): the page of products and the facet counts. A text search needs the
 * database's full-text index, which the renderer does not reach: such a page is rendered with
 * its skeleton and the browser fetches the results after hydration.
 */
function catalogSeed(search: URLSearchParams, request: RenderRequest): CatalogSeed {
  const query = catalogQueryFromUrl(search, request.currency);
  if (query.q) return {};
  const { items, meta } = pageOf(selectProducts(request.catalog.products, query), query);
  return {
    pages: { [productPageKey(query)]: { products: [...items], meta: meta! } },
    facets: { [facetsKey(query)]: computeFacets(request.catalog.products, query) },
  };
}

/**
 * The home page's data: the featured and on-offer rows and the first page of the grid, each
 * worked out as the API answers its query. Bounded (HOME_GRID_SIZE + 2 × FEATURED_PRODUCTS_SLICE
 * products) whatever the catalog's size; the full list is fetched only by what needs it.
 */
function homeSeed(kind: ProductKindFilter, request: RenderRequest): CatalogSeed {
  // With ?kind= the page shows only the grid (HomePage.tsx), so the rows are not sent.
  const queries: PageQuery[] = kind ? [productGridQuery(kind)] : [homeRowQuery('featured'), homeRowQuery('offered'), productGridQuery(null)];
  const pages: NonNullable<CatalogSeed['pages']> = {};
  for (const query of queries) {
    const base = query.list ? request.catalog.products.filter((product) => product[query.list!]) : request.catalog.products;
    const { items, meta } = pageOf(selectProducts(base, query), query);
    pages[productPageKey(query)] = { products: [...items], meta: meta! };
  }
  return { pages };
}

function pageHead(page: PublicPage, product: Product | undefined, request: RenderRequest): PageHead {
  const canonical = absoluteUrl(request.publicUrl, canonicalPath(page));
  if (page.page === 'home') return { title: homeTitle(page.kind), description: SITE_DESCRIPTION, canonical };
  if (page.page === 'catalog') return { title: catalogTitle(page.kind), description: SITE_DESCRIPTION, canonical };
  if (page.page === 'login') return { title: loginTitle(page.tab), description: LOGIN_DESCRIPTION, canonical };
  if (page.page === 'calculator') return { title: CALCULATOR_TITLE, description: CALCULATOR_DESCRIPTION, canonical };
  if (!product) return { title: PRODUCT_NOT_FOUND_TITLE, description: SITE_DESCRIPTION, canonical, noindex: true };
  return productHead(product, request.currency, request.publicUrl, productTitle(product.name));
}
