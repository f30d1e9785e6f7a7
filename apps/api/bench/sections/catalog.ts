import type { BenchContext, BenchSection, BenchSectionResult, BenchTarget } from '../section.ts';
import { combine, drive, getRaw, median, type LoadResult, BROWSER, CONNECTIONS, fmt, rounds, seconds, warmUpSeconds, latencyColumns } from '../load.ts';

const TARGET_RATIO = 0.8;
/** The bench account's public sustainability page (server.ts publishes it), for the badge read. */
export const BENCH_IMPACT_SLUG = 'bench-impact';

interface Read {
  name: string;
  path: string;
  /** Search may go to the database (issue 7): its p99 is reported, its ratio is not a target. */
  p99Only?: boolean;
}

/** Distinct search queries measured one at a time: each misses the cache, so each runs the search query. */
/** BENCH_READS=countries,airports runs only the reads whose name contains one of the words. */
const onlyReads = process.env.BENCH_READS?.split(',').map((word) => word.trim().toLowerCase()).filter(Boolean);
const FIRST_TIME_SEARCHES = Number(process.env.BENCH_SEARCHES ?? 200);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Latency of searches nobody asked before (full-text query + filtering + compression), sequentially. */
async function firstTimeSearches(ctx: BenchContext): Promise<BenchSectionResult['rows'][number]> {
  const words = ['cook', 'solar', 'wind', 'forest', 'bamboo', 'water', 'kenya', 'organic', 'recycled', 'mangrove'];
  const times: number[] = [];
  let errors = 0;
  for (let i = 0; i < FIRST_TIME_SEARCHES; i += 1) {
    // A distinct price bound makes every query new to the cache, so each one searches.
    const url = `${ctx.baseUrl}/api/v1/products?q=${words[i % words.length]}&maxPrice=${100_000 + i}&page=1&size=20`;
    const started = performance.now();
    const response = await getRaw(url, { 'accept-encoding': BROWSER });
    times.push(performance.now() - started);
    if (response.status !== 200) errors += 1;
  }
  times.sort((a, b) => a - b);
  return {
    read: 'search, first time (one at a time)',
    encoding: 'browser',
    requests: times.length,
    'p50 ms': fmt(percentile(times, 50), 1),
    'p95 ms': fmt(percentile(times, 95), 1),
    'p99 ms': fmt(percentile(times, 99), 1),
    errors,
  };
}

/** User + system CPU time of the server process so far, in microseconds. */
async function serverCpu(ctx: BenchContext): Promise<number> {
  const usage = (await (await fetch(`${ctx.bareUrl}/__bench/cpu`)).json()) as { user: number; system: number };
  return usage.user + usage.system;
}



/**
 * Each catalog read against a bare Fastify route serving the same bytes and headers from memory,
 * at 50 connections after a warm-up, with and without `accept-encoding`. The ratio says how
 * much of what the stack can serve the product's route delivers.
 */
export const catalogSection: BenchSection = {
  name: 'catalog reads vs bare Fastify',
  async run(ctx: BenchContext): Promise<BenchSectionResult> {
    const first = await (await fetch(`${ctx.baseUrl}/api/v1/products?limit=1`)).json();
    const slug: string = first.data[0].slug;
    // The product page's reviews as the web asks for them (the first page of 5), for the product
    // with the most reviews: a page of five reviews with the average, not an empty list.
    const listed = (await (await fetch(`${ctx.baseUrl}/api/v1/products`)).json()).data as { id: string; reviewCount: number }[];
    const reviewed = listed.reduce((most, product) => (product.reviewCount > most.reviewCount ? product : most), listed[0]!);
    const reads: Read[] = [
      { name: 'products?showDetails=1', path: '/api/v1/products?showDetails=1' },
      { name: 'products', path: '/api/v1/products' },
      { name: 'productBySlug', path: `/api/v1/productBySlug/${slug}` },
      { name: 'products/featured', path: '/api/v1/products/featured' },
      { name: `product reviews (first 5 of ${reviewed.reviewCount})`, path: `/api/v1/review/${reviewed.id}/product?page=1&size=5` },
      { name: 'filters', path: '/api/v1/filters' },
      { name: 'filters (narrowed)', path: '/api/v1/filters?kind=offset&sdg=13&standard=gold-standard,verra-vcs' },
      {
        name: 'products (filtered, sorted, paged)',
        path: '/api/v1/products?showDetails=1&category=clean-cooking,renewable-energy&availability=inStock&sort=price-asc&currency=EUR&page=1&size=20',
      },
      { name: 'search q=cook (repeated)', path: '/api/v1/products?showDetails=1&q=cook&page=1&size=20', p99Only: true },
      // Reference data every visitor's forms read (issue 12 names them beside the catalog).
      { name: 'countries', path: '/api/v1/countries' },
      { name: 'airports type-ahead q=lon', path: '/api/airports?q=lon' },
      // The verified impact badge embedded on other sites (issue 27.3): served from the impact read model.
      { name: 'impact badge (SVG)', path: `/api/v1/impact/users/${BENCH_IMPACT_SLUG}/badge.svg` },
    ].filter((read) => !onlyReads || onlyReads.some((word) => read.name.toLowerCase().includes(word)));
    const modes = [
      { label: 'browser', headers: { 'accept-encoding': BROWSER } as Record<string, string> },
      { label: 'none', headers: {} as Record<string, string> },
    ];
    const rows: BenchSectionResult['rows'] = [];
    const targets: BenchTarget[] = [];

    for (const read of reads) {
      for (const mode of modes) {
        const copied = await fetch(`${ctx.bareUrl}/__bench/copy`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify([{ path: read.path, headers: mode.headers }]),
        });
        if (!copied.ok) throw new Error(`could not copy ${read.path} to the bare server`);
        const probe = await getRaw(ctx.baseUrl + read.path, mode.headers);
        const bytes = probe.body.length;
        if (probe.status !== 200) {
          rows.push({ read: read.name, encoding: mode.label, status: probe.status, note: 'not served by this version' });
          if (mode.label === 'browser') targets.push({ name: read.name, goal: `≥ ${TARGET_RATIO * 100}% of bare, 0 errors`, actual: `HTTP ${probe.status}`, met: false });
          continue;
        }
        const options = { connections: CONNECTIONS, headers: mode.headers };
        await drive(ctx.baseUrl + read.path, { ...options, seconds: warmUpSeconds });
        await drive(ctx.bareUrl + read.path, { ...options, seconds: warmUpSeconds });
        const productRuns: LoadResult[] = [];
        const bareRuns: LoadResult[] = [];
        const productCpu: number[] = [];
        const bareCpu: number[] = [];
        for (let round = 0; round < rounds; round += 1) {
          // Alternate who goes first, so neither always meets the same neighbour's load.
          const order = round % 2 === 0 ? (['product', 'bare'] as const) : (['bare', 'product'] as const);
          for (const who of order) {
            const cpuBefore = await serverCpu(ctx);
            const result = await drive((who === 'product' ? ctx.baseUrl : ctx.bareUrl) + read.path, { ...options, seconds });
            const cpuMicros = (await serverCpu(ctx)) - cpuBefore;
            (who === 'product' ? productRuns : bareRuns).push(result);
            (who === 'product' ? productCpu : bareCpu).push(cpuMicros / Math.max(1, result.requests));
          }
        }
        const product = combine(productRuns);
        const bare = combine(bareRuns);
        // The median of the rounds' ratios: one round disturbed by other work does not decide it.
        const ratio = median(productRuns.map((run, i) => run.rps / bareRuns[i].rps));
        const errors = product.errors + product.non2xx + bare.errors + bare.non2xx;
        const met = ratio >= TARGET_RATIO && errors === 0;
        rows.push({
          read: read.name,
          encoding: mode.label,
          'content-encoding': probe.headers['content-encoding'] ?? 'identity',
          'wire bytes': bytes,
          'req/s': fmt(product.rps),
          'bare req/s': fmt(bare.rps),
          'rounds ratio': productRuns.map((run, i) => `${fmt((run.rps / bareRuns[i].rps) * 100)}`).join('/'),
          ratio: `${fmt(ratio * 100)}%`,
          'CPU µs/req': fmt(median(productCpu)),
          'bare CPU µs/req': fmt(median(bareCpu)),
          ...latencyColumns(product, bare),
          errors,
          target: met ? 'met' : 'MISSED',
        });
        if (read.p99Only) {
          rows[rows.length - 1]!.target = 'p99 reported';
        } else if (mode.label === 'browser') {
          targets.push({ name: `${read.name} (browser accept-encoding)`, goal: `≥ ${TARGET_RATIO * 100}% of bare, 0 errors`, actual: `${fmt(ratio * 100)}%, ${errors} errors`, met });
        }
      }
    }
    rows.push(await firstTimeSearches(ctx));
    return {
      rows,
      targets,
      notes: [
        `autocannon, ${CONNECTIONS} connections, ${warmUpSeconds} s warm-up, then ${rounds} rounds of ${seconds} s each for product and bare, taking turns; ratio = median of the rounds' ratios; p50/p95 medians, p99 the worst round.`,
        "The bare route is a separate Fastify instance in the product's process serving the product's exact bytes and headers from memory.",
        'CPU µs/req: the server process\'s CPU time per request (median of the rounds); unlike req/s it hardly moves with the machine\'s other load.',
        'Search: "repeated" is the same search again and again (answered from the bounded cache of encoded bodies after the first); "first time" sends distinct searches one after another, each running the full-text query — its p99 is the one to watch. Neither is a ratio target (search may go to the database).',
        `"browser" sends accept-encoding: ${BROWSER} (the headline, with the targets); "none" sends none (identity bytes).`,
      ],
    };
  },
};
