import { useCallback } from 'react';
import { Link, useParams } from 'react-router';
import { Button, buttonClassName } from '../../components/ui/Button.tsx';
import { useProduct } from '../../features/products/api/use-catalog.ts';
import { useDisplayCurrency } from '../../features/currency/currency-store.ts';
import { ProductDetailsSkeleton } from '../../features/products/components/ProductDetailsSkeleton.tsx';
import { PRODUCT_NOT_FOUND_TITLE, productTitle } from '../page-meta.ts';
import { PageTitle } from './PageTitle.tsx';
import { useAddToCart } from './use-add-to-cart.ts';
import { ProductPageBody as ProductBody } from './ProductPageBody.tsx';
import './status-page.css';
// The body's styles (this chunk's CSS, which the server links with a product page).
import '../../features/products/components/product-details.css';
import '../../features/reviews/components/rating.css';
import '../../features/reviews/components/reviews.css';
import '../../features/wishlist/components/wishlist-heart.css';

/**
 * `/products/:slug`: one product. Server-rendered with the product already in the catalog cache;
 * after a client-side navigation from a list it shows at once from the list's cache. The page is
 * its own chunk (routes.tsx), and the reviews list and form another, loaded after hydration, so
 * the home and catalog pages' first load does not carry them.
 */
export function ProductPage() {
  const { slug = '' } = useParams();
  const { data: product, isPending, isError, isFetching, refetch } = useProduct(slug);
  const currency = useDisplayCurrency();
  const handleAddToCart = useAddToCart();
  const reload = useCallback(() => void refetch(), [refetch]);

  if (isPending) return <ProductDetailsSkeleton />;

  if (isError) {
    return (
      <section className="container status-page" role="alert">
        <PageTitle title={PRODUCT_NOT_FOUND_TITLE} />
        <h1 className="status-page__title">Failed to fetch the product</h1>
        <p className="status-page__body">Please check your connection and try again.</p>
        <Button variant="secondary" onClick={() => void refetch()} loading={isFetching}>
          Retry
        </Button>
      </section>
    );
  }

  if (!product) return <ProductNotFound />;

  return (
    <>
      <PageTitle title={productTitle(product.name)} />
      <ProductBody product={product} currency={currency} onAddToCart={handleAddToCart} onReviewChanged={reload} />
    </>
  );
}

/** An unknown slug: the server answers it with HTTP 404 and this page. */
function ProductNotFound() {
  return (
    <section className="container status-page" aria-labelledby="product-not-found-title">
      <PageTitle title={PRODUCT_NOT_FOUND_TITLE} />
      <p className="status-page__code">404</p>
      <h1 id="product-not-found-title" className="status-page__title">
        We couldn’t find that product
      </h1>
      <p className="status-page__body">It may have sold out for good or moved. Everything else in the shop is a click away.</p>
      <Link to="/products" className={buttonClassName('primary', 'lg')}>
        Browse all products
      </Link>
    </section>
  );
}
