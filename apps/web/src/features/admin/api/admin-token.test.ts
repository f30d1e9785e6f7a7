import { afterEach, describe, expect, it } from 'vitest';
import { clearAdminToken, readAdminToken, storeAdminToken } from './admin-token.ts';

describe('admin token storage', () => {
  afterEach(() => clearAdminToken());

  it('keeps the token until its end, then forgets it', () => {
    const end = new Date(Date.now() + 60_000).toISOString();
    storeAdminToken('abc', end);
    expect(readAdminToken()).toBe('abc');
    expect(readAdminToken(Date.parse(end) + 1)).toBeNull();
  });

  it('is never a cookie, and is gone when cleared', () => {
    storeAdminToken('abc', new Date(Date.now() + 60_000).toISOString());
    expect(document.cookie).not.toContain('abc');
    clearAdminToken();
    expect(readAdminToken()).toBeNull();
  });
});
