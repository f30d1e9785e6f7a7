import { Skeleton } from '../../../components/ui/Skeleton.tsx';

/** The product page's shape while the product (or the page's code) loads. */
export function ProductDetailsSkeleton() {
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
