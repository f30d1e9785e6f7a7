import './rating.css';

/**
 * Five stars filled to a rating (halves shown as a partly filled star), for reading only. The
 * words ("4.5 out of 5 stars") are given to screen readers; the stars are decoration.
 */
export function RatingStars({ rating, size = 'md' }: { rating: number; size?: 'sm' | 'md' | 'lg' }) {
  const clamped = Math.max(0, Math.min(5, rating));
  return (
    <span className={`rating-stars rating-stars--${size}`}>
      <span className="visually-hidden">{`${formatRating(clamped)} out of 5 stars`}</span>
      <span className="rating-stars__track" aria-hidden="true">
        ★★★★★
        <span className="rating-stars__fill" style={{ width: `${(clamped / 5) * 100}%` }}>
          ★★★★★
        </span>
      </span>
    </span>
  );
}

/** 4 → "4.0", 3.46 → "3.5": one decimal, as products carry their average. */
export function formatRating(rating: number): string {
  return (Math.round(rating * 10) / 10).toFixed(1);
}

export function reviewCountLabel(count: number): string {
  return count === 1 ? '1 review' : `${count.toLocaleString('en')} reviews`;
}
