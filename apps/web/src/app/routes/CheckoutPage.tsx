import { useMemo, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeResponse } from '@app/contract';
import type { Order } from '@app/contract/orders';
import { formatPrice } from '@app/contract/money';
import { Skeleton } from '../../components/ui/Skeleton.tsx';
import { useToast } from '../../components/ui/useToast.ts';
import { loginPath } from '../../features/auth/redirects.ts';
import { setCartCount } from '../../features/cart/cart-count-store.ts';
import { CART_QUERY_KEY, loadCart } from '../../features/cart/cart-calls.ts';
import { CartEmpty, CartLoadError } from '../../features/cart/components/CartLayout.tsx';
import { CartReview } from '../../features/cart/components/CartReview.tsx';
import { setCartEventTie } from '../../features/cart/event-tie.ts';
import { useEventByCode } from '../../features/events/api.ts';
import { orderKeys } from '../../features/orders/api/orders-api.ts';
import { storedBusinessMembership } from '../../features/orders/checkout-storage.ts';
import { EMPTY_CHECKOUT_VALUES, type CheckoutValues } from '../../features/orders/checkout-form-values.ts';
import { CheckoutForm } from '../../features/orders/components/CheckoutForm.tsx';
import { CheckoutGifts } from '../../features/gifts/components/GiftLineEditor.tsx';
import { usePlaceOrder } from '../../features/orders/use-place-order.ts';
// Through the session barrel, the chunk the account and login pages already share: importing use-me.ts
// alone would make the bundler split first-load modules (session store, cart) into extra home-page files.
import { useMe } from '../../features/session/index.ts';
import { useSession, type SessionUser } from '../../features/session/session-store.ts';
import { PageTitle } from './PageTitle.tsx';
import '../../features/orders/components/orders.css';

export const CHECKOUT_PATH = '/other/checkout';
export const orderCompletePath = (id: string) => `/other/checkout/complete/${encodeURIComponent(id)}`;

/** /other/checkout (spec §2): signed-in only; a visitor logs in and comes back here. */
export function CheckoutPage() {
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  if (!isLoggedIn) return <Navigate to={loginPath({ next: CHECKOUT_PATH })} replace />;
  return (
    <div className="container checkout-page">
      <PageTitle title="Checkout — Carbonwise" />
      <h1 className="checkout-page__title">Checkout</h1>
      <SignedInCheckout />
    </div>
  );
}

/** The form's first values: the saved billing address, else the profile; the receipt goes to the account's email. */
export function checkoutInitialValues(me: MeResponse | undefined, user: SessionUser | null, email: string | null): CheckoutValues {
  const saved = me?.billingAddress;
  return {
    ...EMPTY_CHECKOUT_VALUES,
    firstName: saved?.firstName ?? me?.data.firstName ?? user?.firstName ?? '',
    lastName: saved?.lastName ?? me?.data.lastName ?? user?.lastName ?? '',
    buyerEmail: me?.email ?? user?.email ?? email ?? '',
    line1: saved?.line1 ?? '',
    line2: saved?.line2 ?? '',
    city: saved?.city ?? '',
    postalCode: saved?.postalCode ?? '',
    region: saved?.state ?? '',
    country: saved?.country ?? me?.selectedCountry ?? me?.addressCountry ?? '',
    phone: saved?.phone ?? me?.data.phone ?? '',
  };
}

function SignedInCheckout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const cart = useQuery({ queryKey: CART_QUERY_KEY, queryFn: loadCart });
  const me = useMe();
  // Read once per visit: the stored membership changes only at login.
  const membership = useMemo(storedBusinessMembership, []);
  const tiedCode = cart.data?.conferanceCode ?? null;
  const tiedEvent = useEventByCode(tiedCode ?? '', { enabled: Boolean(tiedCode) });
  const [removingTie, setRemovingTie] = useState(false);
  const toast = useToast();
  const removeEventTie = () => {
    setRemovingTie(true);
    setCartEventTie(null, true)
      .then(() => queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY }))
      .catch((error: Error) => toast.error(error.message))
      .finally(() => setRemovingTie(false));
  };

  const { place, sending, failure } = usePlaceOrder((order: Order) => {
    // The server moved the cart's lines into the order: the badge empties, the cart is read afresh next time.
    setCartCount(0);
    void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY, refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: orderKeys.all, refetchType: 'none' });
    queryClient.setQueryData(orderKeys.one(order.id), order);
    if (order.payment.checkoutUrl) {
      // Card payment: the provider's page; it sends the browser back to the confirmation.
      window.location.assign(order.payment.checkoutUrl);
      return;
    }
    void navigate(orderCompletePath(order.id), { replace: true });
  });

  const initialValues = useMemo(() => (me.isPending ? null : checkoutInitialValues(me.data, session.user, session.email)), [me.isPending, me.data, session.user, session.email]);

  if (cart.isPending || !initialValues) return <CheckoutLoading />;
  if (cart.isError || !cart.data) return <CartLoadError onRetry={() => void cart.refetch()} />;
  const data = cart.data;
  if (data.products.length === 0) return <CartEmpty />;

  const totalLabel = formatPrice(data.orderTotal, data.currency);
  return (
    <div className="checkout-layout">
      <div className="checkout-layout__form">
        {!data.orderTotalWithinStripeRange && (
          <p className="cart-summary__note cart-summary__note--warning" role="status">
            This total cannot be paid by card in {data.currency}. <Link to="/other/cart">Change your cart</Link> to continue.
          </p>
        )}
        <CheckoutGifts cart={data} onSaved={(updated) => queryClient.setQueryData(CART_QUERY_KEY, updated)} />
        <CheckoutForm
          initialValues={initialValues}
          userId={session.user?._id ?? readStoredUserId()}
          membership={membership}
          cartForBusiness={Boolean(membership && data.businessCode && data.businessCode.toUpperCase() === membership.businessCode.toUpperCase())}
          eventTie={tiedCode ? { conferanceCode: tiedCode, name: tiedEvent.data?.name ?? null } : null}
          onRemoveEventTie={removeEventTie}
          removingEventTie={removingTie}
          totalLabel={totalLabel}
          canPlace={data.orderTotalWithinStripeRange}
          sending={sending}
          failure={failure}
          onPlace={(body) => void place(body)}
        />
      </div>
      <aside className="checkout-layout__summary">
        <CartReview cart={data} />
      </aside>
    </div>
  );
}

/** The session's user is filled at login; after a reload only the stored id is there (spec §3 userId). */
function readStoredUserId(): string | null {
  try {
    return localStorage.getItem('userId');
  } catch {
    return null;
  }
}

function CheckoutLoading() {
  return (
    <div className="checkout-layout" role="status" aria-label="Loading checkout">
      <Skeleton height={480} radius="var(--radius-md)" />
      <Skeleton height={320} radius="var(--radius-md)" />
    </div>
  );
}
