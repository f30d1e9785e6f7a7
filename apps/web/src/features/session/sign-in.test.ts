import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configureApiClient } from '../../lib/api-client.ts';
import { getCookie, setCookie } from '../../lib/cookies.ts';
import { getSession, resetSession } from './session-store.ts';
import { SESSION_MAX_AGE_SECONDS, signIn, signOut, tokenMaxAgeSeconds } from './sign-in.ts';
import { clearAllCookies } from '../../test/render.tsx';
import { json, stubApi } from '../../test/dom.ts';
// getMe loads its zod schema on demand; loaded up front, the flushes need not wait for a module load.
import './api/me-schema.ts';

const USER = { _id: 'u-7', email: 'lin@example.com', firstName: 'Lin', lastName: 'Wu', createdAt: '2025-05-05T05:05:05.000Z' };
const ME = {
  success: true,
  data: { ...USER, phone: null, recoveryEmail: null, emailVerified: true },
  billingAddress: null,
  slug: 'lin-wu-1',
  addressCountry: null,
  selectedCountry: null,
  checkoutDefaultCurrency: 'USD',
  temporaryCheckoutCurrency: 'USD',
  currencyLevel: 0,
  email: USER.email,
};

let navigate: Mock<(to: string) => void>;
let restore: () => void;

beforeEach(() => {
  clearAllCookies();
  localStorage.clear();
  resetSession();
  navigate = vi.fn<(to: string) => void>();
  restore = configureApiClient({ navigate });
});

afterEach(() => {
  restore();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('signIn / signOut (spec §4)', () => {
  it('stores empty values for the not-yet-built business and order calls, quietly and without a forced logout', async () => {
    const error = vi.spyOn(console, 'error');
    const warn = vi.spyOn(console, 'warn');
    stubApi({ 'GET /api/v1/me': () => json(200, ME) });
    await signIn({ token: 'a.b.c', user: USER, temporaryCheckoutCurrency: 'USD' });
    expect(localStorage.getItem('JoinedBusinessDetails')).toBe('');
    expect(localStorage.getItem('MyBusinessDetails')).toBe('');
    expect(localStorage.getItem('TotalOrders')).toBe('0');
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(getSession().isLoggedIn).toBe(true);
    expect(getCookie('JWTToken')).toBe('a.b.c');
  });

  it('stores the answers once those calls exist', async () => {
    stubApi({
      'GET /api/v1/me': () => json(200, ME),
      'GET /api/v1/business-user-profiles/user/u-7': () => json(200, { success: true, data: { businessId: { _id: 'b1', businessCode: 'ACME' } } }),
      'GET /api/v1/business-profiles/user/u-7': () => json(200, { success: true, data: { _id: 'b2', businessCode: 'MINE' } }),
      'GET /api/v1/customer-orders': () => json(200, { success: true, data: [{}, {}, {}], meta: { page: 1, size: 10, total: 3 } }),
    });
    await signIn({ token: 'a.b.c', user: USER });
    expect(JSON.parse(localStorage.getItem('JoinedBusinessDetails')!)).toEqual({ businessId: { _id: 'b1', businessCode: 'ACME' } });
    expect(JSON.parse(localStorage.getItem('MyBusinessDetails')!)).toEqual({ _id: 'b2', businessCode: 'MINE' });
    expect(localStorage.getItem('TotalOrders')).toBe('3');
  });

  it('still signs in when v1/me fails, just without the slug', async () => {
    stubApi({ 'GET /api/v1/me': () => json(500, { success: false, code: 'INTERNAL_ERROR', message: 'x' }) });
    await signIn({ token: 'a.b.c', user: USER });
    expect(getSession()).toMatchObject({ isLoggedIn: true, slug: null });
    expect(getCookie('userSlug')).toBeNull();
    expect(localStorage.getItem('email')).toBe(USER.email);
  });

  it('signOut clears cookies and stored values but keeps the join, referral and conference codes', () => {
    setCookie('JWTToken', 't');
    setCookie('userSlug', 's');
    setCookie('checkout', 'c');
    for (const [key, value] of Object.entries({ email: 'x@y.z', userId: 'u', TotalOrders: '2', JoinBusinessCode: 'J', RID: 'R', conferenceCode: 'C' })) {
      localStorage.setItem(key, value);
    }
    signOut();
    expect(getCookie('JWTToken')).toBeNull();
    expect(getCookie('userSlug')).toBeNull();
    expect(getCookie('checkout')).toBeNull();
    expect(localStorage.getItem('email')).toBeNull();
    expect(localStorage.getItem('TotalOrders')).toBeNull();
    expect(localStorage.getItem('JoinBusinessCode')).toBe('J');
    expect(localStorage.getItem('RID')).toBe('R');
    expect(localStorage.getItem('conferenceCode')).toBe('C');
    expect(getSession().isLoggedIn).toBe(false);
  });

  it('gives the cookie the token lifetime, 7 days when the token says nothing', () => {
    const now = Date.UTC(2025, 0, 1);
    const payload = btoa(JSON.stringify({ exp: now / 1000 + 3600 })).replace(/=+$/, '');
    expect(tokenMaxAgeSeconds(`h.${payload}.s`, now)).toBe(3600);
    expect(tokenMaxAgeSeconds('not-a-jwt', now)).toBe(SESSION_MAX_AGE_SECONDS);
    expect(SESSION_MAX_AGE_SECONDS).toBe(7 * 24 * 60 * 60);
  });
});
