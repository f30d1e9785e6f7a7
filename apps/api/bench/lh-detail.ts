// Lighthouse (mobile) in detail for the given paths: metrics, LCP element and phases, long tasks, main-thread breakdown, requests.
// Usage: node --import tsx apps/api/bench/lh-detail.ts / /products (after npm run build). The bench reports the scores; this says why.
import type { AddressInfo } from 'node:net';
const [{ buildApp }, { loadConfig }] = await Promise.all([import('../src/app.ts'), import('../src/config.ts')]);
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000', RATE_LIMIT_AUTH_MAX: '1000000' }, { inMemoryDatabase: true });
const app = await buildApp(config);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const [{ default: lighthouse }, chromeLauncher] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
for (const path of process.argv.slice(2)) {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  const result = await lighthouse(base + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  await chrome.kill();
  const a = result!.lhr.audits;
  console.log(path, 'perf', Math.round(result!.lhr.categories.performance.score! * 100));
  // An unscored run says why (Lighthouse's own error, e.g. no paint seen), instead of only "0".
  if (result!.lhr.runtimeError) console.log('  runtime error', JSON.stringify(result!.lhr.runtimeError));
  if (result!.lhr.runWarnings.length > 0) console.log('  warnings', JSON.stringify(result!.lhr.runWarnings));
  for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'speed-index', 'cumulative-layout-shift', 'interactive', 'max-potential-fid', 'bootup-time', 'mainthread-work-breakdown'])
    console.log(' ', id, a[id]?.displayValue, a[id]?.score);
  const observed = (a['metrics'] as any)?.details?.items?.[0] ?? {};
  console.log(' observed', JSON.stringify(Object.fromEntries(['observedFirstContentfulPaint', 'observedLargestContentfulPaint', 'observedDomContentLoaded', 'observedLoad'].map((key) => [key, Math.round(observed[key])]))));
  console.log(' lcp element', JSON.stringify((a['largest-contentful-paint-element'] as any)?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? (a['largest-contentful-paint-element'] as any)?.details?.items?.[0]?.node?.snippet));
  console.log(' lcp phases', JSON.stringify((a['largest-contentful-paint-element'] as any)?.details?.items?.[1]?.items));
  console.log(' breakdown', JSON.stringify((a['mainthread-work-breakdown'] as any)?.details?.items?.map((i: any) => [i.group, Math.round(i.duration)])));
  console.log(' bootup', JSON.stringify((a['bootup-time'] as any)?.details?.items?.map((i: any) => [i.url.replace(base, ''), Math.round(i.total), Math.round(i.scripting)])));
  console.log(' long tasks', JSON.stringify((a['long-tasks'] as any)?.details?.items?.map((i: any) => [i.url?.replace(base, ''), Math.round(i.startTime), Math.round(i.duration)])));
  console.log(' render-blocking', JSON.stringify((a['render-blocking-resources'] as any)?.details?.items?.map((i: any) => [i.url, i.wastedMs])));
  console.log(' network', JSON.stringify((a['network-requests'] as any)?.details?.items?.map((i: any) => [i.url.replace(base, ''), i.transferSize, Math.round(i.networkEndTime), i.priority])));
}
await app.close();
