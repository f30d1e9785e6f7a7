import { Link } from 'react-router';
import type { Product } from '@app/contract';
import type { Currency } from '@app/contract/money';
import { ProductDetails } from '../../features/products/components/ProductDetails.tsx';
import type { AddToCart } from '../../features/products/components/ProductBuyBox.tsx';
import { KIND_LABEL } from '../../features/products/price.ts';
import { RatingSummary } from '../../features/reviews/components/RatingSummary.tsx';
import { ReviewsSection } from '../../features/reviews/components/ReviewsSection.tsx';
import { WishlistHeart } from '../../features/wishlist/components/WishlistHeart.tsx';

export interface ProductPageBodyProps {
  product: Product;
  currency: Currency;
  onAddToCart: AddToCart;
  /** A new or edited review changes the product's average: the page reloads it from the catalog. */
  onReviewChanged: () => void;
}

/**
 * The product page's content: breadcrumbs, gallery, facts, buy box and reviews. Its own chunk
 * (lazy section in ProductPage.tsx), so the home and catalog pages do not download it; a product
 * page gets it preloaded with the entry. Its CSS is imported by ProductPage.tsx, so the
 * server-rendered page is styled at first paint.
 */
export function ProductPageBody({ product, currency, onAddToCart, onReviewChanged }: ProductPageBodyProps) {
  return (
    <>
      <nav aria-label="Breadcrumb" className="container product-page__crumbs">
        <ol>
          <li>
            <Link to="/products">All products</Link>
          </li>
          <li>
            <Link to={`/products?kind=${product.kind}`}>{KIND_LABEL[product.kind]}s</Link>
          </li>
          <li aria-current="page">{product.name}</li>
        </ol>
      </nav>
      <div className="container">
        <ProductDetails
          product={product}
          currency={currency}
          onAddToCart={onAddToCart}
          rating={<RatingSummary product={product} />}
          buyActions={<WishlistHeart product={product} variant="inline" />}
          reviews={<ReviewsSection key={product.id} product={product} onReviewChanged={onReviewChanged} />}
        />
      </div>
    </>
  );
}
