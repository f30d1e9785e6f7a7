import '../../../components/form/form.css';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { BusinessEvent } from '@app/contract/events';
import { EVENT_IMAGE_MAX_BYTES } from '@app/contract/events-rules';
import { CountryField } from '../../../components/form/CountryField.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { useToast } from '../../../components/ui/useToast.ts';
import { EventCallError, useSaveEvent } from '../api.ts';

const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp'];

/**
 * Create or edit an event: its fields and an image, sent as one multipart form (the server
 * checks the image by its bytes). Field errors from the server are shown beside their fields.
 */
export function EventForm({ event, onDone }: { event: BusinessEvent | null; onDone: (saved: BusinessEvent | null) => void }) {
  const id = useId();
  const save = useSaveEvent(event?.id ?? null);
  const toast = useToast();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<string | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [country, setCountry] = useState(event?.country ?? '');
  const fileRef = useRef<HTMLInputElement>(null);
  const firstRef = useRef<HTMLInputElement>(null);

  useEffect(() => firstRef.current?.focus(), []);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  function pickImage(file: File | undefined) {
    setErrors((e) => ({ ...e, image: '' }));
    if (!file) return setPreview(null);
    if (!ACCEPTED.includes(file.type)) {
      setErrors((e) => ({ ...e, image: 'Choose a PNG, JPEG or WebP image' }));
      if (fileRef.current) fileRef.current.value = '';
      return;
    }
    if (file.size > EVENT_IMAGE_MAX_BYTES) {
      setErrors((e) => ({ ...e, image: 'The image is larger than 2 MB' }));
      if (fileRef.current) fileRef.current.value = '';
      return;
    }
    setRemoveImage(false);
    setPreview(URL.createObjectURL(file));
  }

  async function submit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    const form = new FormData(formEvent.currentTarget);
    // Empty text clears location, country and description; other empty fields and an unchosen file are left out.
    for (const [key, value] of [...form.entries()]) {
      if (typeof value === 'string' && value.trim() === '' && !['description', 'location', 'country'].includes(key)) form.delete(key);
      if (value instanceof File && value.size === 0) form.delete(key);
    }
    if (removeImage && !form.get('image')) form.set('imageUrl', '');
    const start = String(form.get('startDate') ?? '');
    const end = String(form.get('endDate') ?? '');
    if (start && end && end < start) return setErrors({ endDate: 'The event cannot end before it starts' });
    setErrors({});
    try {
      const answer = await save.mutateAsync(form);
      toast.success(answer.message ?? 'Event saved');
      onDone(answer.data);
    } catch (error) {
      const failure = error instanceof EventCallError ? error.failure : null;
      const fields = Object.fromEntries(Object.entries(failure?.fields ?? {}).map(([key, messages]) => [key, messages[0] ?? '']));
      setErrors({ ...fields, form: (error as Error).message });
    }
  }

  const describe = (key: string) => (errors[key] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${key}` } : {});
  const fieldError = (key: string) =>
    errors[key] ? (
      <span className="field__error" id={`${id}-${key}`} role="alert">
        {errors[key]}
      </span>
    ) : null;
  const currentImage = removeImage ? '' : (preview ?? event?.imageUrl ?? '');

  return (
    <form className="form ev-form" onSubmit={(e) => void submit(e)} noValidate aria-label={event ? `Edit ${event.name}` : 'New event'}>
      <label className="field">
        <span className="field__label">Event name *</span>
        <input ref={firstRef} className="field__input" name="name" required maxLength={120} defaultValue={event?.name ?? ''} {...describe('name')} />
        {fieldError('name')}
      </label>
      <div className="form__row">
        <label className="field">
          <span className="field__label">Starts *</span>
          <input className="field__input" type="date" name="startDate" required defaultValue={event?.startDate ?? ''} {...describe('startDate')} />
          {fieldError('startDate')}
        </label>
        <label className="field">
          <span className="field__label">Ends *</span>
          <input className="field__input" type="date" name="endDate" required defaultValue={event?.endDate ?? ''} {...describe('endDate')} />
          {fieldError('endDate')}
        </label>
      </div>
      <div className="form__row">
        <label className="field">
          <span className="field__label">Location</span>
          <input className="field__input" name="location" maxLength={200} defaultValue={event?.location ?? ''} {...describe('location')} />
          {fieldError('location')}
        </label>
        <CountryField id={`${id}-country`} name="country" label="Country" value={country} onChange={setCountry} error={errors.country || undefined} />
      </div>
      <label className="field">
        <span className="field__label">Expected attendees</span>
        <input className="field__input" name="expectedAttendees" inputMode="numeric" defaultValue={event?.expectedAttendees ?? ''} {...describe('expectedAttendees')} />
        {fieldError('expectedAttendees')}
      </label>
      <label className="field">
        <span className="field__label">Description</span>
        <textarea className="field__input ev-textarea" name="description" rows={4} maxLength={4000} defaultValue={event?.description ?? ''} {...describe('description')} />
        {fieldError('description')}
      </label>
      <div className="ev-image-field">
        {currentImage ? <img className="ev-image ev-image--small" src={currentImage} alt="Event image preview" width={160} height={90} /> : <div className="ev-image ev-image--small ev-image--placeholder" aria-hidden="true" />}
        <div className="ev-stack ev-stack--tight">
          <label className="field">
            <span className="field__label">Image (PNG, JPEG or WebP, at most 2 MB)</span>
            <input ref={fileRef} className="field__input" type="file" name="image" accept={ACCEPTED.join(',')} onChange={(e) => pickImage(e.target.files?.[0])} {...describe('image')} />
            {fieldError('image')}
          </label>
          {event?.imageUrl && !preview && (
            <label className="ev-check">
              <input type="checkbox" checked={removeImage} onChange={(e) => setRemoveImage(e.target.checked)} />
              Remove the current image
            </label>
          )}
        </div>
      </div>
      {errors.form && (
        <p className="ev-alert" role="alert">
          {errors.form}
        </p>
      )}
      <div className="form__actions">
        <Button type="submit" loading={save.isPending}>
          {event ? 'Save event' : 'Create event'}
        </Button>
        <Button type="button" variant="ghost" onClick={() => onDone(null)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
