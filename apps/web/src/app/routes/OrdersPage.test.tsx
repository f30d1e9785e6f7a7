import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Order } from '@app/contract/orders';
import { setCookie } from '../../lib/cookies.ts';
import { resetSession, setSession } from '../../features/session/session-store.ts';
import { cleanup, clearAllCookies, click, getAllByText, render } from '../../test/render.tsx';
import { flush, getButton, json, stubApi } from '../../test/dom.ts';
import { OrdersPage } from './OrdersPage.tsx';
import { OrderDetailsPage } from './OrderDetailsPage.tsx';

function order(n: number, overrides: Partial<Order> = {}): Order {
  const id = `0190a1b2-c3d4-7e5f-8a9b-00000000000${n}`;
  return {
    _id: id,
    id,
    orderNumber: `GM-20261123-00000${n}`,
    status: 'paid',
    kind: 'personal',
    isBusinessOrder: false,
    businessCode: null,
    conferanceCode: null,
    currency: 'EUR',
    currencySymbol: '€',
    products: [
      {
        _id: `l-${n}`,
        product: { _id: 'p-1', id: 'p-1', name: 'Kenya cookstoves', slug: 'kenya-cookstoves', image: [], kind: 'offset', unit: 'tonne' },
        color: null,
        size: null,
        quantity: 2,
        price: 12,
        priceMinor: 1200,
        lineTotal: 24,
        lineTotalMinor: 2400,
      },
    ],
    subTotal: 24,
    subTotalMinor: 2400,
    discount: 2.4,
    discountMinor: 240,
    discountUnit: 'percent',
    coupon: 'WELCOME10',
    orderTotal: 21.6,
    orderTotalMinor: 2160,
    tonnes: 2,
    firstName: 'Ada',
    lastName: 'Green',
    buyerEmail: 'ada@example.com',
    address: { firstName: 'Ada', lastName: 'Green', line1: '1 Leaf Lane', line2: null, city: 'Bristol', postalCode: 'BS1 4DJ', region: null, country: 'GB', phone: null },
    payment: { provider: 'test', checkoutUrl: null },
    reservedUntil: null,
    createdAt: '2026-11-23T06:00:00.000Z',
    paidAt: '2026-11-23T06:00:01.000Z',
    cancelledAt: null,
    cancelReason: null,
    refundedMinor: 0,
    certificates: [{ serial: 'GMC-2026-7Q4K-9XW2-M3TD', productName: 'Kenya cookstoves', tonnes: 2 }],
    ...overrides,
  };
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/account/orders" element={<OrdersPage />} />
          <Route path="/account/orders/:id" element={<OrderDetailsPage />} />
          <Route path="/login" element={<p>Login page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Lets the queries settle until `done` holds (module loads and fetches take a few turns). */
/** Waits for the page to reach a state by time, not by a count of turns: a loaded machine needs more turns. */
async function until(done: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await flush(2);
}

const page = (orders: Order[], meta: { page: number; size: number; total: number }) => json(200, { success: true, data: orders, meta });
const GRAPH = () => json(200, { success: true, data: [] });

beforeEach(() => {
  clearAllCookies();
  resetSession();
  setCookie('JWTToken', 'a.b.c');
  setSession({ isLoggedIn: true, email: 'ada@example.com' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('order history', () => {
  it('lists orders with status, total in the order currency and tonnes, and pages through them', async () => {
    const api = stubApi({
      'GET /api/v1/customer-orders': (call) =>
        call.path.includes('page=2') ? page([order(3, { status: 'pending', currency: 'JPY', orderTotal: 3000, payment: { provider: 'stripe', checkoutUrl: null } })], { page: 2, size: 2, total: 3 }) : page([order(1), order(2)], { page: 1, size: 2, total: 3 }),
      'GET /api/v1/orders/graph': GRAPH,
    });
    const { container } = renderAt('/account/orders');
    await until(() => container.querySelector('[data-testid="order-row"]') !== null && container.textContent!.includes('Graphs appear'));
    const rows = () => [...container.querySelectorAll('[data-testid="order-row"]')];
    expect(rows()).toHaveLength(2);
    expect(rows()[0]!.textContent).toContain('GM-20261123-000001');
    expect(rows()[0]!.querySelector('[data-testid="order-status"]')?.textContent).toBe('Paid');
    expect(rows()[0]!.querySelector('[data-testid="order-row-total"]')?.textContent).toBe('21.60 EUR');
    expect(rows()[0]!.textContent).toContain('2 tonnes CO₂e');
    expect(rows()[0]!.textContent).toContain('Test payment — no card is charged');
    expect(container.textContent).toContain('Page 1 of 2 · 3 orders');
    click(getButton(container, 'Older'));
    await until(() => container.textContent!.includes('3,000.00 JPY'));
    expect(api.calls.some((call) => call.path === '/api/v1/customer-orders?page=2')).toBe(true);
    expect(rows()).toHaveLength(1);
    expect(rows()[0]!.querySelector('[data-testid="order-status"]')?.textContent).toBe('Awaiting payment');
    expect(rows()[0]!.querySelector('[data-testid="order-row-total"]')?.textContent).toBe('3,000.00 JPY');
    expect(container.textContent).toContain('Graphs appear once an order is paid.');
  });

  it('shows an empty state with a way to the shop', async () => {
    stubApi({ 'GET /api/v1/customer-orders': () => page([], { page: 1, size: 10, total: 0 }), 'GET /api/v1/orders/graph': GRAPH });
    const { container } = renderAt('/account/orders');
    await until(() => container.querySelector('[data-testid="orders-empty"]') !== null);
    expect(container.querySelector('[data-testid="orders-empty"]')?.textContent).toContain('No orders yet');
    expect(getAllByText(container, 'Browse the shop', 'a')[0]?.getAttribute('href')).toBe('/products');
  });

  it('offers the first page when a page is past the end', async () => {
    const api = stubApi({
      'GET /api/v1/customer-orders': (call) => (call.path.includes('page=9') ? page([], { page: 9, size: 10, total: 1 }) : page([order(1)], { page: 1, size: 10, total: 1 })),
      'GET /api/v1/orders/graph': GRAPH,
    });
    const { container } = renderAt('/account/orders?page=9');
    await until(() => container.textContent!.includes('No orders on this page'));
    click(getButton(container, 'Go to the newest orders'));
    await until(() => container.querySelector('[data-testid="order-row"]') !== null);
    expect(api.calls.filter((call) => call.path.startsWith('/api/v1/customer-orders')).map((call) => call.path)).toEqual(['/api/v1/customer-orders?page=9', '/api/v1/customer-orders?page=1']);
  });

  it('shows an error with a retry when the orders cannot be read', async () => {
    let fail = true;
    stubApi({
      'GET /api/v1/customer-orders': () => (fail ? json(500, { success: false, code: 'INTERNAL_ERROR', message: 'Something broke' }) : page([order(1)], { page: 1, size: 10, total: 1 })),
      'GET /api/v1/orders/graph': GRAPH,
    });
    const { container } = renderAt('/account/orders');
    await until(() => container.querySelector('[role="alert"]') !== null);
    expect(container.textContent).toContain('Your orders could not be loaded');
    fail = false;
    click(getButton(container, 'Try again'));
    await until(() => container.querySelector('[data-testid="order-row"]') !== null);
    expect(container.querySelectorAll('[data-testid="order-row"]')).toHaveLength(1);
  });

  it('sends a visitor to log in', async () => {
    resetSession();
    const { container } = renderAt('/account/orders');
    await flush();
    expect(container.textContent).toBe('Login page');
  });
});

describe('order details', () => {
  it('shows the lines at their frozen prices, the address, the payment and the certificate serials with links', async () => {
    const one = order(1);
    stubApi({ [`GET /api/v1/orders/${one.id}`]: () => json(200, { success: true, data: one }) });
    const { container } = renderAt(`/account/orders/${one.id}`);
    await until(() => container.querySelector('h1') !== null);
    expect(container.querySelector('h1')?.textContent).toBe('Order GM-20261123-000001');
    // An offset's quantity is in tonnes and its price per tonne (issue 26 item 10).
    const line = container.querySelector('[data-testid="order-line"]')?.textContent;
    expect(line).toContain('2 t CO₂e × 12.00 EUR per tonne CO₂e');
    expect(line).toContain('Retires 2 t CO₂e');
    expect(container.querySelector('[data-testid="order-total"]')?.textContent).toBe('21.60 EUR');
    expect(container.textContent).toContain('Discount (WELCOME10)');
    expect(container.querySelector('[data-testid="order-address"]')?.textContent).toContain('1 Leaf Lane');
    expect(container.querySelector('[data-testid="payment-provider"]')?.textContent).toBe('Test payment — no card is charged');
    const link = container.querySelector<HTMLAnchorElement>('[data-testid="order-certificates"] a');
    expect(link?.getAttribute('href')).toBe('/certificates/GMC-2026-7Q4K-9XW2-M3TD');
  });

  it('a refunded line says what it no longer retires, not the tonnes it was bought for', async () => {
    const base = order(3);
    const line = base.products[0]!;
    const refunded = order(3, {
      status: 'partially_refunded',
      refundedMinor: 1080,
      tonnes: 3,
      products: [
        { ...line, _id: 'l-part', quantity: 3, lineTotal: 36, lineTotalMinor: 3600, refundedQuantity: 1 },
        { ...line, _id: 'l-all', product: { ...line.product, name: 'Amazon rainforest' }, quantity: 1, lineTotal: 12, lineTotalMinor: 1200, refundedQuantity: 1 },
      ],
    });
    stubApi({ [`GET /api/v1/orders/${refunded.id}`]: () => json(200, { success: true, data: refunded }) });
    const { container } = renderAt(`/account/orders/${refunded.id}`);
    await until(() => container.querySelector('[data-testid="order-line"]') !== null);
    const [part, all] = [...container.querySelectorAll('[data-testid="order-line"]')].map((el) => el.textContent ?? '');
    expect(part).toContain('Retires 2 t CO₂e · 1 t CO₂e refunded');
    expect(all).toContain('Refunded: 1 t CO₂e no longer retired');
    expect(all).not.toContain('Retires');
  });

  it('shows the history and, while it awaits payment, cancels the order after a confirmation', async () => {
    const placedAt = '2026-11-23T06:00:00.000Z';
    const pending = order(2, {
      status: 'pending',
      paidAt: null,
      certificates: [],
      payment: { provider: 'stripe', checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_1' },
      reservedUntil: '2026-11-23T06:40:00.000Z',
      timeline: [{ at: placedAt, actor: 'buyer', kind: 'placed', amount: 21.6, amountMinor: 2160, note: null }],
    });
    const cancelled: Order = {
      ...pending,
      status: 'cancelled',
      cancelReason: 'buyer',
      cancelledAt: '2026-11-23T06:05:00.000Z',
      payment: { provider: 'stripe', checkoutUrl: null },
      reservedUntil: null,
      timeline: [...pending.timeline!, { at: '2026-11-23T06:05:00.000Z', actor: 'buyer', kind: 'cancelled', amount: null, amountMinor: null, note: 'Cancelled before payment' }],
    };
    let current = pending;
    const api = stubApi({
      [`GET /api/v1/orders/${pending.id}`]: () => json(200, { success: true, data: current }),
      [`POST /api/v1/orders/${pending.id}/cancel`]: () => {
        current = cancelled;
        return json(200, { success: true, message: 'Order cancelled', data: cancelled });
      },
    });
    const { container } = renderAt(`/account/orders/${pending.id}`);
    await until(() => container.querySelector('[data-testid="order-timeline"]') !== null);
    expect(container.querySelector('[data-testid="order-timeline"]')?.textContent).toContain('Order placed · 21.60 EUR');
    click(getButton(container, 'Cancel order'));
    await until(() => document.body.textContent?.includes('Cancel order GM-20261123-000002?') ?? false);
    // Nothing is sent before the buyer confirms; "Keep the order" would close the dialog.
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    click(getButton(document.querySelector('[role="dialog"]')!, 'Cancel order'));
    await until(() => container.querySelector('[data-testid="cancel-order"]') === null);
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([`/api/v1/orders/${pending.id}/cancel`]);
    expect(container.textContent).toContain('You cancelled this order before paying. Nothing was charged.');
    expect(container.querySelector('[data-testid="order-timeline"]')?.textContent).toContain('You cancelled the order');
  });

  it("says when the order is not the caller's or does not exist", async () => {
    stubApi({});
    const { container } = renderAt('/account/orders/0190a1b2-c3d4-7e5f-8a9b-000000000009');
    await until(() => container.querySelector('[role="alert"]') !== null);
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('We could not find this order.');
  });
});
