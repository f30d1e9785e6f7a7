import { useRef, useState, type KeyboardEvent } from 'react';
import { PLACEHOLDER_IMAGE } from './ProductCard.tsx';

/**
 * The product's images: the first shown large at a fixed 4:3 ratio (no layout shift), the
 * others as thumbnails. The thumbnails are buttons (Tab, Enter/Space) and the arrow keys, Home
 * and End move between them as in a toolbar. `selected` is the photo of the colour the shopper
 * picked: it is shown whenever the pick changes (and joins the thumbnails if it is not among them).
 */
export function ProductGallery({ images, name, selected = null, selectedLabel }: { images: readonly string[]; name: string; selected?: string | null; selectedLabel?: string }) {
  const own = images.length > 0 ? images : [PLACEHOLDER_IMAGE];
  const shownImages = selected && !own.includes(selected) ? [selected, ...own] : own;
  const indexOf = (image: string | null) => Math.max(0, image ? shownImages.indexOf(image) : 0);
  const [shown, setShown] = useState(() => indexOf(selected));
  // A new pick shows its photo (adjusting state while rendering, as React advises, not in an effect).
  const [pick, setPick] = useState(selected);
  if (pick !== selected) {
    setPick(selected);
    setShown(indexOf(selected));
  }
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);

  const move = (event: KeyboardEvent<HTMLUListElement>) => {
    const last = shownImages.length - 1;
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? (shown + 1) % shownImages.length
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? (shown - 1 + shownImages.length) % shownImages.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setShown(next);
    thumbs.current[next]?.focus();
  };

  return (
    <div className="product-details__gallery">
      <div className="product-details__image">
        {/* The page's largest element: fetched early, and sized so nothing moves when it arrives. */}
        <img
          src={shownImages[shown]}
          alt={selected && shownImages[shown] === selected && selectedLabel ? selectedLabel : shownImages.length > 1 ? `${name}, image ${shown + 1} of ${shownImages.length}` : name}
          width={800}
          height={600}
          fetchPriority="high"
        />
      </div>
      {shownImages.length > 1 && (
        <ul className="product-details__thumbs" aria-label="Product images" onKeyDown={move}>
          {shownImages.map((image, index) => (
            <li key={`${image}-${index}`}>
              <button
                ref={(element) => {
                  thumbs.current[index] = element;
                }}
                type="button"
                className="product-details__thumb"
                aria-pressed={index === shown}
                // One tab stop for the row; the arrow keys move inside it.
                tabIndex={index === shown ? 0 : -1}
                onClick={() => setShown(index)}
              >
                <img src={image} alt="" width={96} height={72} loading="lazy" />
                <span className="visually-hidden">
                  Show image {index + 1} of {shownImages.length}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
