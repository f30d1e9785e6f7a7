import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { VerifyAccountPage } from './VerifyAccountPage.tsx';
import { cleanup, render } from '../../test/render.tsx';
import { flush, json, stubApi } from '../../test/dom.ts';
import { getCookie, removeCookie } from '../../lib/cookies.ts';

const USER = { _id: 'u', email: 'ada@example.com', firstName: 'Ada', lastName: 'G', createdAt: '2026-01-01T00:00:00.000Z' };

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

function renderPage(token: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/verify-account?tk=${token}`]}>
        <VerifyAccountPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Waits until the page has left its "Verifying your email…" state (the answer is read asynchronously). */
async function settled(container: HTMLElement) {
  await vi.waitFor(async () => {
    await flush();
    expect(container.querySelector('h1')?.textContent).not.toBe('Verifying your email…');
  });
}

describe('/verify-account', () => {
  it('after competing sign-ups, offers choosing the password instead of logging in', async () => {
    const message = 'Your email is verified. More than one sign-up used this email, so for your safety please choose your password now.';
    stubApi({
      'GET /api/auth/verify-account': () => json(200, { success: true, message, data: { email: 'ada@example.com', choosePassword: true, resetToken: 'choose-token-123456' } }),
    });
    const { container } = renderPage('link-token-1234567890');
    await settled(container);
    expect(container.querySelector('h1')?.textContent).toBe('Email verified: choose your password');
    expect(container.textContent).toContain(message);
    const link = [...container.querySelectorAll('a')].find((a) => a.textContent === 'Choose your password');
    expect(link?.getAttribute('href')).toBe('/reset-password?tk=choose-token-123456&choose=1');
    expect(container.textContent).not.toContain('Log in to continue');
  });

  it('in the browser that signed up, sends its sign-up proof, signs in and forgets the proof (decision 0005)', async () => {
    const PROOF = 'q'.repeat(43);
    localStorage.setItem('signUpProof', JSON.stringify({ email: 'ada@example.com', proof: PROOF }));
    const api = stubApi({
      'GET /api/auth/verify-account': () =>
        json(200, { success: true, message: 'Email Verification Successfull!', token: 'header.payload.sig', user: USER, temporaryCheckoutCurrency: 'USD' }),
      'GET /api/v1/me': () => json(404, { success: false, code: 'NOT_FOUND', message: 'not here' }),
    });
    const { container } = renderPage('link-token-0987654321');
    await settled(container);
    expect(api.calls[0]!.path).toBe(`/api/auth/verify-account?tk=link-token-0987654321&signUpProof=${PROOF}`);
    expect(container.querySelector('h1')?.textContent).toBe('Email Verification Successfull!');
    expect(container.textContent).toContain('Signing you in');
    await vi.waitFor(() => expect(getCookie('JWTToken')).toBe('header.payload.sig'));
    expect(localStorage.getItem('signUpProof')).toBeNull();
  });

  it('in another browser (no proof kept) sends no proof, and the answer is to choose the password', async () => {
    const message = 'Your email is verified. The account was not created in this browser, so for your safety please choose your password now.';
    const api = stubApi({
      'GET /api/auth/verify-account': () => json(200, { success: true, message, data: { email: 'ada@example.com', choosePassword: true, resetToken: 'choose-token-abcdef' } }),
    });
    const { container } = renderPage('link-token-1122334455');
    await settled(container);
    expect(api.calls[0]!.path).toBe('/api/auth/verify-account?tk=link-token-1122334455');
    expect(container.querySelector('h1')?.textContent).toBe('Email verified: choose your password');
    expect(container.textContent).toContain('The account was not created in this browser');
  });

  it('status 200 with data.code USER_ALREADY_VERIFIED (spec §4) says the account is active already, without signing in', async () => {
    removeCookie('JWTToken');
    stubApi({
      'GET /api/auth/verify-account': () => json(200, { success: true, message: 'Email Already Verified', data: { code: 'USER_ALREADY_VERIFIED' } }),
    });
    const { container } = renderPage('link-token-5566778899');
    await settled(container);
    expect(container.querySelector('h1')?.textContent).toBe('Email Already Verified');
    expect(container.textContent).toContain('This account is active already');
    expect(getCookie('JWTToken')).toBeNull();
  });
});
