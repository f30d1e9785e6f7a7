import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { clearToasts, toastStore } from '../../../components/ui/toast-store.ts';
import { getCookie } from '../../../lib/cookies.ts';
import { getSession, resetSession } from '../../session/session-store.ts';
import { VerificationDialog } from './VerificationDialog.tsx';
import { clearAllCookies, cleanup, click, render } from '../../../test/render.tsx';
import { flush, getButton, json, stubApi, typeInto } from '../../../test/dom.ts';
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
  checkoutDefaultCurrency: 'USD',
  temporaryCheckoutCurrency: 'USD',
  currencyLevel: 0,
  email: EMAIL,
};

let location = '';
function LocationProbe() {
  const current = useLocation();
  location = current.pathname + current.search;
  return null;
}

function renderDialog(props: { next?: string } = {}) {
  render(
    <MemoryRouter initialEntries={['/start']}>
      <Routes>
        <Route path="*" element={<LocationProbe />} />
      </Routes>
      <VerificationDialog open onOpenChange={() => {}} email={EMAIL} sentAt={Date.now()} {...props} />
    </MemoryRouter>,
  );
  const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
  const boxes = [...dialog.querySelectorAll<HTMLInputElement>('input[aria-label^="Digit"]')];
  return { dialog, boxes };
}

function enterCode(boxes: HTMLInputElement[], code: string) {
  code.split('').forEach((digit, index) => typeInto(boxes[index]!, digit));
}

const toastMessages = () => toastStore.get().map((toast) => toast.message);
const verified = () => json(200, { success: true, message: 'Email Verification Successfull!', token: 'header.payload.sig', user: USER, temporaryCheckoutCurrency: 'USD' });

beforeEach(() => {
  vi.useFakeTimers();
  clearAllCookies();
  localStorage.clear();
  resetSession();
  location = '';
});

afterEach(() => {
  cleanup();
  act(() => clearToasts());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('email verification popup (spec §2.4, §4, §8)', () => {
  it('shows the countdown with its messages, and enables "Request new code" only at zero', async () => {
    let release: (response: Response) => void = () => {};
    const api = stubApi({ 'PATCH /api/auth/resend-otp-register': () => new Promise<Response>((resolve) => (release = resolve)) });
    const { dialog } = renderDialog();
    expect(dialog.textContent).toContain('Please enter the code within this time');
    expect(dialog.querySelector('[role="timer"]')!.textContent).toBe('05:00');
    const requestNew = getButton(dialog, 'Request new code');
    expect(requestNew.disabled).toBe(true);

    act(() => vi.advanceTimersByTime(300_000));
    expect(dialog.querySelector('[role="timer"]')!.textContent).toBe('00:00');
    expect(dialog.textContent).toContain('You can request new code now');
    expect(requestNew.disabled).toBe(false);

    click(requestNew);
    expect(dialog.textContent).toContain('Your request is being processed');
    expect(api.calls).toEqual([{ method: 'PATCH', path: '/api/auth/resend-otp-register', body: { email: EMAIL } }]);
    release(json(200, { success: true, message: 'sent' }));
    await flush();
    expect(dialog.querySelector('[role="timer"]')!.textContent).toBe('05:00');
    expect(dialog.textContent).toContain('Please enter the code within this time');
    expect(getButton(dialog, 'Request new code').disabled).toBe(true);
  });

  it('a wrong code (400) shows the server message, clears every box, refocuses the first and resets the timer', async () => {
    const api = stubApi({
      'PATCH /api/auth/registration-otp-verify': () => json(400, { success: false, code: 'INVALID_OTP', message: 'The code is incorrect. You have 4 tries left.' }),
    });
    const { dialog, boxes } = renderDialog();
    act(() => vi.advanceTimersByTime(120_000));
    expect(dialog.querySelector('[role="timer"]')!.textContent).toBe('03:00');

    enterCode(boxes, '123456');
    expect(api.calls[0]).toEqual({ method: 'PATCH', path: '/api/auth/registration-otp-verify', body: { email: EMAIL, otp: '123456' } });
    await flush();
    act(() => vi.advanceTimersByTime(0));

    expect(dialog.querySelector('[role="alert"]')?.textContent).toBe('The code is incorrect. You have 4 tries left.');
    expect(boxes.map((box) => box.value)).toEqual(['', '', '', '', '', '']);
    expect(document.activeElement).toBe(boxes[0]);
    expect(dialog.querySelector('[role="timer"]')!.textContent).toBe('05:00');
    expect(getSession().isLoggedIn).toBe(false);
  });

  it.each([
    ['JoinBusinessCode', '/other/my-employer-account'],
    ['JoinSupplierCode', '/other/my-business-account'],
    ['JoinDistributorCode', '/other/my-business-account'],
  ])('success toasts, signs in, and 1 s later goes to the page for a stored %s', async (key, target) => {
    localStorage.setItem(key, 'CODE-1');
    const api = stubApi({ 'PATCH /api/auth/registration-otp-verify': verified, 'GET /api/v1/me': () => json(200, ME) });
    const { boxes } = renderDialog({ next: '/other/checkout' });
    enterCode(boxes, '654321');
    await flush();

    expect(toastMessages()).toContain('Email Verification Successfull!');
    expect(getCookie('JWTToken')).toBe('header.payload.sig');
    expect(localStorage.getItem(key)).toBe('CODE-1');
    expect(getSession()).toMatchObject({ isLoggedIn: true, email: EMAIL });
    expect(api.calls.map((call) => call.path)).toContain('/api/v1/me');

    act(() => vi.advanceTimersByTime(999));
    await flush();
    expect(location).toBe('/start');
    act(() => vi.advanceTimersByTime(1));
    await flush();
    expect(location).toBe(target);
  });

  it('without a join code it goes to `next`, or home', async () => {
    stubApi({ 'PATCH /api/auth/registration-otp-verify': verified, 'GET /api/v1/me': () => json(200, ME) });
    const { boxes } = renderDialog({ next: '/other/checkout' });
    enterCode(boxes, '654321');
    await flush();
    act(() => vi.advanceTimersByTime(1000));
    await flush();
    expect(location).toBe('/other/checkout');
  });

  it('status 200 with data.code USER_ALREADY_VERIFIED (spec §4) toasts "Email Already Verified" and goes to the Log in tab', async () => {
    stubApi({
      'PATCH /api/auth/registration-otp-verify': () => json(200, { success: true, message: 'Email Already Verified', data: { code: 'USER_ALREADY_VERIFIED' } }),
    });
    const { boxes } = renderDialog();
    enterCode(boxes, '111111');
    await flush();
    expect(toastMessages()).toEqual(['Email Already Verified']);
    expect(toastMessages()).not.toContain('Email Verification Successfull!');
    expect(location).toBe('/login?email=ada%40example.com');
    expect(getSession().isLoggedIn).toBe(false);
  });

  it('after competing sign-ups it signs nobody in and takes the verifier to choose the password', async () => {
    const message = 'Your email is verified. More than one sign-up used this email, so for your safety please choose your password now.';
    stubApi({
      'PATCH /api/auth/registration-otp-verify': () => json(200, { success: true, message, data: { email: EMAIL, choosePassword: true, resetToken: 'choose-token-123456' } }),
    });
    const { boxes } = renderDialog();
    enterCode(boxes, '222222');
    await flush();
    expect(toastMessages()).toEqual([message]);
    expect(location).toBe('/reset-password?tk=choose-token-123456&choose=1');
    expect(getSession().isLoggedIn).toBe(false);
    expect(getCookie('JWTToken')).toBeNull();
  });
});
