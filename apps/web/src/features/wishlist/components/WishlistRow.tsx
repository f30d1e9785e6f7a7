import { useId } from 'react';
import { Link } from 'react-router';
import type { Product } from '@app/contract';
import { isInStock } from '@app/contract/catalog-rules';
import type { Currency } from '@app/contract/money';
import { Button } from '../../../components/ui/Button.tsx';
import { useToast } from '../../../components/ui/useToast.ts';
import { displayPrice } from '../../products/price.ts';
import { PLACEHOLDER_IMAGE } from '../../products/components/ProductCard.tsx';
import { removeFromWishlist } from '../wishlist-store.ts';

interface WishlistRowProps {
  product: Product;
  currency: Currency;
  onAddToCart: (product: Product) => unknown;
  busy: boolean;
}

/** One saved product: image, name, price, availability, add to cart and remove. */
export function WishlistRow({ product, currency, onAddToCart, busy }: WishlistRowProps) {
  const toast = useToast();
  const titleId = useId();
  const price = displayPrice(product, currency);
  const inStock = isInStock(product.actualStock);

  async function remove() {
    const outcome = await removeFromWishlist(product.id);
    if (outcome.ok) toast.success('Removed From Wishlist');
    else toast.error(outcome.message);
  }

  return (
    <li className="wishlist-row" aria-labelledby={titleId} data-testid="wishlist-item">
      <img className="wishlist-row__image" src={product.image[0] || PLACEHOLDER_IMAGE} alt="" width={160} height={120} loading="lazy" />
      <div className="wishlist-row__info">
        <h2 className="wishlist-row__title" id={titleId}>
          <Link to={`/products/${product.slug}`}>{product.name}</Link>
        </h2>
        <p className="wishlist-row__price">
          {price ? (
            <>
              <span className="visually-hidden">Price: </span>
              {price.price}
              {price.oldPrice && (
                <s className="wishlist-row__price-old">
                  <span className="visually-hidden">Previous price: </span>
                  {price.oldPrice}
                </s>
              )}
            </>
          ) : (
            'Price on request'
          )}
        </p>
        <p className={inStock ? 'wishlist-row__stock' : 'wishlist-row__stock wishlist-row__stock--out'}>{inStock ? 'In Stock' : 'Out of Stock'}</p>
      </div>
      <div className="wishlist-row__actions">
        <Button variant={inStock ? 'primary' : 'secondary'} disabled={!inStock} onClick={() => void onAddToCart(product)} aria-describedby={titleId}>
          {inStock ? 'Add to cart' : 'Out of Stock'}
        </Button>
        <Button variant="ghost" onClick={() => void remove()} loading={busy} aria-describedby={titleId}>
          Remove
        </Button>
      </div>
    </li>
  );
}
