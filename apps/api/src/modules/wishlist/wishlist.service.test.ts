import { describe, expect, it } from 'vitest';
import { WISHLIST_MAX_ITEMS } from '@app/contract/wishlist';
import { AppError } from '../../lib/app-error.ts';
import { plan } from './wishlist.service.ts';

describe('wishlist plan (what one update changes)', () => {
  it('the whole-list form drops what is missing and adds what is new, in the order sent', () => {
    expect(plan(['a', 'b', 'c'], { products: ['c', 'd', 'a', 'e'] })).toEqual({ remove: ['b'], add: ['d', 'e'] });
    expect(plan(['a', 'b'], { products: [] })).toEqual({ remove: ['a', 'b'], add: [] });
  });

  it('add touches only the new ids; remove only the held ones', () => {
    expect(plan(['a'], { action: 'add', products: ['a', 'b'] })).toEqual({ remove: [], add: ['b'] });
    expect(plan(['a', 'b'], { action: 'remove', products: ['b', 'z'] })).toEqual({ remove: ['b'], add: [] });
  });

  it('refuses an add past the cap, but not one that adds nothing new', () => {
    const full = Array.from({ length: WISHLIST_MAX_ITEMS }, (_, i) => `p${i}`);
    expect(() => plan(full, { action: 'add', products: ['new'] })).toThrow(AppError);
    expect(plan(full, { action: 'add', products: ['p0'] })).toEqual({ remove: [], add: [] });
  });
});
