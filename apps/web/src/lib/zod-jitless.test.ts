import { describe, expect, it } from 'vitest';

describe('zod jitless (no eval under the CSP)', () => {
  it('is what zod reads as its configuration once the module ran', async () => {
    await import('./zod-jitless.ts');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
