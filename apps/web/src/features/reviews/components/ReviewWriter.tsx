import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Product } from '@app/contract';
import type { ReviewableOrder } from '@app/contract/reviews';
import { Button } from '../../../components/ui/Button.tsx';
import { loginPath } from '../../auth/redirects.ts';
import { useSession } from '../../session/session-store.ts';
import { useOwnReview, useReviewEligibility } from '../api/reviews-api.ts';
import { useDeleteReview, useSaveReview } from '../hooks/use-save-review.ts';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { ReviewForm } from './ReviewForm.tsx';
import { formatDate } from '../../../lib/dates.ts';

/** Who may review, said the same way to everyone who may not. */
export const WHO_CAN_REVIEW = 'Reviews come from customers who bought this product in a paid order.';

function orderLabel(order: ReviewableOrder): string {
  const when = order.paidAt ? `paid ${formatDate(order.paidAt)}` : 'paid';
  return `${order.BusinessId ? 'Business order' : 'Order'} ${order.order.slice(0, 8)}, ${when}`;
}

/**
 * The review form for buyers: a new review for an order not yet reviewed, "Edit your review"
 * for one that is. Visitors and signed-in people without a paid order see who can review.
 */
export function ReviewWriter({ product, onReviewChanged }: { product: Pick<Product, 'id' | 'name'>; onReviewChanged?: () => void }) {
  const isLoggedIn = useSession((session) => session.isLoggedIn);
  const location = useLocation();

  if (!isLoggedIn) {
    return (
      <p className="reviews__who">
        {WHO_CAN_REVIEW}{' '}
        <Link to={loginPath({ next: `${location.pathname}#reviews` })}>Sign in</Link> to review a product you bought.
      </p>
    );
  }
  return <BuyerReviewWriter product={product} onReviewChanged={onReviewChanged} />;
}

function BuyerReviewWriter({ product, onReviewChanged }: { product: Pick<Product, 'id' | 'name'>; onReviewChanged?: () => void }) {
  const eligibility = useReviewEligibility(product.id, true);
  const save = useSaveReview(product.id, onReviewChanged);
  const remove = useDeleteReview(product.id, onReviewChanged);
  const [chosenOrder, setChosenOrder] = useState<string | null>(null);
  const [editing, setEditing] = useState<ReviewableOrder | null>(null);
  const [deleting, setDeleting] = useState<ReviewableOrder | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    const error = await remove(deleting);
    setDeleteBusy(false);
    setDeleteError(error);
    setDeleting(null);
  };
  const selectId = useId();

  if (eligibility.isPending) return <p className="reviews__who">Checking whether you can review this product…</p>;
  if (eligibility.isError) return <p className="reviews__who">{eligibility.error.message}</p>;

  const orders = eligibility.data.orders;
  if (orders.length === 0) return <p className="reviews__who">{WHO_CAN_REVIEW} Once you have bought it, you can review it here.</p>;

  const open = orders.filter((order) => order.reviewId === null);
  const reviewed = orders.filter((order) => order.reviewId !== null);
  const target = open.find((order) => order.order === chosenOrder) ?? open[0];

  if (editing) {
    return <EditReview product={product} order={editing} onDone={() => setEditing(null)} save={save} />;
  }

  return (
    <div className="reviews__writer">
      {reviewed.map((order) => (
        <p key={order.order} className="reviews__reviewed">
          You reviewed this product{orders.length > 1 ? ` for ${orderLabel(order)}` : ''}.{' '}
          <Button variant="link" onClick={() => setEditing(order)}>
            Edit your review
          </Button>{' '}
          <Button variant="link" onClick={() => setDeleting(order)}>
            Delete it
          </Button>
        </p>
      ))}
      {deleteError && (
        <p className="reviews__who" role="alert">
          {deleteError}
        </p>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete your review?"
        description="It leaves this product's page and its rating at once. You can write a new one later."
        confirmLabel="Delete"
        busy={deleteBusy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
      {target && (
        <ReviewForm key={target.order} mode="create" onSubmit={(values) => save({ order: target, reviewId: null }, values)}>
          {open.length > 1 && (
            <div className="review-form__field">
              <label htmlFor={selectId} className="review-form__label">
                Order
              </label>
              <select id={selectId} className="review-form__select" value={target.order} onChange={(event) => setChosenOrder(event.target.value)}>
                {open.map((order) => (
                  <option key={order.order} value={order.order}>
                    {orderLabel(order)}
                  </option>
                ))}
              </select>
            </div>
          )}
        </ReviewForm>
      )}
    </div>
  );
}

/** Loads the user's review of that order, then the form prefilled with it. */
function EditReview({
  product,
  order,
  onDone,
  save,
}: {
  product: Pick<Product, 'id'>;
  order: ReviewableOrder;
  onDone: () => void;
  save: ReturnType<typeof useSaveReview>;
}) {
  const own = useOwnReview(product.id, order.order, order.BusinessId);
  if (own.isPending) return <p className="reviews__who">Loading your review…</p>;
  if (own.isError) {
    return (
      <p className="reviews__who" role="alert">
        {own.error.message}{' '}
        <Button variant="link" onClick={onDone}>
          Back
        </Button>
      </p>
    );
  }
  return (
    <ReviewForm
      mode="edit"
      initial={{ rating: own.data.rating, comment: own.data.comment }}
      onCancel={onDone}
      onSubmit={async (values) => {
        const refused = await save({ order, reviewId: own.data._id }, values);
        if (!refused) onDone();
        return refused;
      }}
    />
  );
}
