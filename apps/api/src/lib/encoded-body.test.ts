import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brotliWindowFor, encodeBody } from './encoded-body.ts';

describe('encodeBody', () => {
  it('each encoding decodes to the same bytes, from a tiny body to one past the 4 MB default window', async () => {
    const product = JSON.stringify({ id: 'p1', name: 'Solar lantern', description: 'Charges by day, lights by night. '.repeat(40) });
    const large = JSON.stringify(Array.from({ length: 75_000 }, (_, i) => ({ id: i, name: `Tree ${i}`, tonnes: (i * 0.37) % 11 })));
    expect(large.length).toBeGreaterThan(4 * 1024 * 1024);
    for (const json of ['{}', product, large]) {
      const body = await encodeBody(json);
      expect(body.identity.toString('utf8')).toBe(json);
      expect(brotliDecompressSync(body.br).toString('utf8')).toBe(json);
      expect(gunzipSync(body.gzip).toString('utf8')).toBe(json);
      expect(body.br.length).toBeLessThan(Math.max(body.identity.length, 64));
    }
  });

  it('fits the brotli window to the body: the smallest power of two holding it, within brotli’s 2^10 to 2^24', () => {
    expect(brotliWindowFor(0)).toBe(10);
    expect(brotliWindowFor(1008)).toBe(10); // 2^10 − 16 bytes of history
    expect(brotliWindowFor(1009)).toBe(11);
    expect(brotliWindowFor(3_000)).toBe(12);
    expect(brotliWindowFor(130_000)).toBe(17);
    expect(brotliWindowFor((1 << 24) - 16)).toBe(24);
    expect(brotliWindowFor(50 * 1024 * 1024)).toBe(24);
  });
});
