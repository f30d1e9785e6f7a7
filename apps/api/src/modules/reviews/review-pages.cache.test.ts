import { describe, expect, it } from 'vitest';
import { ReviewPagesCache } from './review-pages.cache.ts';

const page = (text: string) => JSON.stringify({ success: true, data: [{ comment: text }] });
const text = (body: { identity: Buffer } | undefined) => (body ? JSON.parse(body.identity.toString('utf8')).data[0].comment : undefined);

describe('ReviewPagesCache', () => {
  it('finds a remembered URL in one lookup, and forgets it when the product changes', async () => {
    const cache = new ReviewPagesCache();
    const body = await cache.put('p1', '1|5', page('first'), cache.generation('p1'));
    cache.rememberUrl('/api/v1/review/p1/product?page=1&size=5', 'p1', body);
    expect(text(cache.byUrl('/api/v1/review/p1/product?page=1&size=5'))).toBe('first');

    cache.drop(['p2']);
    expect(text(cache.byUrl('/api/v1/review/p1/product?page=1&size=5'))).toBe('first');
    cache.drop(['p1']);
    expect(cache.byUrl('/api/v1/review/p1/product?page=1&size=5')).toBeUndefined();
    expect(cache.get('p1', '1|5')).toBeUndefined();
  });

  it('stores nothing, by page or by URL, that was read before a change', async () => {
    const cache = new ReviewPagesCache();
    const before = cache.generation('p1');
    cache.drop(['p1']); // a review was written while the page was being read
    const stale = await cache.put('p1', '1|5', page('stale'), before);
    cache.rememberUrl('/u', 'p1', stale);
    expect(cache.get('p1', '1|5')).toBeUndefined();
    expect(cache.byUrl('/u')).toBeUndefined();

    const everything = cache.generation('p1');
    cache.drop(null);
    await cache.put('p1', '1|5', page('stale'), everything);
    expect(cache.get('p1', '1|5')).toBeUndefined();
  });

  it('drops a URL whose page was pushed out by too many page sizes', async () => {
    const cache = new ReviewPagesCache();
    const first = await cache.put('p1', 'k0', page('k0'), cache.generation('p1'));
    cache.rememberUrl('/k0', 'p1', first);
    for (let i = 1; i <= 20; i += 1) await cache.put('p1', `k${i}`, page(`k${i}`), cache.generation('p1'));
    expect(cache.get('p1', 'k0')).toBeUndefined();
    expect(cache.byUrl('/k0')).toBeUndefined();
    expect(text(cache.get('p1', 'k20'))).toBe('k20');
  });

  it('keeps a product read lately when the cache is full, and lets an unread one go', async () => {
    const cache = new ReviewPagesCache();
    for (let i = 0; i < 2000; i += 1) await cache.put(`p${i}`, '1|5', page(`p${i}`), cache.generation(`p${i}`));
    // A first sweep clears every flag (all were just written) and drops the oldest.
    await cache.put('new1', '1|5', page('new1'), cache.generation('new1'));
    expect(cache.get('p0', '1|5')).toBeUndefined();
    // p1 is read now; the next product in needs room: p1 gets a second chance, p2 goes.
    expect(text(cache.get('p1', '1|5'))).toBe('p1');
    await cache.put('new2', '1|5', page('new2'), cache.generation('new2'));
    expect(text(cache.get('p1', '1|5'))).toBe('p1');
    expect(cache.get('p2', '1|5')).toBeUndefined();
  });
});
