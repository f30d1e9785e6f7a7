import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import './product-card.css';

/** Same box model as ProductCard, so swapping skeletons for cards does not move the page. */
export function ProductCardSkeleton() {
  return (
    <div className="product-card product-card--skeleton" aria-hidden="true">
      <div className="product-card__media">
        <Skeleton height="100%" radius="0" />
      </div>
      <div className="product-card__body">
        <Skeleton width="40%" height="1.1rem" radius="999px" />
        <Skeleton width="80%" height="1.4rem" />
        {/* Roughly the height of three short bullets, the typical card. */}
        <div className="product-card__skeleton-lines">
          {['95%', '70%', '90%', '60%', '85%', '50%'].map((width, index) => (
            <Skeleton key={index} width={width} height="0.85rem" />
          ))}
        </div>
        <div className="product-card__footer">
          <Skeleton width="35%" height="1.4rem" />
          <Skeleton width="25%" height="1rem" />
          <Skeleton height="2.75rem" />
        </div>
      </div>
    </div>
  );
}
