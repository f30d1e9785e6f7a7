import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { REVIEW_LIMITS, ratingSchema, reviewCommentSchema } from '@app/contract/reviews';
import { Button } from '../../../components/ui/Button.tsx';
import { StarRatingInput } from './StarRatingInput.tsx';
import './review-form.css';

export interface ReviewValues {
  rating: number;
  comment: string;
}

/** What the server answered when it refused: a message and messages per field. */
export interface ReviewSubmitError {
  message: string;
  fields?: Record<string, string[]>;
}

export interface ReviewFormProps {
  mode: 'create' | 'edit';
  initial?: ReviewValues;
  /** Resolves with null when saved, or with the server's refusal. */
  onSubmit: (values: ReviewValues) => Promise<ReviewSubmitError | null>;
  onCancel?: () => void;
  /** Extra fields above the rating (the order picker when several orders can be reviewed). */
  children?: ReactNode;
}

/**
 * Write or edit a review: stars and a comment, checked with the contract's rules (the same the
 * server applies) before sending; the server's messages per field are shown the same way.
 */
export function ReviewForm({ mode, initial, onSubmit, onCancel, children }: ReviewFormProps) {
  const id = useId();
  const [rating, setRating] = useState<number | null>(initial?.rating ?? null);
  const [comment, setComment] = useState(initial?.comment ?? '');
  const [errors, setErrors] = useState<{ rating?: string; comment?: string; form?: string }>({});
  const [saving, setSaving] = useState(false);
  const ratingGroup = useRef<HTMLDivElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checkedRating = ratingSchema.safeParse(rating ?? undefined);
    const checkedComment = reviewCommentSchema.safeParse(comment);
    const found = {
      rating: checkedRating.success ? undefined : checkedRating.error.issues[0]?.message,
      comment: checkedComment.success ? undefined : checkedComment.error.issues[0]?.message,
    };
    setErrors(found);
    if (!checkedRating.success || !checkedComment.success) {
      if (found.rating) ratingGroup.current?.querySelector('input')?.focus();
      else document.getElementById(`${id}-comment`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const refused = await onSubmit({ rating: checkedRating.data, comment: checkedComment.data });
      if (refused) {
        setErrors({
          rating: refused.fields?.rating?.[0],
          comment: refused.fields?.comment?.[0],
          form: refused.fields?.rating || refused.fields?.comment ? undefined : refused.message,
        });
      }
    } finally {
      setSaving(false);
    }
  };

  const length = comment.trim().length;
  return (
    <form className="review-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="review-form__title">
        {mode === 'create' ? 'Write a review' : 'Edit your review'}
      </h3>
      {children}
      <div ref={ratingGroup}>
        <StarRatingInput value={rating} onChange={(next) => setRating(next)} error={errors.rating} errorId={`${id}-rating-error`} />
      </div>
      <div className="review-form__field">
        <label htmlFor={`${id}-comment`} className="review-form__label">
          Your review
        </label>
        <textarea
          id={`${id}-comment`}
          className="review-form__textarea"
          rows={5}
          maxLength={REVIEW_LIMITS.commentMax}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={`${id}-comment-hint${errors.comment ? ` ${id}-comment-error` : ''}`}
          placeholder="What did you buy it for, and how did it work out?"
        />
        <p id={`${id}-comment-hint`} className="review-form__hint">
          {REVIEW_LIMITS.commentMin}–{REVIEW_LIMITS.commentMax.toLocaleString('en')} characters · {length.toLocaleString('en')} typed
        </p>
        {errors.comment && (
          <p id={`${id}-comment-error`} className="review-form__error">
            {errors.comment}
          </p>
        )}
      </div>
      {errors.form && (
        <p className="review-form__error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="review-form__actions">
        <Button type="submit" variant="primary" loading={saving}>
          {mode === 'create' ? 'Post review' : 'Save changes'}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
