import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';

const ACCEPT = 'image/png,image/jpeg,image/webp';
const MAX_BYTES = 2 * 1024 * 1024;

export interface ImagePickerProps {
  label: string;
  hint: string;
  /** The stored image, '' when none. */
  currentUrl: string;
  file: File | null;
  removed: boolean;
  error?: string;
  shape: 'square' | 'wide';
  onChange: (next: { file: File | null; removed: boolean }) => void;
}

/** One image of the page: a preview of the chosen file (or the stored one), choose and remove. */
export function ImagePicker({ label, hint, currentUrl, file, removed, error, shape, onChange }: ImagePickerProps) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = preview ?? (removed ? '' : currentUrl);
  const message = localError ?? error;

  return (
    <div className={`shop-image shop-image--${shape}`}>
      <p className="field__label" id={`${id}-label`}>
        {label}
      </p>
      <div className="shop-image__frame">
        {shown ? <img src={shown} alt={`${label} preview`} /> : <span className="shop-image__empty">No image</span>}
      </div>
      <div className="shop-image__actions">
        <input
          id={id}
          className="shop-image__input"
          type="file"
          accept={ACCEPT}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          aria-invalid={message ? true : undefined}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            event.target.value = '';
            if (!chosen) return;
            if (chosen.size > MAX_BYTES) return setLocalError('The image is larger than 2 MB');
            if (!ACCEPT.split(',').includes(chosen.type)) return setLocalError('Choose a PNG, JPEG or WebP image');
            setLocalError(null);
            onChange({ file: chosen, removed: false });
          }}
        />
        <label className="shop-image__choose" htmlFor={id}>
          {shown ? 'Replace' : 'Choose image'}
        </label>
        {shown && (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange({ file: null, removed: true })}>
            Remove
          </Button>
        )}
      </div>
      <p id={`${id}-hint`} className="business-muted">
        {hint}
      </p>
      {message && <p className="field__error">{message}</p>}
    </div>
  );
}
