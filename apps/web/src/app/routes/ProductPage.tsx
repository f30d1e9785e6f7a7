import { useCallback } from 'react';
import { Link, useParams } from 'react-router';
import { Button, buttonClassName } from '../../components/ui/Button.tsx';
import { useProduct } from '../../features/products/api/use-catalog.ts';
import { useDisplayCurrency } from '../../features/currency/currency-store.ts';
import { ProductDetailsSkeleton } from '../../features/products/components/ProductDetailsSkeleton.tsx';
import { lazySection } from '../lazy-section.tsx';
import { PRODUCT_NOT_FOUND_TITLE, productTitle } from '../page-meta.ts';
import { PageTitle } from './PageTitle.tsx';
import { useAddToCart } from './use-add-to-cart.ts';
import type { ProductPageBodyProps } from './ProductPageBody.tsx';
import './status-page.css';
// The body's styles, here so a server-rendered product page is styled before its chunk arrives.
import '../../features/products/components/product-details.css';
import '../../features/reviews/components/rating.css';
import '../../features/reviews/components/reviews.css';
import '../../features/wishlist/components/wishlist-heart.css';

/** Vite's manifest key of the body's chunk: the server preloads it with a product page. */
export const PRODUCT_PAGE_BODY_MODULE = 'src/app/routes/ProductPageBody.tsx';

const ProductBody = lazySection<ProductPageBodyProps>({
  load: () => import('./ProductPageBody.tsx').then((module) => module.ProductPageBody),
  hydrate: 'now',
  fallback: <ProductDetailsSkeleton />,
});

/**
 * `/products/:slug`: one product. Server-rendered with the product already in the catalog cache;
 * after a client-side navigation from a list it shows at once from the list's cache. The page's
 * content is its own chunk (ProductPageBody), and the reviews list and form another, loaded after
 * hydration, so the home page's first load does not carry them.
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
