import { describe, expect, it } from 'vitest';
import type { ImpactKind } from '@app/contract/impact';
import { createImpactReadModel, MAX_AGE_MS } from '../src/modules/impact/impact.read-model.ts';

/**
 * The impact read model keeps each public page's answers until a change to its owner drops them
 * (decision 0047). A change drops its owners' pages through an index by owner, not by looking at
 * every kept page (bench/probes/impact-invalidate.ts: about 4 ms with 20,000 kept, now µs).
 */
function modelWithOwners(ownerOf: (kind: ImpactKind, slug: string) => string, clock?: () => number) {
  let builds = 0;
  const model = createImpactReadModel({
    owner: async (kind: ImpactKind, slug: string) => ({ kind, id: ownerOf(kind, slug), slug, name: `Owner ${slug}` }),
    impact: async () => {
      builds += 1;
      return { tonnesMilli: 1000, count: 1, listed: [], monthly: [], publicFootprints: [] };
    },
  } as unknown as Parameters<typeof createImpactReadModel>[0], clock);
  return { model, builds: () => builds };
}

describe('impact read model', () => {
  it("drops every page of a changed owner, of that kind only, and keeps everyone else's", async () => {
    // 'old-ada' and 'ada' are one person's page before and after a slug change; 'acme' is a business with the same id.
    const ids: Record<string, string> = { 'users:ada': 'u1', 'users:old-ada': 'u1', 'users:bo': 'u2', 'businesses:acme': 'u1' };
    const { model } = modelWithOwners((kind, slug) => ids[`${kind}:${slug}`]!);
    for (const key of Object.keys(ids)) {
      const [kind, slug] = key.split(':') as [ImpactKind, string];
      await model.load(kind, slug);
    }
    expect(model.size()).toBe(4);
    model.invalidate({ users: ['u1'] });
    expect(model.get('users', 'ada')).toBeUndefined();
    expect(model.get('users', 'old-ada')).toBeUndefined();
    expect(model.get('users', 'bo')).toBeDefined();
    expect(model.get('businesses', 'acme')).toBeDefined();
    model.invalidate({ businesses: ['u1'] });
    expect(model.get('businesses', 'acme')).toBeUndefined();
    expect(model.size()).toBe(1);
    // A page built again after its owner's change is kept, and dropped by the next change.
    await model.load('users', 'ada');
    expect(model.get('users', 'ada')).toBeDefined();
    model.invalidate({ users: ['u1'] });
    expect(model.get('users', 'ada')).toBeUndefined();
    model.invalidate(null);
    expect(model.size()).toBe(0);
  });

  it('keeps at most 20,000 pages, dropping the oldest built, and its index stays in step', async () => {
    const { model, builds } = modelWithOwners((_kind, slug) => `id-${slug}`);
    for (let i = 0; i <= 20_000; i += 1) await model.load('users', `p${i}`);
    expect(model.size()).toBe(20_000);
    expect(model.get('users', 'p0')).toBeUndefined();
    expect(model.get('users', 'p1')).toBeDefined();
    // The dropped page's owner changes: nothing else goes, and the page builds again on its next read.
    model.invalidate({ users: ['id-p0'] });
    expect(model.size()).toBe(20_000);
    const before = builds();
    await model.load('users', 'p0');
    expect(builds()).toBe(before + 1);
    expect(model.get('users', 'p1')).toBeUndefined();
    model.invalidate({ users: ['id-p2'] });
    expect(model.size()).toBe(19_999);
  });

  it('builds a kept page again once it is older than its maximum age, though no change was heard (a lost announcement)', async () => {
    let now = 1_000_000;
    const { model, builds } = modelWithOwners((_kind, slug) => `id-${slug}`, () => now);
    await model.load('users', 'ada');
    now += MAX_AGE_MS;
    expect(model.get('users', 'ada')).toBeDefined();
    now += 1;
    expect(model.get('users', 'ada')).toBeUndefined();
    await model.load('users', 'ada');
    expect(builds()).toBe(2);
    expect(model.get('users', 'ada')).toBeDefined();
  });
});
