import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

/** Shared by the server-rendering tests: they read the real build (bundles, manifest, SSR entry). */
export const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const webDist = path.join(repoRoot, 'apps/web/dist');
export const PUBLIC_URL = 'https://shop.example.com';

/** Builds the web app once if a test run starts without it. */
export function ensureWebBuilt() {
  if (existsSync(path.join(repoRoot, 'apps/web/dist-ssr/entry-server.js')) && existsSync(path.join(webDist, '.vite/manifest.json'))) return;
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: repoRoot, stdio: 'ignore' });
}

/** Vite's manifest of the build: source module → chunk file, its imports and CSS. */
// Loosely typed like the JSON it is: a chunk without CSS has no `css` key (tests say `?? []` where it matters).
export function readManifest(): Record<string, { file: string; css: string[]; imports: string[] }> {
  return JSON.parse(readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8'));
}

/** Text React rendered from several parts (`{total} items`) has comment markers between them. */
export const joined = (markup: string) => markup.replaceAll('<!-- -->', '');

/** The markup React rendered into #root (the data island after it holds what hydration needs). */
export function rootMarkup(html: string): string {
  return html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="ssr-data">'));
}

export function island(html: string) {
  const match = html.match(/<script type="application\/json" id="ssr-data">([\s\S]*?)<\/script>/);
  if (!match) throw new Error('no data island');
  return { raw: match[1]!, data: JSON.parse(match[1]!) };
}

/** The JavaScript files a page loads at once: its module scripts and modulepreloads. */
export function scriptsOf(html: string): string[] {
  return [...html.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
}

/**
 * The source files a built chunk was made from (its source map). The bundler's own runtime
 * chunk has no map and no sources: it is a few hundred bytes of module-loading glue.
 */
export function sourcesOf(script: string): string[] {
  const mapPath = path.join(webDist, `${script}.map`);
  if (existsSync(mapPath)) return (JSON.parse(readFileSync(mapPath, 'utf8')) as { sources: string[] }).sources;
  expect(readFileSync(path.join(webDist, script)).length, `${script} has no source map, so it must be the bundler runtime`).toBeLessThan(2048);
  return [];
}

/** A page's stylesheet arrives inline, its link kept but disabled (so the lazy-page loader does not fetch it again). */
export function expectInlined(html: string, file: string) {
  expect(html).toContain(`<style>${readFileSync(path.join(webDist, file), 'utf8')}</style>`);
  expect(html).toContain(`<link rel="stylesheet" crossorigin href="/${file}" disabled>`);
  expect(html).not.toContain(`<link rel="stylesheet" crossorigin href="/${file}">`);
}
