import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { STORAGE_KEYS_KEPT_ON_LOGIN } from '@app/contract';
import { clearToasts, toastStore } from '../../../components/ui/toast-store.ts';
import { getCookie, setCookie } from '../../../lib/cookies.ts';
import { setDisplayCurrency } from '../../currency/currency-store.ts';
import { getSession, resetSession } from '../../session/session-store.ts';
import { LoginForm } from './LoginForm.tsx';
import { clearAllCookies, cleanup, click, render } from '../../../test/render.tsx';
import { flush, getButton, getByLabel, json, stubApi, submit, typeInto } from '../../../test/dom.ts';
// getMe loads its zod schema on demand; loaded up front, the flushes need not wait for a module load.
import '../../session/api/me-schema.ts';

const EMAIL = 'ada@example.com';
const USER = { _id: 'u-1', email: EMAIL, firstName: 'Ada', lastName: 'Lovelace', createdAt: '2025-01-02T03:04:05.000Z' };
const ME = {
  success: true,
  data: { ...USER, phone: null, recoveryEmail: null, emailVerified: true },
  billingAddress: null,
  slug: 'ada-lovelace-x1',
  addressCountry: null,
  selectedCountry: null,
  checkoutDefaultCurrency: 'EUR',
  temporaryCheckoutCurrency: 'EUR',
  currencyLevel: 0,
  email: EMAIL,
};
const loggedIn = () => json(200, { success: true, message: 'Login successful', token: 'new.jwt.token', user: USER, temporaryCheckoutCurrency: 'EUR' });

function renderLogin() {
  const onSignedIn = vi.fn();
  const onVerificationNeeded = vi.fn();
  const { container } = render(
    <MemoryRouter>
      <LoginForm onSignedIn={onSignedIn} onVerificationNeeded={onVerificationNeeded} />
    </MemoryRouter>,
  );
  const form = container.querySelector('form')!;
  const logIn = async (email = EMAIL, password = 'Green-planet-42') => {
    typeInto(getByLabel(form, 'Email'), email);
    typeInto(getByLabel(form, 'Password'), password);
    submit(form);
    await flush();
  };
  return { form, onSignedIn, onVerificationNeeded, logIn };
}

const toasts = () => toastStore.get();

beforeEach(() => {
  clearAllCookies();
  localStorage.clear();
  resetSession();
  setDisplayCurrency('USD');
});

afterEach(() => {
  cleanup();
  act(() => clearToasts());
  vi.unstubAllGlobals();
});

describe('login (spec §4, §8)', () => {
  it('on success clears storage but the kept codes, stores the identity, sets JWTToken and the session, then fetches the extras', async () => {
    for (const key of STORAGE_KEYS_KEPT_ON_LOGIN) localStorage.setItem(key, `kept-${key}`);
    localStorage.setItem('lowestProduct', 'p-9');
    localStorage.setItem('businessCode', 'B-1');
    localStorage.setItem('someoneElse', 'x');
    setCookie('checkout', 'old-checkout');
    setCookie('stripeSession', 'old-stripe');
    setDisplayCurrency('EUR');
    const api = stubApi({ 'POST /api/auth/login': loggedIn, 'GET /api/v1/me': () => json(200, ME) });
    const { onSignedIn, logIn } = renderLogin();

    await logIn(' Ada@Example.com ');

    expect(api.calls[0]).toEqual({
      method: 'POST',
      path: '/api/auth/login',
      body: { userId: EMAIL, password: 'Green-planet-42', temporaryCheckoutCurrency: 'EUR', strategy: 'password' },
    });
    for (const key of STORAGE_KEYS_KEPT_ON_LOGIN) expect(localStorage.getItem(key)).toBe(`kept-${key}`);
    expect(localStorage.getItem('lowestProduct')).toBeNull();
    expect(localStorage.getItem('businessCode')).toBeNull();
    expect(localStorage.getItem('someoneElse')).toBeNull();
    expect(localStorage.getItem('userId')).toBe('u-1');
    expect(localStorage.getItem('email')).toBe(EMAIL);
    expect(localStorage.getItem('name')).toBe('Ada Lovelace');
    expect(localStorage.getItem('userCreated')).toBe('2025-01-02T03:04:05.000Z');
    expect(getCookie('JWTToken')).toBe('new.jwt.token');
    expect(getCookie('userSlug')).toBe('ada-lovelace-x1');
    expect(getCookie('checkout')).toBeNull();
    expect(getCookie('stripeSession')).toBeNull();
    expect(getSession()).toMatchObject({ isLoggedIn: true, email: EMAIL, user: USER, slug: 'ada-lovelace-x1', currency: 'EUR' });

    // Joined business, own business and first order page: not built yet (404) → stored empty.
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/v1/business-user-profiles/user/u-1',
        'GET /api/v1/business-profiles/user/u-1',
        'GET /api/v1/customer-orders?page=1',
      ]),
    );
    expect(localStorage.getItem('JoinedBusinessDetails')).toBe('');
    expect(localStorage.getItem('MyBusinessDetails')).toBe('');
    expect(localStorage.getItem('TotalOrders')).toBe('0');
    expect(onSignedIn).toHaveBeenCalledTimes(1);
  });

  it('below 5 failed attempts the message sits under the form (role=alert), not in a toast', async () => {
    stubApi({
      'POST /api/auth/login': () =>
        json(401, { success: false, code: 'INVALID_CREDENTIALS', message: 'The email or password is incorrect. 3 attempts left.', loginAttemptCount: 2 }),
    });
    const { form, onSignedIn, logIn } = renderLogin();
    await logIn();
    expect(form.querySelector('[role="alert"]')?.textContent).toBe('The email or password is incorrect. 3 attempts left.');
    expect(toasts()).toHaveLength(0);
    expect(getCookie('JWTToken')).toBeNull();
    expect(getSession().isLoggedIn).toBe(false);
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(getButton(form, 'Log in').disabled).toBe(false);
  });

  it('from 5 failed attempts the message is an error toast', async () => {
    const message = 'Too many failed login attempts. Your account is locked until 2025-01-01 10:15 UTC.';
    stubApi({ 'POST /api/auth/login': () => json(429, { success: false, code: 'ACCOUNT_LOCKED', message, loginAttemptCount: 5, lockedUntil: '2025-01-01T10:15:00.000Z' }) });
    const { form, logIn } = renderLogin();
    await logIn();
    expect(toasts()).toEqual([expect.objectContaining({ message, variant: 'error' })]);
    expect(form.querySelector('[role="alert"]')).toBeNull();
  });

  it('disables the submit button while the request is in flight', async () => {
    let release: (response: Response) => void = () => {};
    stubApi({ 'POST /api/auth/login': () => new Promise<Response>((resolve) => (release = resolve)) });
    const { form, logIn } = renderLogin();
    await logIn();
    expect(getButton(form, 'Log in').disabled).toBe(true);
    expect(getButton(form, 'Log in').getAttribute('aria-busy')).toBe('true');
    release(json(401, { success: false, code: 'INVALID_CREDENTIALS', message: 'Wrong', loginAttemptCount: 1 }));
    await flush();
    expect(getButton(form, 'Log in').disabled).toBe(false);
  });

  it('shows field messages from the contract schema and sends nothing for invalid input', async () => {
    const api = stubApi({});
    const { form, logIn } = renderLogin();
    await logIn('not-an-email', '');
    expect(api.calls).toHaveLength(0);
    expect(form.textContent).toContain('Enter a valid email address');
    expect(form.textContent).toContain('Enter your password');
    expect(getByLabel(form, 'Email').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(getByLabel(form, 'Email'));
  });

  it('an unverified account offers to send a new code and then opens the verification popup', async () => {
    const api = stubApi({
      'POST /api/auth/login': () => json(403, { success: false, code: 'EMAIL_NOT_VERIFIED', message: 'Please verify your email address before logging in.', email: EMAIL }),
      'PATCH /api/auth/resend-otp-register': () => json(200, { success: true, message: 'sent' }),
    });
    const { form, onVerificationNeeded, logIn } = renderLogin();
    await logIn();
    expect(form.querySelector('[role="alert"]')?.textContent).toContain('Please verify your email address before logging in.');
    click(getButton(form, 'Send a new code and verify'));
    await flush();
    expect(api.calls.at(-1)).toEqual({ method: 'PATCH', path: '/api/auth/resend-otp-register', body: { email: EMAIL } });
    expect(onVerificationNeeded).toHaveBeenCalledWith(EMAIL, expect.any(Number));
  });
});
