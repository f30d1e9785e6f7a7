import { impactBadgePath, impactPagePath, type Impact, type ImpactKind } from '@app/contract/impact';
import { certificateVerifyPath } from '@app/contract/orders';
import { encodeBody } from '../../lib/encoded-body.ts';
import { prepareAnswer, type PreparedAnswer } from './impact-answer.ts';
import { renderImpactBadge } from './impact-badge.ts';
import type { ImpactOwner, ImpactRepository } from './impact.repository.ts';

/** What one public page's badge and impact answer are, already as bytes in each encoding, with their headers. */
export interface ImpactEntry {
  owner: ImpactOwner;
  /** When it was built (ms): past MAX_AGE_MS it is built again on its next read. */
  builtAt: number;
  tonnesMilli: number;
  svg: PreparedAnswer;
  json: PreparedAnswer;
}

/** Owners whose certificates or page changed; null: anything may have. */
export interface ImpactChange {
  users?: readonly string[];
  businesses?: readonly string[];
}

/** Pages kept in memory; past this the oldest built is dropped (rebuilt on its next read). */
const MAX_ENTRIES = 20_000;
/**
 * A kept page is built again on its first read after this long, whatever was heard. Changes are
 * announced (NOTIFY), and one can be lost: an order's announcement goes out just after its commit
 * (decision 0074), so a process that dies in between leaves the other hosts' pages as they were.
 * This bounds how long such a page can stay stale; a badge is cached by browsers for 60 s anyway.
 */
export const MAX_AGE_MS = 10 * 60_000;

/**
 * The impact read model (docs/decisions/0047): each public page's badge SVG and impact JSON,
 * built on first read from its valid certificates and kept until a change to its owner's
 * certificates or page drops it. A read is a map lookup and a write of bytes (already compressed,
 * headers already made: docs/decisions/0061). A build that
 * overlaps a change is answered but not kept (the generation moved), so a stale total never
 * outlives the change that made it stale.
 */
export function createImpactReadModel(repo: ImpactRepository, clock: () => number = Date.now) {
  const entries = new Map<string, ImpactEntry>();
  /**
   * Each owner's kept pages ("users:<id>" → keys), so a change drops its owners' pages without
   * looking at every page: every order with certificates sends one to every process, and a scan
   * of 20,000 kept pages took about 4 ms (bench/probes/impact-invalidate.ts).
   */
  const keysByOwner = new Map<string, Set<string>>();
  const ownerKeyOf = (kind: ImpactKind, id: string) => `${kind}:${id}`;
  const building = new Map<string, Promise<ImpactEntry | null>>();
  let generation = 0;
  const keyOf = (kind: ImpactKind, slug: string) => `${kind}:${slug}`;

  function keep(key: string, entry: ImpactEntry): void {
    drop(key);
    if (entries.size >= MAX_ENTRIES) drop(entries.keys().next().value!);
    entries.set(key, entry);
    const owner = ownerKeyOf(entry.owner.kind, entry.owner.id);
    const keys = keysByOwner.get(owner) ?? new Set<string>();
    keysByOwner.set(owner, keys.add(key));
  }

  function drop(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const owner = ownerKeyOf(entry.owner.kind, entry.owner.id);
    const keys = keysByOwner.get(owner);
    keys?.delete(key);
    if (keys?.size === 0) keysByOwner.delete(owner);
  }

  async function build(kind: ImpactKind, slug: string): Promise<ImpactEntry | null> {
    const owner = await repo.owner(kind, slug);
    if (!owner) return null;
    const impact = await repo.impact(owner);
    const data: Impact = {
      kind,
      slug: owner.slug,
      name: owner.name,
      tonnesRetired: impact.tonnesMilli / 1000,
      certificateCount: impact.count,
      certificates: impact.listed.map((row) => ({
        serial: row.serial,
        projectName: row.projectName,
        standardName: row.standardName,
        country: row.country,
        tonnes: row.tonnesMilli / 1000,
        issuedAt: row.issuedAt.toISOString(),
        verifyPath: certificateVerifyPath(row.serial),
      })),
      monthly: impact.monthly.map((row) => ({ month: row.month, tonnes: row.tonnesMilli / 1000 })),
      publicFootprints: impact.publicFootprints,
      badgePath: impactBadgePath(kind, owner.slug),
      pagePath: impactPagePath(kind, owner.slug),
    };
    // Compressed once per build, not per read (a badge is ~0.9 KB, ~0.45 KB in brotli).
    const [svg, json] = await Promise.all([encodeBody(renderImpactBadge(owner.name, impact.tonnesMilli)), encodeBody(JSON.stringify({ success: true, data }))]);
    return {
      owner,
      builtAt: clock(),
      tonnesMilli: impact.tonnesMilli,
      // Embedded on other sites: cross-origin-resource-policy lets their pages show it.
      svg: prepareAnswer(svg, 'image/svg+xml; charset=utf-8', { 'cross-origin-resource-policy': 'cross-origin' }),
      json: prepareAnswer(json, 'application/json; charset=utf-8'),
    };
  }

  return {
    /** The entry if built (the fast path: no promise). */
    get(kind: ImpactKind, slug: string): ImpactEntry | undefined {
      const key = keyOf(kind, slug);
      const entry = entries.get(key);
      if (entry && clock() - entry.builtAt > MAX_AGE_MS) {
        drop(key);
        return undefined;
      }
      return entry;
    },

    /** Builds the entry (one build per page at a time); null when the slug has no public page. */
    load(kind: ImpactKind, slug: string): Promise<ImpactEntry | null> {
      const key = keyOf(kind, slug);
      const pending = building.get(key);
      if (pending) return pending;
      const started = generation;
      const promise = build(kind, slug)
        .then((entry) => {
          if (entry && started === generation) keep(key, entry);
          return entry;
        })
        .finally(() => building.delete(key));
      building.set(key, promise);
      return promise;
    },

    /** Drops what a change made stale: the owners' pages, or everything (null). */
    invalidate(change: ImpactChange | null): void {
      generation++;
      if (!change) {
        entries.clear();
        keysByOwner.clear();
        return;
      }
      const owners = [...(change.users ?? []).map((id) => ownerKeyOf('users', id)), ...(change.businesses ?? []).map((id) => ownerKeyOf('businesses', id))];
      for (const owner of owners) for (const key of [...(keysByOwner.get(owner) ?? [])]) drop(key);
    },

    size: () => entries.size,
  };
}
export type ImpactReadModel = ReturnType<typeof createImpactReadModel>;
