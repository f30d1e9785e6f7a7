import { useId, useState } from 'react';

const WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

export interface StarRatingInputProps {
  value: number | null;
  onChange: (rating: number) => void;
  error?: string;
  /** The id of the error message, so the group can point at it. */
  errorId?: string;
}

/**
 * The rating as five native radio buttons ("1 star" … "5 stars") drawn as stars: Tab reaches
 * the group, arrow keys change the rating, screen readers hear the labels.
 */
export function StarRatingInput({ value, onChange, error, errorId }: StarRatingInputProps) {
  const name = useId();
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value ?? 0;

  return (
    <fieldset className="star-input" aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="review-form__label">Your rating</legend>
      <div className="star-input__stars" onMouseLeave={() => setHover(null)}>
        {[1, 2, 3, 4, 5].map((star) => (
          <label key={star} className="star-input__star" data-filled={star <= shown || undefined} onMouseEnter={() => setHover(star)}>
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className="star-input__radio"
            />
            <span aria-hidden="true" className="star-input__glyph">
              ★
            </span>
            <span className="visually-hidden">{star === 1 ? '1 star' : `${star} stars`}</span>
          </label>
        ))}
        <span className="star-input__words" aria-hidden="true">
          {shown > 0 ? WORDS[shown] : 'Choose 1 to 5 stars'}
        </span>
      </div>
      {error && (
        <p id={errorId} className="review-form__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
