import { describe, expect, it } from 'vitest';
import { isAdminConsolePath } from './console-pages.ts';

describe('isAdminConsolePath', () => {
  it.each(['/admin', '/admin/', '/admin/products', '/admin/products/new', '/admin/products/0b7f6c1e-1111-4a2b-9c3d-123456789abc', '/admin/customers/abc', '/admin/audit/', '/admin/sign-in'])('%s is a console page', (path) => {
    expect(isAdminConsolePath(path)).toBe(true);
  });

  it.each(['/admin/nope', '/admin/products/1/2', '/admin/products/..', '/admin/products/%2e%2e', '/adminx', '/admins/products', '/admin/customers/' + 'a'.repeat(101), '/products', '/'])('%s is not', (path) => {
    expect(isAdminConsolePath(path)).toBe(false);
  });
});
