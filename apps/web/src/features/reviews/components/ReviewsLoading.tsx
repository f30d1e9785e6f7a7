import { Skeleton } from '../../../components/ui/Skeleton.tsx';

/** Placeholder while the reviews load. */
export function ReviewsLoading() {
  return (
    <div className="reviews__loading" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading reviews…
      </p>
      <Skeleton width="40%" height="1rem" />
      <Skeleton width="90%" height="3rem" />
      <Skeleton width="85%" height="3rem" />
    </div>
  );
}
