import type { BenchSection } from '../section.ts';
import { measureWeb } from '../web.ts';

/**
 * The web section: JavaScript and CSS each public route loads (gzipped, as on the wire) and
 * Lighthouse mobile scores (median of 3 runs) in Debian's Chromium. BENCH_LIGHTHOUSE=0 skips
 * Lighthouse and keeps the byte counts.
 */
export const webSection: BenchSection = {
  name: 'web pages (first load and Lighthouse mobile)',
  async run({ baseUrl }) {
    const lighthouse = process.env.BENCH_LIGHTHOUSE !== '0';
    const report = await measureWeb(baseUrl, { lighthouse });
    const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));
    return {
      notes: [lighthouse ? 'Lighthouse: mobile preset, median of 3 runs per route.' : 'Lighthouse skipped (BENCH_LIGHTHOUSE=0).'],
      rows: report.routes.map((route) => ({
        route: route.name,
        path: route.path,
        'JS gz KB': kb(route.jsGzipBytes),
        'CSS gz KB': kb(route.cssGzipBytes),
        'inline CSS KB': kb(route.cssInlineBytes),
        'JS files': route.jsFiles,
        perf: route.lighthouse?.performance ?? null,
        a11y: route.lighthouse?.accessibility ?? null,
        'best practices': route.lighthouse?.bestPractices ?? null,
        seo: route.lighthouse?.seo ?? null,
        ...(route.lighthouseError ? { 'lighthouse error': route.lighthouseError } : {}),
      })),
      targets: report.targets.map((target) => ({
        name: target.name,
        goal: target.name.includes('KB') ? '≤ 100 KB' : target.name.includes('performance') ? '≥ 95' : '100',
        actual: target.actual,
        met: target.met,
      })),
    };
  },
};
