import type { EncodedBody } from '../../lib/encoded-body.ts';

/**
 * Encoded bodies of searched, filtered, sorted or paged reads, per normalised query, least
 * recently used dropped first. One cache belongs to one catalog state, so a catalog change
 * drops all of it at once (the read model starts a new one). A body still being built is
 * stored as its promise, so a burst of the same new query builds it once.
 */
export class BodyLru {
  private readonly bodies = new Map<string, EncodedBody | Promise<EncodedBody>>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.bodies.size;
  }

  get(key: string): EncodedBody | Promise<EncodedBody> | undefined {
    const body = this.bodies.get(key);
    if (body === undefined) return undefined;
    // Map keeps insertion order: re-inserting marks it most recently used.
    this.bodies.delete(key);
    this.bodies.set(key, body);
    return body;
  }

  /** Builds (once) and remembers the body of `key`; a failed build is forgotten, not cached. */
  getOrBuild(key: string, build: () => Promise<EncodedBody>): EncodedBody | Promise<EncodedBody> {
    const known = this.get(key);
    if (known) return known;
    const building = build();
    this.bodies.set(key, building);
    if (this.bodies.size > this.capacity) this.bodies.delete(this.bodies.keys().next().value!);
    building.then(
      (body) => {
        if (this.bodies.get(key) === building) this.bodies.set(key, body);
      },
      () => {
        if (this.bodies.get(key) === building) this.bodies.delete(key);
      },
    );
    return building;
  }
}
