import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Cart } from '@app/contract/cart';
import type { Order } from '@app/contract/orders';
import { setCookie } from '../../lib/cookies.ts';
import { getCartCount, setCartCount } from '../../features/cart/cart-count-store.ts';
import { resetSession, setSession } from '../../features/session/session-store.ts';
import { createOrder, ORDER_FAILED } from '../../features/orders/api/orders-api.ts';
import { cleanup, clearAllCookies, click, render } from '../../test/render.tsx';
import { flush, getButton, getByLabel, json, pressKey, stubApi, submit, typeInto, type ApiCall } from '../../test/dom.ts';
import { until } from '../../test/until.ts';
import '../../features/session/api/me-schema.ts';
import { CheckoutPage } from './CheckoutPage.tsx';

const USER_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const REFERRER = '0190a1b2-c3d4-7e5f-8a9b-aaaaaaaaaaaa';
const ORDER_ID = '0190a1b2-c3d4-7e5f-8a9b-bbbbbbbbbbbb';
const USER = { _id: USER_ID, email: 'ada@example.com', firstName: 'Ada', lastName: 'Green', createdAt: '2025-01-02T03:04:05.000Z' };
const ADDRESS = { firstName: 'Ada', lastName: 'Green', line1: '1 Leaf Lane', city: 'Bristol', postalCode: 'BS1 4DJ', country: 'GB', state: 'Avon' };
const me = (billingAddress: typeof ADDRESS | null) => ({
  success: true,
  data: { ...USER, phone: null, recoveryEmail: null, emailVerified: true },
  billingAddress,
  slug: 'ada-green-1',
  addressCountry: null,
  selectedCountry: null,
  checkoutDefaultCurrency: 'EUR',
  temporaryCheckoutCurrency: 'EUR',
  currencyLevel: 0,
  email: USER.email,
});
const COUNTRIES = [
  { entity: 'Germany', countryCode: 'DE', currencyCode: 'EUR', carbonCountryPerCapita: 7.9, year: 2022 },
  { entity: 'United Kingdom', countryCode: 'GB', currencyCode: 'GBP', carbonCountryPerCapita: 4.7, year: 2022 },
];
const line = (id: string, name: string, quantity: number, price: number) => ({
  cartItemId: `ci-${id}`,
  product: { _id: `p-${id}`, id: `p-${id}`, name, slug: name.toLowerCase().replace(/ /g, '-'), image: [], kind: 'offset', unit: 'tonne' },
  color: null,
  size: null,
  quantity,
  inStock: 50,
  price,
  priceMinor: price * 100,
  lineTotal: price * quantity,
  lineTotalMinor: price * quantity * 100,
});
const CART: Cart = {
  _id: 'cart-1',
  businessCode: null,
  products: [line('a', 'Kenya cookstoves', 2, 12), line('b', 'Solar lantern', 1, 30)],
  itemCount: 2,
  currency: 'EUR',
  currencySymbol: '€',
  temporaryCheckoutCurrency: 'EUR',
  type: 'regular',
  subTotal: 54,
  subTotalMinor: 5400,
  discount: 5.4,
  discountMinor: 540,
  discountUnit: 'percent',
  couponValue: 10,
  orderTotal: 48.6,
  orderTotalMinor: 4860,
  orderTotalWithinStripeRange: true,
  coupon: 'WELCOME10',
  couponType: 'regular',
  couponError: null,
  couponData: null,
  stripePaymentCouponId: null,
  stripeSubscriptionCouponId: null,
  conferanceCode: null,
  eventOwnerOrder: false,
  businessEventUserId: null,
};
const ORDER = { id: ORDER_ID, _id: ORDER_ID, orderNumber: 'GM-20261123-4F7K2Q', status: 'paid', isBusinessOrder: false, payment: { provider: 'test', checkoutUrl: null } } as unknown as Order;

function CompletePage() {
  return <p>Order complete {useParams().id}</p>;
}

function renderCheckout() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/other/checkout']}>
        <Routes>
          <Route path="/other/checkout" element={<CheckoutPage />} />
          <Route path="/other/checkout/complete/:id" element={<CompletePage />} />
          <Route path="/login" element={<p>Login page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const form = () => view.container.querySelector<HTMLFormElement>('form.checkout-form')!;
  const placeOrder = () => getButton(view.container, 'Place order · 48.60 EUR');
  /** Waits until the cart, the account and the countries have loaded and the form shows. */
  const ready = async () => {
    // A time limit, not a count of ticks: on a loaded machine the fetches take more ticks to settle.
    const deadline = Date.now() + 5000;
    const countryLoaded = () => view.container.querySelector<HTMLInputElement>('form.checkout-form input[role="combobox"]')?.placeholder === 'Start typing a country';
    while (!countryLoaded() && Date.now() < deadline) await flush(2);
    if (!form()) throw new Error('the checkout form did not appear');
  };
  return { ...view, form, placeOrder, ready };
}

function stubCheckout(options: { billing?: typeof ADDRESS | null; order?: (call: ApiCall) => Response | Promise<Response>; cart?: Cart } = {}) {
  return stubApi({
    'GET /api/v1/carts': () => json(200, { success: true, data: options.cart ?? CART }),
    'GET /api/v1/me': () => json(200, me(options.billing === undefined ? ADDRESS : options.billing)),
    'GET /api/v1/countries': () => json(200, { success: true, data: COUNTRIES }),
    'POST /api/v1/orders': options.order ?? (() => json(200, { success: true, data: ORDER })),
  });
}

const orderCalls = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST' && call.path === '/api/v1/orders');

/** The Idempotency-Key of every order request, in order (read from what fetch was given). */
function idempotencyKeys(api: ReturnType<typeof stubApi>): (string | undefined)[] {
  return api.fetch.mock.calls
    .filter(([url, init]) => String(url).endsWith('/api/v1/orders') && init?.method === 'POST')
    .map(([, init]) => (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key']);
}

beforeEach(() => {
  clearAllCookies();
  localStorage.clear();
  resetSession();
  setCookie('JWTToken', 'a.b.c');
  localStorage.setItem('email', USER.email);
  setSession({ isLoggedIn: true, user: USER, email: USER.email });
  setCartCount(2);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('checkout page', () => {
  it('sends a visitor to log in, and back to checkout afterwards', async () => {
    resetSession();
    const { container } = renderCheckout();
    await flush();
    expect(container.textContent).toBe('Login page');
  });

  it("shows the server cart's lines and totals, prefills the address, and places the order: confirmation, badge 0, referral used up", async () => {
    localStorage.setItem('RID', REFERRER);
    localStorage.setItem('TotalOrders', '1');
    localStorage.setItem('conferenceCode', 'CLIMATE-26');
    const api = stubCheckout();
    const { container, form, placeOrder, ready } = renderCheckout();
    await ready();
    expect([...container.querySelectorAll('[data-testid="checkout-line"]')].map((el) => el.querySelector('.cart-review__name')?.textContent)).toEqual(['Kenya cookstoves', 'Solar lantern']);
    expect(container.querySelector('[data-testid="checkout-subtotal"]')?.textContent).toBe('54.00 EUR');
    expect(container.querySelector('[data-testid="checkout-discount"]')?.textContent).toBe('−5.40 EUR');
    expect(container.textContent).toContain('Discount (WELCOME10, 10%)');
    expect(getByLabel(form(), 'Street address').value).toBe('1 Leaf Lane');
    expect(getByLabel(form(), 'Email for the receipt').value).toBe(USER.email);
    expect(getByLabel(form(), 'Country').value).toBe('United Kingdom');
    // Not a business member: no personal-or-business choice.
    expect(container.textContent).not.toContain('Who is this order for?');

    click(placeOrder());
    await flush();
    const [call] = orderCalls(api.calls);
    expect(call?.body).toEqual({
      referalUserId: REFERRER,
      isBusinessOrder: false,
      buyerEmail: USER.email,
      businessCode: null,
      businessOwnerUserId: null,
      firstName: 'Ada',
      lastName: 'Green',
      address: { firstName: 'Ada', lastName: 'Green', line1: '1 Leaf Lane', line2: null, city: 'Bristol', postalCode: 'BS1 4DJ', region: 'Avon', country: 'GB', phone: null },
      // A stored conference code (a viewed event, in older browsers) ties nothing: only the cart's tie does.
      conferanceCode: null,
      eventOwnerOrder: null,
      businessEventUserId: null,
    });
    expect(idempotencyKeys(api)[0]).toMatch(/^[\x21-\x7e]{8,128}$/);
    expect(container.textContent).toBe(`Order complete ${ORDER_ID}`);
    expect(getCartCount()).toBe(0);
    expect(localStorage.getItem('RID')).toBeNull();
    expect(localStorage.getItem('TotalOrders')).toBe('2');
    expect(localStorage.getItem('isLastOrderBusiness')).toBe('false');
  });

  it("sends the referral id blank when it is the buyer's own", async () => {
    localStorage.setItem('ReferralID', USER_ID);
    const api = stubCheckout();
    const { placeOrder, ready } = renderCheckout();
    await ready();
    click(placeOrder());
    await flush();
    expect((orderCalls(api.calls)[0]?.body as { referalUserId: string }).referalUserId).toBe('');
  });

  it("keeps one Idempotency-Key across a retry of the same order and a double click; a changed order is a new attempt", async () => {
    let answer: () => Response | Promise<Response> = () => Promise.reject(new TypeError('Failed to fetch'));
    const api = stubCheckout({ order: () => answer() });
    const { container, form, placeOrder, ready } = renderCheckout();
    await ready();

    // A double click while the first request is out sends one request.
    let release: (response: Response) => void = () => {};
    answer = () => new Promise<Response>((resolve) => (release = resolve));
    const button = placeOrder();
    click(button);
    click(button);
    submit(form());
    await flush();
    expect(orderCalls(api.calls)).toHaveLength(1);
    expect(placeOrder).toThrow(); // the button now reads "Placing your order…"
    expect(getButton(container, 'Placing your order…').disabled).toBe(true);
    release(json(503, { success: false, code: 'SERVICE_UNAVAILABLE', message: 'Down' }));
    await flush();
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('Your order was not placed.');

    // No answer at all, then a retry: the same key both times.
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    click(placeOrder());
    await flush();
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('Trying again is safe');
    answer = () => json(200, { success: true, data: ORDER });
    click(placeOrder());
    await flush();
    const keys = idempotencyKeys(api);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[\x21-\x7e]{8,128}$/);
    expect(new Set(keys).size).toBe(1);
    expect(container.textContent).toBe(`Order complete ${ORDER_ID}`);
  });

  it('uses a new key once the order changes, and after a refusal that made no order', async () => {
    let status = 409;
    const api = stubCheckout({ order: () => json(status, { success: false, code: 'CART_OUT_OF_STOCK', message: 'Only 1 Solar lantern left in stock' }) });
    const { form, placeOrder, ready } = renderCheckout();
    await ready();
    click(placeOrder());
    await flush();
    click(placeOrder());
    await flush();
    status = 500;
    click(placeOrder());
    await flush();
    typeInto(getByLabel(form(), 'City'), 'Bath');
    click(placeOrder());
    await flush();
    const keys = idempotencyKeys(api);
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(4);
  });

  it("treats any answer but 200 as 'order failed' and shows what went wrong, keeping the form", async () => {
    const api = stubCheckout({ order: () => json(409, { success: false, code: 'CART_OUT_OF_STOCK', message: 'Only 1 Solar lantern left in stock' }) });
    const { container, form, placeOrder, ready } = renderCheckout();
    await ready();
    click(placeOrder());
    await flush();
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Your order was not placed. Only 1 Solar lantern left in stock');
    expect(getByLabel(form(), 'City').value).toBe('Bristol');
    expect(getCartCount()).toBe(2);
    expect(placeOrder().disabled).toBe(false);
    // The call itself throws the spec's message.
    await expect(createOrder({ firstName: 'A', lastName: 'B', address: { ...ADDRESS, region: null } }, 'key-12345678')).rejects.toThrow(ORDER_FAILED);
    // A 201 is not the 200 the spec asks for either.
    api.fetch.mockImplementationOnce(async () => json(201, { success: true, data: ORDER }));
    await expect(createOrder({ firstName: 'A', lastName: 'B', address: { ...ADDRESS, region: null } }, 'key-12345678')).rejects.toThrow(ORDER_FAILED);
    // A server error is explained without its internals.
    api.fetch.mockImplementationOnce(async () => json(500, { success: false, code: 'INTERNAL_ERROR', message: 'relation "orders" does not exist' }));
    click(placeOrder());
    await flush();
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('nothing was charged');
    expect(container.querySelector('[role="alert"]')?.textContent).not.toContain('relation');
  });

  it('offers the personal-or-business choice only to business members, stores it, and sends a business order', async () => {
    localStorage.setItem('JoinedBusinessDetails', JSON.stringify({ businessId: { _id: 'b-1', businessCode: 'ACME01', name: 'Acme Ltd' } }));
    const api = stubCheckout();
    const { container, placeOrder, ready } = renderCheckout();
    await ready();
    expect(container.textContent).toContain('Who is this order for?');
    const business = [...container.querySelectorAll<HTMLInputElement>('input[type="radio"]')][1]!;
    click(business);
    expect(localStorage.getItem('BusinessOrderSelection')).toBe('yes');
    click(placeOrder());
    await flush();
    expect(orderCalls(api.calls)[0]?.body).toMatchObject({ isBusinessOrder: true, businessCode: 'ACME01' });
  });

  it('preselects a business order when the cart was filled for the business (cart transfer), for the owner too', async () => {
    localStorage.setItem('MyBusinessDetails', JSON.stringify({ _id: 'b-2', businessCode: 'OWNED2', name: 'Own Co' }));
    const api = stubCheckout({ cart: { ...CART, businessCode: 'owned2' } });
    const { container, placeOrder, ready } = renderCheckout();
    await ready();
    const [personal, business] = [...container.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(business!.checked).toBe(true);
    expect(personal!.checked).toBe(false);
    click(placeOrder());
    await flush();
    expect(orderCalls(api.calls)[0]?.body).toMatchObject({ isBusinessOrder: true, businessCode: 'OWNED2' });
  });

  it('shows the cart\'s event tie, preselected; the explicit personal choice wins, and the tie can be removed', async () => {
    let tied: string | null = 'CLIMATESUM-WHA4GS';
    const api = stubApi({
      'GET /api/v1/carts': () => json(200, { success: true, data: { ...CART, conferanceCode: tied } }),
      'PATCH /api/v1/carts': (call) => {
        tied = (call.body as { conferanceCode: string | null }).conferanceCode;
        return json(200, { success: true, data: { ...CART, conferanceCode: tied } });
      },
      'GET /api/v1/me': () => json(200, me(ADDRESS)),
      'GET /api/v1/countries': () => json(200, { success: true, data: COUNTRIES }),
      'GET /api/v1/business-events/event/CLIMATESUM-WHA4GS': () => json(200, { success: true, data: { _id: 'e-1', conferanceCode: 'CLIMATESUM-WHA4GS', name: 'Climate Summit 2026' } }),
      'POST /api/v1/orders': () => json(200, { success: true, data: ORDER }),
    });
    const { container, placeOrder, ready } = renderCheckout();
    await ready();
    await until(() => expect(container.querySelector('[data-testid="event-tie"]')?.textContent).toContain('Climate Summit 2026'));
    const [personal, forEvent] = [...container.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(forEvent!.checked).toBe(true);
    expect(container.textContent).toContain('Bought for Climate Summit 2026; certificates name the event.');

    click(personal!);
    click(placeOrder());
    await flush();
    expect(orderCalls(api.calls)[0]?.body).toMatchObject({ isBusinessOrder: false, conferanceCode: null, eventOwnerOrder: null, businessEventUserId: null });
  });

  it('sends the event when the buyer keeps the tie, and removes it on request', async () => {
    let tied: string | null = 'CLIMATESUM-WHA4GS';
    const api = stubApi({
      'GET /api/v1/carts': () => json(200, { success: true, data: { ...CART, conferanceCode: tied } }),
      'PATCH /api/v1/carts': (call) => {
        tied = (call.body as { conferanceCode: string | null }).conferanceCode;
        return json(200, { success: true, data: { ...CART, conferanceCode: tied } });
      },
      'GET /api/v1/me': () => json(200, me(ADDRESS)),
      'GET /api/v1/countries': () => json(200, { success: true, data: COUNTRIES }),
      'GET /api/v1/business-events/event/CLIMATESUM-WHA4GS': () => json(200, { success: true, data: { _id: 'e-1', conferanceCode: 'CLIMATESUM-WHA4GS', name: 'Climate Summit 2026' } }),
      'POST /api/v1/orders': () => json(200, { success: true, data: ORDER }),
    });
    const first = renderCheckout();
    await first.ready();
    click(getButton(first.container, 'Remove the event'));
    await flush(6);
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ products: [], conferanceCode: null });
    expect(first.container.querySelector('[data-testid="event-tie"]')).toBeNull();
    expect(first.container.textContent).not.toContain('Who is this order for?');
    cleanup();

    tied = 'CLIMATESUM-WHA4GS';
    const second = renderCheckout();
    await second.ready();
    click(second.placeOrder());
    await flush();
    expect(orderCalls(api.calls).at(-1)?.body).toMatchObject({ conferanceCode: 'CLIMATESUM-WHA4GS' });
  });

  it("shows the contract's messages for a missing address and sends nothing", async () => {
    const api = stubCheckout({ billing: null });
    const { container, form, ready } = renderCheckout();
    await ready();
    typeInto(getByLabel(form(), 'Email for the receipt'), 'not-an-email');
    submit(form());
    await flush();
    const messages = [...container.querySelectorAll('.field__error')].map((el) => el.textContent);
    expect(messages).toEqual(['Address is required', 'City is required', 'Postal code is required', 'Please choose a country', 'Please enter a valid email']);
    expect(document.activeElement).toBe(getByLabel(form(), 'Street address'));
    expect(orderCalls(api.calls)).toHaveLength(0);

    typeInto(getByLabel(form(), 'Phone (optional)'), 'call me');
    typeInto(getByLabel(form(), 'Street address'), '1 Leaf Lane');
    typeInto(getByLabel(form(), 'Country'), 'Germ');
    pressKey(getByLabel(form(), 'Country'), 'Enter');
    await flush();
    const after = [...container.querySelectorAll('.field__error')].map((el) => el.textContent);
    expect(after).toContain('A phone number uses digits, spaces and + ( ) . -');
    expect(after).not.toContain('Address is required');
    expect(after).not.toContain('Please choose a country');
  });
});
