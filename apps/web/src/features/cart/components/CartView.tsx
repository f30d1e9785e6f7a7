import { useSession } from '../../session/session-store.ts';
import { GuestCart } from './GuestCart.tsx';
import { SignedInCart } from './SignedInCart.tsx';

/** The server cart for a signed-in person, the browser cart for a guest. */
export function CartView() {
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  return isLoggedIn ? <SignedInCart /> : <GuestCart />;
}
