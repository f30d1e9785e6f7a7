import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getCookie, setCookie } from '../../lib/cookies.ts';
import { resetClientState } from '../../lib/client-state.ts';
import { getCartCount, incrementCartCount } from '../cart/cart-count-store.ts';
import {
  LOGGED_OUT_SESSION,
  getSession,
  readPersistedSession,
  resetSession,
  setSession,
  syncSessionWithCookie,
} from './session-store.ts';
import { clearAllCookies } from '../../test/render.tsx';

beforeEach(() => {
  clearAllCookies();
  localStorage.clear();
  resetSession();
});

describe('session store (spec §4, §6)', () => {
  it('is logged in only with both the JWTToken cookie and a stored email', () => {
    expect(readPersistedSession().isLoggedIn).toBe(false);
    setCookie('JWTToken', 't');
    expect(readPersistedSession().isLoggedIn).toBe(false);
    localStorage.setItem('email', 'ada@example.com');
    expect(readPersistedSession()).toMatchObject({ isLoggedIn: true, email: 'ada@example.com' });
  });

  it('resets state, cookies and other slices when the cookie is missing while logged in', () => {
    localStorage.setItem('email', 'ada@example.com');
    setSession({ isLoggedIn: true, email: 'ada@example.com', slug: 'ada' });
    setCookie('checkout', 'c1');
    setCookie('stripeSession', 's1');
    incrementCartCount(2);

    // The real reset registry: the session and the cart count both register with it.
    expect(syncSessionWithCookie(resetClientState)).toBe(true);

    expect(getSession()).toEqual(LOGGED_OUT_SESSION);
    expect(getCookie('checkout')).toBeNull();
    expect(getCookie('stripeSession')).toBeNull();
    expect(localStorage.getItem('email')).toBeNull();
    expect(getCartCount()).toBe(0);
  });

  it('leaves a valid session alone', () => {
    setCookie('JWTToken', 't');
    setCookie('checkout', 'c1');
    setSession({ isLoggedIn: true, email: 'ada@example.com' });
    const reset = vi.fn();
    expect(syncSessionWithCookie(reset)).toBe(false);
    expect(reset).not.toHaveBeenCalled();
    expect(getSession().isLoggedIn).toBe(true);
    expect(getCookie('checkout')).toBe('c1');
  });

  it('does nothing for a visitor without a cookie', () => {
    const reset = vi.fn();
    expect(syncSessionWithCookie(reset)).toBe(false);
    expect(reset).not.toHaveBeenCalled();
  });
});
