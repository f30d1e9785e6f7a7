/**
 * The web section of the bench: for the public pages and login, how much JavaScript and CSS the
 * browser downloads (gzipped bytes on the wire, as the HTML's script, modulepreload and stylesheet
 * links fetch them) and Lighthouse's mobile scores, with Debian's Chromium.
 *
 * `measureWeb(baseUrl)` is for `npm run bench`; run alone: `node --import tsx apps/api/bench/web.ts`.
 * lighthouse is pinned to 12.x: 13 needs Node ≥ 22.19 and this machine runs Node 20.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

export interface WebScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

export interface WebRoute {
  name: 'home' | 'catalog' | 'product' | 'login' | 'cart' | 'calculator';
  path: string;
  jsGzipBytes: number;
  cssGzipBytes: number;
  /** CSS inlined in the HTML (travels inside the compressed page). */
  cssInlineBytes: number;
  jsFiles: number;
  lighthouse: WebScores | null;
  lighthouseError?: string;
}

export interface WebReport {
  routes: WebRoute[];
  targets: { name: string; met: boolean; actual: string }[];
}

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** GET with Accept-Encoding: gzip, returning the bytes as they travel (Node's fetch would decompress them). */
function wireBytes(url: string): Promise<{ status: number; bytes: number; body: Buffer; encoding?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: response.statusCode ?? 0, bytes: body.length, body, encoding: response.headers['content-encoding'] });
        });
      })
      .on('error', reject);
  });
}

/** The JavaScript and CSS a page's HTML makes the browser fetch straight away. */
export async function assetBytes(baseUrl: string, path: string) {
  const html = await (await fetch(`${baseUrl}${path}`)).text();
  const js = new Set<string>();
  const css = new Set<string>();
  for (const [, src] of html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)) js.add(src!);
  for (const [, href] of html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)) js.add(href!);
  // A disabled link is not fetched: the server inlined that CSS (counted apart, uncompressed).
  for (const [tag, href] of html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)) if (!/\sdisabled/.test(tag)) css.add(href!);
  const cssInlineBytes = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].reduce((sum, [, body]) => sum + Buffer.byteLength(body!), 0);
  let jsGzipBytes = 0;
  let cssGzipBytes = 0;
  for (const file of js) jsGzipBytes += (await wireBytes(`${baseUrl}${file}`)).bytes;
  for (const file of css) cssGzipBytes += (await wireBytes(`${baseUrl}${file}`)).bytes;
  return { jsGzipBytes, cssGzipBytes, cssInlineBytes, jsFiles: js.size };
}

/** Lighthouse could not finish a run: says why. */
class LighthouseRunFailed extends Error {}
/** Failed runs tolerated per route before the bench gives up on it. */
const MAX_FAILED_RUNS = 3;

/** Lighthouse's default (mobile) run of one URL, in a fresh Chromium. */
async function lighthouseScores(url: string): Promise<WebScores> {
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error('lighthouse returned no result');
    // A run Lighthouse could not finish (no paint seen, a protocol timeout) has no scores: it is
    // not a 0, so the caller runs it again.
    const failed = result.lhr.runtimeError ?? (result.lhr.categories.performance?.score == null ? { code: 'NO_PERFORMANCE_SCORE', message: '' } : undefined);
    if (failed) throw new LighthouseRunFailed(`${failed.code}${failed.message ? `: ${failed.message}` : ''}`);
    const score = (id: string) => Math.round((result.lhr.categories[id]?.score ?? 0) * 100);
    return { performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), seo: score('seo') };
  } finally {
    await chrome.kill();
  }
}

/**
 * Lighthouse varies by several points from run to run on a shared 2-core machine, so each route
 * is run `runs` times and the run with the median performance score is reported (what
 * Lighthouse's own docs advise).
 */
async function medianLighthouse(url: string, runs: number): Promise<WebScores> {
  const results: WebScores[] = [];
  let failures = 0;
  while (results.length < runs) {
    try {
      results.push(await lighthouseScores(url));
    } catch (error) {
      if (!(error instanceof LighthouseRunFailed) || ++failures > MAX_FAILED_RUNS) throw error;
      console.error(`lighthouse: ${url} run failed (${error.message}); running it again`);
    }
  }
  results.sort((a, b) => a.performance - b.performance);
  return results[Math.floor(results.length / 2)]!;
}

export async function measureWeb(baseUrl: string, options: { lighthouse?: boolean; runs?: number } = {}): Promise<WebReport> {
  const slug = (await (await fetch(`${baseUrl}/api/v1/products?limit=1`)).json()).data[0].slug as string;
  const pages: { name: WebRoute['name']; path: string }[] = [
    { name: 'home', path: '/' },
    { name: 'catalog', path: '/products' },
    { name: 'product', path: `/products/${slug}` },
    { name: 'login', path: '/login' },
    { name: 'cart', path: '/other/cart' },
    { name: 'calculator', path: '/carbon-calculator' },
  ];
  // A serving process has rendered its pages before; measure that, not the first render after start-up.
  for (const page of pages) await (await fetch(`${baseUrl}${page.path}`)).arrayBuffer();
  const routes: WebRoute[] = [];
  for (const page of pages) {
    const assets = await assetBytes(baseUrl, page.path);
    let lighthouse: WebScores | null = null;
    let lighthouseError: string | undefined;
    if (options.lighthouse !== false) {
      try {
        lighthouse = await medianLighthouse(`${baseUrl}${page.path}`, options.runs ?? 3);
      } catch (error) {
        lighthouseError = error instanceof Error ? error.message : String(error);
      }
    }
    routes.push({ ...page, ...assets, lighthouse, lighthouseError });
  }

  const home = routes[0]!;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const targets = [{ name: 'home JS ≤ 100 KB gzipped', met: home.jsGzipBytes <= 100 * 1024, actual: kb(home.jsGzipBytes) }];
  for (const route of routes) {
    if (!route.lighthouse) continue;
    const s = route.lighthouse;
    targets.push({ name: `${route.name}: Lighthouse mobile performance ≥ 95`, met: s.performance >= 95, actual: String(s.performance) });
    targets.push({ name: `${route.name}: accessibility 100`, met: s.accessibility === 100, actual: String(s.accessibility) });
    targets.push({ name: `${route.name}: best practices 100`, met: s.bestPractices === 100, actual: String(s.bestPractices) });
  }
  return { routes, targets };
}

export function printWebReport(report: WebReport): void {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`;
  console.log('route'.padEnd(10), 'JS gz KB'.padStart(9), 'CSS gz KB'.padStart(10), 'inline CSS KB'.padStart(14), 'JS files'.padStart(9), 'perf'.padStart(5), 'a11y'.padStart(5), 'best'.padStart(5), 'seo'.padStart(5));
  for (const route of report.routes) {
    const s = route.lighthouse;
    const cell = (value: number | undefined) => String(value ?? '–').padStart(5);
    console.log(route.name.padEnd(10), kb(route.jsGzipBytes).padStart(9), kb(route.cssGzipBytes).padStart(10), kb(route.cssInlineBytes).padStart(14), String(route.jsFiles).padStart(9), cell(s?.performance), cell(s?.accessibility), cell(s?.bestPractices), cell(s?.seo));
    if (route.lighthouseError) console.log(`  lighthouse failed: ${route.lighthouseError}`);
  }
  for (const target of report.targets) console.log(`${target.met ? 'met    ' : 'NOT MET'}  ${target.name} (${target.actual})`);
}

/** Alone: the product on a fresh in-memory database (like run.ts), measured, then closed. */
async function main() {
  const [{ buildApp }, { loadConfig }] = await Promise.all([import('../src/app.ts'), import('../src/config.ts')]);
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000', RATE_LIMIT_AUTH_MAX: '1000000' }, { inMemoryDatabase: true });
  const app = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    console.log(`Carbonwise web bench, ${new Date().toISOString()}`);
    console.log('Lighthouse: mobile preset, median of 3 runs per route.');
    printWebReport(await measureWeb(base, { lighthouse: !process.argv.includes('--no-lighthouse') }));
  } finally {
    await app.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
