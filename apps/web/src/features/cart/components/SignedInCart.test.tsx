import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Cart } from '@app/contract/cart';
import { setCookie } from '../../../lib/cookies.ts';
import { cleanup, clearAllCookies, click, render } from '../../../test/render.tsx';
import { getButton, getByLabel, json, stubApi, submit, typeInto } from '../../../test/dom.ts';
import { until } from '../../../test/until.ts';
import { getToasts, clearToasts } from '../../../components/ui/toast-store.ts';
import { setDisplayCurrency } from '../../currency/currency-store.ts';
import { SignedInCart } from './SignedInCart.tsx';

const line = { cartItemId: 'ci-a', product: { _id: 'p-a', id: 'p-a', name: 'Kenya cookstoves', slug: 'kenya-cookstoves', image: [], kind: 'offset', unit: 'tonne' }, color: null, size: null, quantity: 2, inStock: 50, price: 12, priceMinor: 1200, lineTotal: 24, lineTotalMinor: 2400 };
const CART = {
  _id: 'cart-1', businessCode: null, products: [line], itemCount: 2, currency: 'EUR', currencySymbol: '€', temporaryCheckoutCurrency: 'EUR', type: 'regular',
  subTotal: 24, subTotalMinor: 2400, discount: 0, discountMinor: 0, discountUnit: null, couponValue: null, orderTotal: 24, orderTotalMinor: 2400, orderTotalWithinStripeRange: true,
  coupon: null, couponType: null, couponError: null, couponData: null, stripePaymentCouponId: null, stripeSubscriptionCouponId: null, conferanceCode: null, eventOwnerOrder: false, businessEventUserId: null,
} as unknown as Cart;
const WITH_COUPON = { ...CART, coupon: 'WELCOME10', couponType: 'regular', discount: 2.4, discountMinor: 240, discountUnit: 'percent', couponValue: 10, orderTotal: 21.6, orderTotalMinor: 2160 } as unknown as Cart;

beforeEach(() => {
  clearAllCookies();
  localStorage.clear();
  setCookie('JWTToken', 'a.b.c');
  setDisplayCurrency('EUR');
  clearToasts();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCart() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SignedInCart />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the coupon field (issue 26 item 18)', () => {
  it('shows a refused coupon next to the field, not as a toast, and clears it when the code changes', async () => {
    stubApi({
      'GET /api/v1/carts': () => json(200, { success: true, data: CART }),
      'POST /api/v1/coupons/NOPE/apply': () => json(404, { success: false, code: 'COUPON_NOT_FOUND', message: 'There is no coupon NOPE' }),
    });
    const { container } = renderCart();
    await until(() => expect(container.textContent).toContain('Kenya cookstoves'));
    const input = getByLabel(container, 'Coupon code');
    typeInto(input, 'NOPE');
    submit(input.closest('form')!);
    await until(() => expect(container.querySelector('[data-testid="coupon-error"]')?.textContent).toBe('There is no coupon NOPE'));
    expect(input.getAttribute('aria-describedby')).toBe(container.querySelector('[data-testid="coupon-error"]')!.id);
    expect(input.value).toBe('NOPE');
    expect(getToasts()).toEqual([]);
    typeInto(input, 'NOPE2');
    expect(container.querySelector('[data-testid="coupon-error"]')).toBeNull();
  });

  it('keeps the field after a coupon is applied, to replace it', async () => {
    let cart = CART;
    stubApi({
      'GET /api/v1/carts': () => json(200, { success: true, data: cart }),
      'POST /api/v1/coupons/WELCOME10/apply': () => {
        cart = WITH_COUPON;
        return json(200, { success: true, message: 'Coupon WELCOME10 applied', data: cart });
      },
    });
    const { container } = renderCart();
    await until(() => expect(container.textContent).toContain('Kenya cookstoves'));
    typeInto(getByLabel(container, 'Coupon code'), 'WELCOME10');
    click(getButton(container, 'Apply'));
    await until(() => expect(container.textContent).toContain('Coupon WELCOME10 applied'));
    expect(getByLabel(container, 'Coupon code').value).toBe('');
    expect(getButton(container, 'Replace')).toBeTruthy();
  });
});
