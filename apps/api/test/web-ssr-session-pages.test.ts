import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json } from './helper.ts';
import { PUBLIC_URL, ensureWebBuilt, expectInlined, island, joined, readManifest, rootMarkup, scriptsOf, sourcesOf } from './web-ssr-helpers.ts';

/**
 * The pages rendered on the server only for visitors without a session (the login page and the
 * carbon calculator); those with one get the app shell.
 */
describe('server-rendered login and calculator pages', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    ensureWebBuilt();
    app = await createTestApp({ env: { PUBLIC_URL } });
  });
  afterAll(() => app?.close());

  it('renders the login page for a visitor without a session: the form with its fields disabled until hydrated, head and chunk', async () => {
    const manifest = readManifest();
    const login = manifest['src/app/routes/LoginPage.tsx'];
    for (const [url, title, heading, button] of [
      ['/login', 'Log in — Carbonwise', 'Welcome back', 'Log in'],
      ['/login?tab=register', 'Create account — Carbonwise', 'Create your account', 'Create account'],
    ] as const) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      const html = response.body;
      const markup = rootMarkup(html);
      expect(markup, url).toContain(heading);
      expect(markup, url).toMatch(new RegExp(`<button type="submit"[^>]*>[\\s\\S]*?${button}`));
      // Every field sits in a fieldset that is disabled until React has hydrated the page.
      expect(markup, url).toMatch(/<fieldset class="form" disabled="" data-hydrating="">/);
      const fieldset = markup.slice(markup.indexOf('<fieldset'), markup.indexOf('</fieldset>'));
      expect(fieldset.match(/<input /g)?.length, url).toBe(url.includes('register') ? 5 : 2);
      expect(html, url).toContain(`<title>${title}</title>`);
      expect(html, url).toContain(`<link rel="canonical" href="${PUBLIC_URL}${url}"`);
      expect(html, url).toContain(`<link rel="modulepreload" crossorigin href="/${login.file}">`);
      for (const css of login.css) expectInlined(html, css);
      expect(island(html).data.catalog, url).toEqual({});
    }
  });

  it('sends the login page as the app shell to a visitor with a session, and for addresses that act on arrival', async () => {
    const manifest = readManifest();
    const login = manifest['src/app/routes/LoginPage.tsx'];
    const cases = [
      { url: '/login', cookie: 'JWTToken=some-token' },
      { url: '/login?next=%2Faccount' },
      { url: '/login?loggedIn=false' },
      { url: '/login?JoinBusinessCode=ABC123' },
      { url: '/login?tab=other' },
    ];
    for (const { url, cookie } of cases) {
      const response = await app.inject({ url, headers: cookie ? { cookie } : {} });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).not.toContain('id="ssr-data"');
      expect(response.body, url).toContain(`<link rel="modulepreload" crossorigin href="/${login.file}">`);
    }
  });

  it('renders the carbon calculator for a visitor without a session: the visitor\'s country, its result, the country list to hydrate with', async () => {
    const manifest = readManifest();
    const countries = json(await app.inject({ url: '/api/v1/countries?show=yes&limit=255' })).data as { entity: string; countryCode: string }[];
    const uk = countries.findIndex((country) => country.countryCode === 'GB');
    const india = countries.findIndex((country) => country.countryCode === 'IN');
    expect(uk).toBeGreaterThan(0);

    const response = await app.inject({ url: '/carbon-calculator', headers: { 'accept-language': 'fr;q=0.4, en-GB, en;q=0.9' } });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const markup = joined(rootMarkup(html));
    expect(markup).toContain('<h1 class="carbon-page__title">Carbon calculator</h1>');
    expect(markup).toMatch(new RegExp(`<option value="${uk}" selected="">United Kingdom</option>`));
    // The result is drawn from the same contract function the browser and the server's save use.
    expect(markup).toMatch(/data-testid="carbon-total">\d+\.\d t<span/);
    expect(markup).toContain('United Kingdom average');
    // Its fields are disabled until React has hydrated the page.
    expect(markup).toContain('<fieldset class="form form--contents" disabled="" data-hydrating="">');
    expect(html).toContain('<title>Carbon calculator — Carbonwise</title>');
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/carbon-calculator"`);
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${manifest['src/app/routes/CarbonCalculatorRoute.tsx'].file}">`);
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${manifest['src/app/query-provider.tsx'].file}">`);
    const { data } = island(html);
    expect(data.queries).toEqual([[['carbon', 'countries'], countries]]);
    expect(data.languages).toEqual(['und-GB']);

    // Another region, another page; no region the list knows, the first country.
    const indian = (await app.inject({ url: '/carbon-calculator', headers: { 'accept-language': 'hi-IN,en;q=0.8' } })).body;
    expect(rootMarkup(indian)).toMatch(new RegExp(`<option value="${india}" selected="">India</option>`));
    const none = (await app.inject({ url: '/carbon-calculator?utm_source=x', headers: { 'accept-language': 'fr, en-ZZ' } })).body;
    expect(rootMarkup(none)).toMatch(new RegExp(`<option value="0" selected="">${countries[0]!.entity}</option>`));
    expect(island(none).data.languages).toEqual([]);
  });

  it('keeps one rendered calculator per country, whatever the Accept-Language header says', async () => {
    const first = await app.inject({ url: '/carbon-calculator', headers: { 'accept-language': 'de-DE' } });
    const again = await app.inject({ url: '/carbon-calculator', headers: { 'accept-language': 'en-DE;q=0.9, x-junk;q=0.1' } });
    expect(first.headers['x-render-cache']).toBe('miss');
    expect(again.headers['x-render-cache']).toBe('hit');
    expect(again.body).toBe(first.body);
    const hostile = await app.inject({ url: '/carbon-calculator', headers: { 'accept-language': `${'<script>'.repeat(500)}, q=; ;;, en-GB;q=2` } });
    expect(hostile.statusCode).toBe(200);
    expect(rootMarkup(hostile.body)).not.toContain('<script>');
  });

  it('sends the calculator as the app shell to a visitor with a session (their history and saving come from it)', async () => {
    const manifest = readManifest();
    const response = await app.inject({ url: '/carbon-calculator', headers: { cookie: 'JWTToken=some-token' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain('id="ssr-data"');
    expect(response.body).toContain(`<link rel="modulepreload" crossorigin href="/${manifest['src/app/routes/CarbonCalculatorRoute.tsx'].file}">`);
    expect(response.body).toContain(`<link rel="modulepreload" crossorigin href="/${manifest['src/app/query-provider.tsx'].file}">`);
  });

  it('leaves the dialog library out of the login page\'s first load (the sign-up popups load when opened)', async () => {
    const html = (await app.inject({ url: '/login' })).body;
    const scripts = scriptsOf(html);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const map = { sources: sourcesOf(script) };
      expect(map.sources.filter((source) => source.includes('node_modules/@radix-ui/react-dialog/')), script).toEqual([]);
    }
  });
});
