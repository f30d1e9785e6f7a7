import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MeResponse } from '@app/contract';
import { setCookie } from '../../lib/cookies.ts';
import { cleanup, clearAllCookies, render } from '../../test/render.tsx';
import { flush, json, stubApi } from '../../test/dom.ts';
import { CurrencySection } from '../account/components/CurrencySection.tsx';
import { CurrencySelect } from './CurrencySelect.tsx';
import { getDisplayCurrency, setDisplayCurrency } from './currency-store.ts';

function pick(select: HTMLSelectElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const ME = { temporaryCheckoutCurrency: 'USD', currencyLevel: 0 } as MeResponse;

beforeEach(() => {
  clearAllCookies();
  localStorage.clear();
  setDisplayCurrency('USD');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('one currency everywhere (issue 26 item 5)', () => {
  it("a signed-in shopper's header choice becomes their account's currency, and the account page says what the shop uses", async () => {
    setCookie('JWTToken', 'a.b.c');
    const api = stubApi({ 'POST /api/auth/set-currency': () => json(200, { success: true, data: { currency: 'EUR', level: 3, changed: true } }) });
    const client = new QueryClient();
    const { container } = render(
      <QueryClientProvider client={client}>
        <CurrencySelect />
        <CurrencySection me={ME} />
      </QueryClientProvider>,
    );
    expect(container.querySelector('[data-testid="account-currency"]')?.textContent).toBe('USD');
    pick(container.querySelector('select')!, 'EUR');
    await flush();
    expect(getDisplayCurrency()).toBe('EUR');
    expect(api.calls).toEqual([{ method: 'POST', path: '/api/auth/set-currency', body: { currency: 'EUR', level: 3 } }]);
    // Never "Checkout uses USD" beside a EUR header.
    expect(container.querySelector('[data-testid="account-currency"]')?.textContent).toBe('EUR');
  });

  it("a visitor's choice stays in the browser", async () => {
    const api = stubApi({});
    const { container } = render(<CurrencySelect />);
    pick(container.querySelector('select')!, 'GBP');
    await flush();
    expect(getDisplayCurrency()).toBe('GBP');
    expect(api.calls).toEqual([]);
  });
});
