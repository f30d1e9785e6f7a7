import { describe, expect, it } from 'vitest';
import { parseListParams } from './list-params.ts';

const spec = { sorts: ['createdAt', 'name'] as const, defaultSort: 'createdAt' as const, filters: ['status'] as const };

describe('parseListParams', () => {
  it('reads the view from the address', () => {
    const view = parseListParams(new URLSearchParams('page=3&size=50&sort=name&order=asc&q= tea &status=archived'), spec);
    expect(view).toMatchObject({ page: 3, size: 50, sort: 'name', order: 'asc', q: ' tea ', filters: { status: 'archived' } });
    expect(view.query).toEqual({ page: 3, size: 50, sort: 'name', order: 'asc', q: 'tea', status: 'archived' });
  });

  it('falls back to the defaults for values a hand-edited address gets wrong', () => {
    const view = parseListParams(new URLSearchParams('page=-2&size=5000&sort=password&order=sideways'), spec);
    expect(view).toMatchObject({ page: 1, size: 100, sort: 'createdAt', order: 'desc', q: '', filters: {} });
    expect(view.query).not.toHaveProperty('q');
  });
});
