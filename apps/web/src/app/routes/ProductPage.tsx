import { Link, useParams } from 'react-router';
import { Button, buttonClassName } from '../../components/ui/Button.tsx';
import { Skeleton } from '../../components/ui/Skeleton.tsx';
import { useProduct } from '../../features/products/api/use-catalog.ts';
import { ProductDetails } from '../../features/products/components/ProductDetails.tsx';
import { RatingSummary } from '../../features/reviews/components/RatingSummary.tsx';
import { ReviewsSection } from '../../features/reviews/components/ReviewsSection.tsx';
import { KIND_LABEL } from '../../features/products/price.ts';
import { useDisplayCurrency } from '../../features/currency/currency-store.ts';
import { WishlistHeart } from '../../features/wishlist/components/WishlistHeart.tsx';
import { PRODUCT_NOT_FOUND_TITLE, productTitle } from '../page-meta.ts';
import { PageTitle } from './PageTitle.tsx';
import { useAddToCart } from './use-add-to-cart.ts';
import './status-page.css';

/**
 * `/products/:slug`: one product. Server-rendered with the product already in the catalog cache;
 * after a client-side navigation from a list it shows at once from the list's cache. The
 * reviews list and form load after hydration (their own chunk), so the first load stays small.
 */
export function ProductPage() {
  const { slug = '' } = useParams();
  const { data: product, isPending, isError, isFetching, refetch } = useProduct(slug);
  const currency = useDisplayCurrency();
  const handleAddToCart = useAddToCart();

  if (isPending) {
    return (
      <div className="container product-details" aria-busy="true">
        <p className="visually-hidden" role="status">
          Loading the product…
        </p>
        <Skeleton className="product-details__image" />
        <div className="product-details__summary">
          <Skeleton width="60%" height="2rem" />
          <Skeleton width="30%" height="1.5rem" />
          <Skeleton width="90%" height="4rem" />
        </div>
      </div>
    );
  }

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
          onAddToCart={handleAddToCart}
          rating={<RatingSummary product={product} />}
          buyActions={<WishlistHeart product={product} variant="inline" />}
          // A new or edited review changes the product's average: reload it from the catalog.
          reviews={<ReviewsSection key={product.id} product={product} onReviewChanged={() => void refetch()} />}
        />
      </div>
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
