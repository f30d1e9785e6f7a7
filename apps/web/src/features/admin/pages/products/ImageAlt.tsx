import { useId, useState } from 'react';
import { productImagesOrderBodySchema } from '@app/contract/admin';

/**
 * A photo's description for people who cannot see it (the shop's `alt` text). Saved when the
 * field is left or Enter is pressed, checked by the contract's own schema first.
 */
export function ImageAlt({ imageId, alt, index, saving, onSave }: { imageId: string; alt: string; index: number; saving: boolean; onSave: (alt: string) => Promise<void> }) {
  const id = useId();
  const [value, setValue] = useState(alt);
  const [error, setError] = useState<string | null>(null);
  const [seen, setSeen] = useState(alt);
  if (alt !== seen) {
    // Saved elsewhere (or the reorder answered): show what the server holds.
    setSeen(alt);
    setValue(alt);
  }
  const save = async () => {
    if (value === alt) return;
    const checked = productImagesOrderBodySchema.safeParse({ images: [{ _id: imageId, alt: value }] });
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'This description cannot be saved');
    setError(null);
    try {
      await onSave(checked.data.images[0]!.alt ?? '');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The description could not be saved');
    }
  };
  return (
    <div className="admin-image__alt">
      <label htmlFor={id} className="visually-hidden">
        Description of photo {index + 1}
      </label>
      <input
        id={id}
        className="field__input admin-image__alt-input"
        value={value}
        placeholder="Describe the photo"
        disabled={saving}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setValue(event.target.value)}
        onBlur={() => void save()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void save();
          }
          if (event.key === 'Escape') setValue(alt);
        }}
      />
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
