import { describe, expect, it } from 'vitest';
import { PageCache, pageBytes, type CachedPage } from './page-cache.ts';

const page = (bytes: number): CachedPage => ({ version: 'v', status: 200, body: { identity: Buffer.alloc(bytes), br: Buffer.alloc(0), gzip: Buffer.alloc(0) } });

describe('page cache bounds (issue 23 item 2)', () => {
  it('never keeps a page over the entry bound', () => {
    const cache = new PageCache({ entries: 10, entryBytes: 1000, totalBytes: 10_000 });
    expect(cache.set('huge', page(1001))).toBe(false);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.heldBytes).toBe(0);
  });

  it('drops the least recently used until the bytes of all fit, and counts a replaced page once', () => {
    const cache = new PageCache({ entries: 100, entryBytes: 1000, totalBytes: 2500 });
    cache.set('a', page(1000));
    cache.set('b', page(1000));
    cache.get('a');
    cache.set('c', page(1000));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.heldBytes).toBe(2000);
    cache.set('a', page(500));
    expect(cache.heldBytes).toBe(1500);
    expect(pageBytes(page(7))).toBe(7);
  });

  it('holds at most the entry count', () => {
    const cache = new PageCache({ entries: 3, entryBytes: 1000, totalBytes: 1_000_000 });
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, page(1));
    expect(cache.size).toBe(3);
    expect(cache.get('a')).toBeUndefined();
  });
});
