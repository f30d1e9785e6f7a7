import { afterEach, describe, expect, it } from 'vitest';
import { renderWithCatalog, settle, stubFetchForEachTest } from '../../../test/catalog.tsx';
import { makeTestProduct } from '../../../test/product-fixture.ts';
import { clearGuestCart, writeGuestCart } from '../guest-cart.ts';
import { GuestCart } from './GuestCart.tsx';

describe('a guest cart', () => {
  const fetchMock = stubFetchForEachTest();
  afterEach(() => clearGuestCart());

  it('shows the empty cart without loading the catalog', async () => {
    const { container } = renderWithCatalog(<GuestCart />);
    await settle();
    expect(container.querySelector('[data-testid="cart-empty"]')?.textContent).toContain('Your cart is empty');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the catalog to price its lines when it has some', async () => {
    const product = makeTestProduct('p1', { name: 'Ghana cookstoves' });
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ success: true, data: [product] }), { headers: { 'content-type': 'application/json' } }));
    writeGuestCart([{ product: product.id, quantity: 2 }]);
    const { container } = renderWithCatalog(<GuestCart />);
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/v1/products?showDetails=1');
    expect(container.textContent).toContain('Ghana cookstoves');
  });
});
