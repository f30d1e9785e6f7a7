import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { setCookie } from '../../lib/cookies.ts';
import { getSession, setSession } from '../../features/session/session-store.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { clearAllCookies, cleanup, click, render } from '../../test/render.tsx';
import { accessibleName, flush, getButton, json, pressKey, stubApi } from '../../test/dom.ts';

let path = '';
function Where() {
  path = useLocation().pathname;
  return null;
}

beforeEach(() => {
  clearAllCookies();
  localStorage.clear();
  setCookie('JWTToken', 't');
  localStorage.setItem('email', 'ada@example.com');
  localStorage.setItem('JoinSupplierCode', 'S-1');
  setSession({ isLoggedIn: true, email: 'ada@example.com' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderMenu() {
  return render(
    <MemoryRouter initialEntries={['/account']}>
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
      <AccountMenu firstName="Ada" />
    </MemoryRouter>,
  );
}

describe('header account menu', () => {
  it("has an accessible name that starts with its visible text (WCAG 2.5.3 label in name)", () => {
    const { container } = renderMenu();
    const button = container.querySelector<HTMLButtonElement>('button[aria-haspopup="menu"]')!;
    const visible = button.querySelector('.account-menu__name')!.textContent!;
    expect(visible).toBe('Ada');
    // Before: "Account menu for Ada", which does not start with the visible text.
    expect(accessibleName(button)).toBe('Ada, account menu');
    expect(accessibleName(button).startsWith(visible)).toBe(true);
  });

  it('names the person and opens a menu with Account, Orders, Business account, Employer and Log out', () => {
    const { container } = renderMenu();
    const button = getButton(container, 'Ada, account menu');
    expect(button.textContent).toContain('Ada');
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const items = [...container.querySelectorAll('[role="menuitem"]')];
    expect(items.map((item) => item.textContent)).toEqual(['Account', 'Orders', 'Business account', 'Employer', 'Log out']);
    expect(document.activeElement).toBe(items[0]);
    pressKey(items[0]!, 'ArrowDown');
    expect(document.activeElement).toBe(items[1]);
    pressKey(items[1]!, 'Escape');
    expect(container.querySelector('[role="menu"]')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('Log out ends the session on the server, clears it here (codes kept) and goes home', async () => {
    const api = stubApi({ 'POST /api/auth/logout': () => json(200, { success: true, message: 'You have been logged out' }) });
    const { container } = renderMenu();
    click(getButton(container, 'Ada, account menu'));
    click([...container.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((item) => item.textContent === 'Log out')!);
    await flush();
    expect(api.calls).toEqual([{ method: 'POST', path: '/api/auth/logout', body: undefined }]);
    expect(api.fetch.mock.calls[0]![1]!.headers).toMatchObject({ Authorization: 'Bearer t' });
    expect(getSession().isLoggedIn).toBe(false);
    expect(document.cookie).not.toContain('JWTToken=t');
    expect(localStorage.getItem('email')).toBeNull();
    expect(localStorage.getItem('JoinSupplierCode')).toBe('S-1');
    expect(path).toBe('/');
  });

  it('still signs out here when the server cannot be reached', async () => {
    stubApi({ 'POST /api/auth/logout': () => Promise.reject(new TypeError('offline')) });
    const { container } = renderMenu();
    click(getButton(container, 'Ada, account menu'));
    click([...container.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((item) => item.textContent === 'Log out')!);
    await flush();
    expect(getSession().isLoggedIn).toBe(false);
    expect(path).toBe('/');
  });
});
