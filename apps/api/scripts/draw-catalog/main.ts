/**
 * Draws every catalog image as a small, committed SVG under apps/web/public/catalog:
 * one flat illustration per offset project, one product drawing per colour of each good,
 * the 17 SDG tiles and the certification badges. The seed stores their public paths.
 *
 * Run from the repository root: node --import tsx apps/api/scripts/draw-catalog-images.ts
 * (that entry only calls main() below).
 *
 * Output is deterministic (randomness is seeded by the product slug), so re-running it after
 * a catalog change only alters the files of products that changed.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import nodePath from 'node:path';
import { CATALOG, productImages } from '../../src/db/seed/catalog.ts';
import { SDGS, sdgImagePath, STANDARDS, standardLogoPath } from '../../src/db/seed/taxonomy.ts';
import { goodsImage } from './product-goods.ts';
import { offsetImage } from './product-scenes.ts';
import { sdgTile } from './sdg-tiles.ts';
import { standardBadge } from './standard-badges.ts';
import { assertWithinBudget } from './svg.ts';

const publicDir = nodePath.resolve(import.meta.dirname, '../../../web/public');

export function main(): void {
  // Everything is drawn and size-checked before any file is touched, so an over-budget image
  // leaves the committed catalog as it was.
  const written = new Map<string, string>();
  function emit(publicPath: string, content: string) {
    assertWithinBudget(publicPath, content);
    written.set(nodePath.join(publicDir, publicPath), content);
  }

  for (const product of CATALOG) {
    for (const image of productImages(product)) {
      if (product.kind === 'offset') emit(image.url, offsetImage(product.scene, product.slug, product.accent));
      else emit(image.url, goodsImage(product.drawing, image.hex ?? '#8FAA8B'));
    }
  }
  for (const goal of SDGS) emit(sdgImagePath(goal.number), sdgTile(goal.number, goal.color));
  for (const standard of STANDARDS) emit(standardLogoPath(standard.slug), standardBadge(standard.short, standard.accent, standard.mark));

  // The catalog folders belong to this script: files it no longer draws are removed.
  for (const folder of ['products', 'sdgs', 'standards']) {
    const dir = nodePath.join(publicDir, 'catalog', folder);
    mkdirSync(dir, { recursive: true });
    for (const name of readdirSync(dir)) {
      if (name.endsWith('.svg') && !written.has(nodePath.join(dir, name))) rmSync(nodePath.join(dir, name));
    }
  }
  let bytes = 0;
  for (const [file, content] of written) {
    writeFileSync(file, content);
    bytes += Buffer.byteLength(content);
  }
  console.log(`Wrote ${written.size} SVG files (${(bytes / 1024).toFixed(0)} KB) under ${nodePath.relative(process.cwd(), nodePath.join(publicDir, 'catalog'))}`);
}
