import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { VerifyAccountPage } from './VerifyAccountPage.tsx';
import { cleanup, render } from '../../test/render.tsx';
import { flush, json, stubApi } from '../../test/dom.ts';

afterEach(() => {
  cleanup();
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

  it('a plain verification still says so and offers logging in', async () => {
    stubApi({
      'GET /api/auth/verify-account': () =>
        json(200, { success: true, message: 'Email Verification Successfull!', data: { email: 'ada@example.com', user: { _id: 'u', email: 'ada@example.com', firstName: 'Ada', lastName: 'G', createdAt: '2026-01-01T00:00:00.000Z' } } }),
    });
    const { container } = renderPage('link-token-0987654321');
    await settled(container);
    expect(container.querySelector('h1')?.textContent).toBe('Email Verification Successfull!');
    expect(container.textContent).toContain('Log in to continue');
  });
});
