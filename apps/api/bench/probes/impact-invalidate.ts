/**
 * What dropping one owner's pages from the impact read model costs with many pages kept
 * (modules/impact/impact.read-model.ts). Every order with certificates sends such a change to
 * every API process, so it runs once per order on every host.
 *
 *   node --import tsx apps/api/bench/probes/impact-invalidate.ts [pages] [changes]
 *
 * Fills the model with `pages` owners' badges (a fake repository, no database), then prints µs per
 * `invalidate({ users: [one owner] })`, three passes of `changes` each, rebuilding the dropped page
 * between changes so the model stays full.
 */
import { createImpactReadModel } from '../../src/modules/impact/impact.read-model.ts';
import type { ImpactKind } from '@app/contract/impact';

const pages = Number(process.argv[2] ?? 20_000);
const changes = Number(process.argv[3] ?? 2_000);
const model = createImpactReadModel({
  owner: async (kind: ImpactKind, slug: string) => ({ kind, id: `id-${slug}`, slug, name: `Owner ${slug}` }),
  impact: async () => ({ tonnesMilli: 1500, count: 1, listed: [], monthly: [], publicFootprints: [] }),
} as unknown as Parameters<typeof createImpactReadModel>[0]);

for (let i = 0; i < pages; i += 1) await model.load('users', `p${i}`);
console.log(`${model.size()} pages kept`);
for (let pass = 0; pass < 3; pass += 1) {
  let spent = 0;
  for (let i = 0; i < changes; i += 1) {
    const slug = `p${(pass * changes + i) % pages}`;
    const started = performance.now();
    model.invalidate({ users: [`id-${slug}`], businesses: [] });
    spent += performance.now() - started;
    await model.load('users', slug);
  }
  console.log(`invalidate one owner among ${model.size()} pages: ${((spent / changes) * 1000).toFixed(2)} µs`);
}
