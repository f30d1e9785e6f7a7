import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { STORAGE_KEYS_KEPT_ON_LOGIN } from '@app/contract';
import { clearToasts } from '../../../components/ui/toast-store.ts';
import { getCookie, setCookie } from '../../../lib/cookies.ts';
import { resetSession } from '../../session/session-store.ts';
import { AuthPanel, type AuthTab } from './AuthPanel.tsx';
import { clearAllCookies, cleanup, click, render } from '../../../test/render.tsx';
import { blur, flush, getButton, getByLabel, json, stubApi, submit, typeInto } from '../../../test/dom.ts';

const EMAIL = 'grace@example.com';

function renderPanel(initialTab: AuthTab = 'register') {
  let tab = initialTab;
  const view = render(<Panel />);
  function Panel() {
    return (
      <MemoryRouter>
        <AuthPanel tab={tab} onTabChange={(next) => (tab = next)} onSignedIn={() => {}} />
      </MemoryRouter>
    );
  }
  return view;
}

function fillRegister(form: HTMLFormElement, password = 'Green-planet-42') {
  typeInto(getByLabel(form, 'First name'), 'Grace');
  typeInto(getByLabel(form, 'Last name'), 'Hopper');
  typeInto(getByLabel(form, 'Email'), EMAIL);
  typeInto(getByLabel(form, 'Password'), password);
  typeInto(getByLabel(form, 'Confirm password'), password);
}

const dialogs = () => [...document.querySelectorAll<HTMLElement>('[role="dialog"]')];
const titleOf = (dialog: HTMLElement) => document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent;

// The popups load on demand (AuthPanel); loading their modules once here keeps each test's
// waiting to a few microtasks, as in the browser after the first sign-up.
beforeAll(async () => {
  await Promise.all([import('./RegistrationSuccessDialog.tsx'), import('./VerificationDialog.tsx')]);
});

beforeEach(() => {
  clearAllCookies();
  localStorage.clear();
  resetSession();
});

afterEach(() => {
  cleanup();
  act(() => clearToasts());
  vi.unstubAllGlobals();
});

describe('register (spec §2.3, §4)', () => {
  it('renders accessible tabs: Log in and Create account', () => {
    const { container } = renderPanel('login');
    const tabs = [...container.querySelectorAll('[role="tab"]')];
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Log in', 'Create account']);
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false']);
    const panel = container.querySelector('[role="tabpanel"]')!;
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs[0]!.id);
    expect(tabs[0]!.getAttribute('aria-controls')).toBe(panel.id);
  });

  it('clears the session and storage, keeping the codes, before the call; sends the stored referral id', async () => {
    for (const key of STORAGE_KEYS_KEPT_ON_LOGIN) localStorage.setItem(key, `kept-${key}`);
    localStorage.setItem('RID', 'ref-slug');
    localStorage.setItem('userEventId', 'e-1');
    localStorage.setItem('BusinessOrderSelection', 'yes');
    setCookie('JWTToken', 'stale');
    setCookie('checkout', 'c1');
    let atCallTime: Record<string, string | null> = {};
    let cookieAtCallTime: string | null = 'unset';
    const api = stubApi({
      'POST /api/auth/register': () => {
        atCallTime = Object.fromEntries(Object.keys({ ...localStorage }).map((key) => [key, localStorage.getItem(key)]));
        cookieAtCallTime = getCookie('JWTToken');
        return json(201, { success: true, message: 'Registration is successful', data: { email: EMAIL } });
      },
    });
    const { container } = renderPanel();
    const form = container.querySelector('form')!;
    fillRegister(form);
    submit(form);
    await flush();

    expect(api.calls).toHaveLength(1);
    // The stored join code rides in the verification email's link, so the email joins from any browser (issue 26 item 7).
    expect(api.calls[0]!.body).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: EMAIL,
      password: 'Green-planet-42',
      confirmPassword: 'Green-planet-42',
      referralId: 'ref-slug',
      origin: '/other/my-employer-account?JoinBusinessCode=kept-JoinBusinessCode',
    });
    expect(cookieAtCallTime).toBeNull();
    for (const key of STORAGE_KEYS_KEPT_ON_LOGIN) expect(atCallTime).toHaveProperty(key);
    expect(atCallTime).not.toHaveProperty('userEventId');
    expect(atCallTime).not.toHaveProperty('BusinessOrderSelection');
    expect(getCookie('checkout')).toBeNull();
  });

  it('opens the success popup with the exact texts; OK opens the code entry for that email', async () => {
    stubApi({ 'POST /api/auth/register': () => json(201, { success: true, message: 'Registration is successful', data: { email: EMAIL } }) });
    const { container } = renderPanel();
    const form = container.querySelector('form')!;
    fillRegister(form);
    submit(form);
    await flush();

    const [success] = dialogs();
    expect(titleOf(success!)).toBe('Registration is successful');
    const description = document.getElementById(success!.getAttribute('aria-describedby')!)!;
    expect(description.textContent).toBe(
      `We have sent an email to ${EMAIL}. Please click the 'Verify email' button in that email to verify and activate your account.`,
    );
    click(getButton(success!, 'OK'));
    await flush();

    const open = dialogs();
    expect(open).toHaveLength(1);
    expect(titleOf(open[0]!)).toBe('Verify your email');
    expect(open[0]!.textContent).toContain(EMAIL);
    expect(open[0]!.querySelectorAll('input[aria-label^="Digit"]')).toHaveLength(6);
  });

  it('keeps the sign-up proof for that email, and the popup sends it with the code, then forgets it (decision 0005)', async () => {
    const PROOF = 'p'.repeat(43);
    const api = stubApi({
      'POST /api/auth/register': () => json(201, { success: true, message: 'Registration is successful', data: { email: EMAIL, signUpProof: PROOF } }),
      'PATCH /api/auth/registration-otp-verify': () =>
        json(200, { success: true, message: 'Email Verification Successfull!', token: 'header.payload.sig', user: { _id: 'u-1', email: EMAIL, firstName: 'Grace', lastName: 'Hopper', createdAt: '2025-01-02T03:04:05.000Z' }, temporaryCheckoutCurrency: 'USD' }),
    });
    const { container } = renderPanel();
    const form = container.querySelector('form')!;
    fillRegister(form);
    submit(form);
    await flush();
    expect(JSON.parse(localStorage.getItem('signUpProof')!)).toEqual({ email: EMAIL, proof: PROOF });

    click(getButton(dialogs()[0]!, 'OK'));
    await flush();
    const boxes = [...dialogs()[0]!.querySelectorAll<HTMLInputElement>('input[aria-label^="Digit"]')];
    '123456'.split('').forEach((digit, index) => typeInto(boxes[index]!, digit));
    await flush();
    expect(api.calls.find((call) => call.path === '/api/auth/registration-otp-verify')!.body).toEqual({ email: EMAIL, otp: '123456', signUpProof: PROOF });
    expect(localStorage.getItem('signUpProof')).toBeNull();
  });

  it('shows the password policy live and sends nothing while it is not met', async () => {
    const api = stubApi({});
    const { container } = renderPanel();
    const form = container.querySelector('form')!;
    const password = getByLabel(form, 'Password');
    expect(form.textContent).toContain('Use at least 8 characters, with at least one letter and one number.');
    typeInto(password, 'abc');
    expect(form.textContent).toContain('Use at least 8 characters');
    expect(form.textContent).toContain('Include at least one number');
    typeInto(password, 'abcdefg1');
    expect(form.textContent).not.toContain('Include at least one number');
    expect(form.textContent).toContain('Password meets the requirements');
    blur(password);
    fillRegister(form, 'password');
    submit(form);
    await flush();
    expect(api.calls).toHaveLength(0);
    expect(form.textContent).toContain('This password is too common; choose another');
  });

  it('applies the shared text policy to names before sending (issue 6.5)', async () => {
    const api = stubApi({});
    const { container } = renderPanel();
    const form = container.querySelector('form')!;
    fillRegister(form);
    const firstName = getByLabel(form, 'First name');
    typeInto(firstName, '\u202e\u200b\ufeff');
    submit(form);
    await flush();
    expect(api.calls).toHaveLength(0);
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    expect(form.textContent).toContain('Your first name cannot contain text-direction control characters');
    typeInto(getByLabel(form, 'Last name'), '\ud800');
    submit(form);
    await flush();
    expect(api.calls).toHaveLength(0);
    expect(form.textContent).toContain('Your last name contains a broken character (a lone surrogate); please type it again');
  });

  it('puts the server field messages onto the fields', async () => {
    stubApi({
      'POST /api/auth/register': () => json(400, { success: false, code: 'VALIDATION_FAILED', message: 'Please check email', fields: { email: ['Enter a valid email address'] } }),
    });
    const { container } = renderPanel();
    const form = container.querySelector('form')!;
    fillRegister(form);
    submit(form);
    await flush();
    const email = getByLabel(form, 'Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe('Enter a valid email address');
    expect(dialogs()).toHaveLength(0);
  });
});
