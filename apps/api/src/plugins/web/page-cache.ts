import type { EncodedBody } from './encoding.ts';

export interface CachedPage {
  version: string;
  status: number;
  body: EncodedBody;
}

/** What one cached page holds: its bytes in every encoding kept. */
export const pageBytes = (page: CachedPage) => page.body.identity.length + page.body.br.length + page.body.gzip.length;

/**
 * Rendered pages, least recently used dropped first, bounded three ways: entries, bytes of one
 * entry and bytes of all (issue 23: a page made huge by its URL must not be kept, and a flood of
 * made-up query pages must not hold gigabytes). A page over the entry bound is sent, not kept.
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private bytes = 0;

  constructor(readonly limits: { entries: number; entryBytes: number; totalBytes: number }) {}

  get size(): number {
    return this.pages.size;
  }

  /** Bytes held now (all encodings of all pages). */
  get heldBytes(): number {
    return this.bytes;
  }

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    // Map keeps insertion order: re-inserting marks it most recently used.
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  /** Keeps the page unless it alone is over the entry bound; drops the oldest until every bound holds. */
  set(key: string, page: CachedPage): boolean {
    this.delete(key);
    const size = pageBytes(page);
    if (size > this.limits.entryBytes) return false;
    this.pages.set(key, page);
    this.bytes += size;
    while (this.pages.size > this.limits.entries || this.bytes > this.limits.totalBytes) this.delete(this.pages.keys().next().value!);
    return true;
  }

  private delete(key: string) {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.bytes -= pageBytes(page);
  }
}
