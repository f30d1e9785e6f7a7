import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { OwnSustainabilityProfile, ProfileTheme } from '@app/contract/sustainability';
import { Button } from '../../../components/ui/Button.tsx';
import { useToast } from '../../../components/ui/useToast.ts';
import { FormAlert } from '../../../components/form/FormAlert.tsx';
import { CountryField } from '../../../components/form/CountryField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { errorMessage, type ApiResponse } from '../../../lib/api-client.ts';
import { profileKeys, saveOwnProfile, uploadImage } from '../api/carbon-api.ts';
import { ThemePicker } from './ThemePicker.tsx';

type Form = Omit<OwnSustainabilityProfile, 'slug' | 'published' | 'updatedAt'>;
type FieldErrors = Partial<Record<keyof Form | 'file', string>>;

const FLAGGED: Array<{ field: 'name' | 'phone' | 'email' | 'twitter' | 'linkedin' | 'instagram' | 'facebook'; flag: keyof Form; label: string; type?: string; placeholder?: string }> = [
  { field: 'name', flag: 'showName', label: 'Name' },
  { field: 'phone', flag: 'showPhone', label: 'Phone', type: 'tel' },
  { field: 'email', flag: 'showEmail', label: 'Email', type: 'email' },
  { field: 'twitter', flag: 'showTwitter', label: 'X (Twitter)', type: 'url', placeholder: 'https://x.com/…' },
  { field: 'linkedin', flag: 'showLinkedin', label: 'LinkedIn', type: 'url', placeholder: 'https://www.linkedin.com/in/…' },
  { field: 'instagram', flag: 'showInstagram', label: 'Instagram', type: 'url', placeholder: 'https://www.instagram.com/…' },
  { field: 'facebook', flag: 'showFacebook', label: 'Facebook', type: 'url', placeholder: 'https://www.facebook.com/…' },
];

/** Where the editor saves: the personal profile by default; the business-sustainability profile passes its own. */
export interface ProfileEditorTarget {
  save: (body: Form) => Promise<ApiResponse<{ data: OwnSustainabilityProfile }>>;
  ownKey: readonly unknown[];
  publicKeyPrefix: readonly unknown[];
  publicPath: string;
  savedMessage: string;
}
const PERSONAL: Omit<ProfileEditorTarget, 'publicPath'> = { save: saveOwnProfile, ownKey: profileKeys.own, publicKeyPrefix: ['sustainability', 'public'], savedMessage: 'Sustainability profile saved' };

/** The owner's editor for the sustainability profile; each contact field has its "show publicly" switch. */
export function ProfileEditor({ initial, target: given }: { initial: OwnSustainabilityProfile; target?: ProfileEditorTarget }) {
  const { slug, published: initiallyPublished, updatedAt: _updatedAt, ...all } = initial;
  const fields = pickFields(all);
  const target = given ?? { ...PERSONAL, publicPath: `/sustainability/${slug}` };
  const [form, setForm] = useState<Form>(fields);
  const [published, setPublished] = useState(initiallyPublished);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const queryClient = useQueryClient();
  const toast = useToast();
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((current) => ({ ...current, [key]: value }));

  async function onFile(file: File | undefined) {
    if (!file) return;
    if (file.size > 2 * 1024 * 1024) {
      setErrors((current) => ({ ...current, file: 'The image is larger than 2 MB' }));
      return;
    }
    setUploading(true);
    setErrors((current) => ({ ...current, file: undefined }));
    try {
      const response = await uploadImage(file);
      if (response.ok && response.data) set('image', response.data.data.url);
      else setErrors((current) => ({ ...current, file: errorMessage(response, 'The image could not be uploaded') }));
    } catch {
      setErrors((current) => ({ ...current, file: 'The image could not be uploaded. Please check your connection.' }));
    } finally {
      setUploading(false);
    }
  }

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setSaving(true);
    setFormError(null);
    try {
      const response = await target.save(form);
      if (response.ok && response.data) {
        setErrors({});
        setPublished(true);
        queryClient.setQueryData(target.ownKey, response.data.data);
        await queryClient.invalidateQueries({ queryKey: target.publicKeyPrefix });
        toast.success(target.savedMessage);
        return;
      }
      const body = response.data as unknown as { fields?: Record<string, string[]> } | null;
      const next: FieldErrors = {};
      for (const [key, messages] of Object.entries(body?.fields ?? {})) next[key as keyof Form] = messages[0];
      setErrors(next);
      setFormError(errorMessage(response, 'Your profile could not be saved. Please try again.'));
    } catch {
      setFormError('Your profile could not be saved. Please check your connection.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="carbon-card profile-editor" onSubmit={(event) => void onSubmit(event)} noValidate>
      {formError && <FormAlert>{formError}</FormAlert>}
      {published ? (
        <FormAlert variant="info">
          Your public page: <Link to={target.publicPath}>{target.publicPath}</Link>
        </FormAlert>
      ) : (
        <FormAlert variant="info">Your page is not public yet. Save it once to publish it at {target.publicPath}.</FormAlert>
      )}

      <fieldset className="profile-editor__group">
        <legend className="carbon-card__title">Your page</legend>
        <div className="profile-editor__image">
          {form.image ? <img src={form.image} alt="Your profile picture" width={88} height={88} /> : <span className="profile-view__image profile-view__image--empty" aria-hidden="true">?</span>}
          <div className="field">
            <label htmlFor="profile-file" className="field__label">
              Picture (PNG, JPEG or WebP, up to 2 MB)
            </label>
            <input id="profile-file" type="file" accept="image/png,image/jpeg,image/webp" onChange={(event) => void onFile(event.target.files?.[0])} disabled={uploading} />
            {errors.file && <p className="field__error">{errors.file}</p>}
            {errors.image && <p className="field__error">{errors.image}</p>}
            {form.image && (
              <Button variant="link" size="sm" onClick={() => set('image', '')}>
                Remove picture
              </Button>
            )}
          </div>
        </div>
        <TextField id="profile-imageURL" label="Or a link to a picture elsewhere" type="url" placeholder="https://…" value={form.imageURL} error={errors.imageURL} onChange={(e) => set('imageURL', e.target.value)} />
        <TextField id="profile-title" label="Title" value={form.title} error={errors.title} maxLength={120} onChange={(e) => set('title', e.target.value)} />
        <div className="field">
          <label htmlFor="profile-description" className="field__label">
            Short description
          </label>
          <textarea id="profile-description" className="field__input" rows={2} maxLength={500} value={form.description} aria-invalid={errors.description ? true : undefined} onChange={(e) => set('description', e.target.value)} />
          {errors.description && <p className="field__error">{errors.description}</p>}
        </div>
        <div className="field">
          <label htmlFor="profile-aboutUs" className="field__label">
            About us
          </label>
          <textarea id="profile-aboutUs" className="field__input" rows={5} maxLength={5000} value={form.aboutUs} aria-invalid={errors.aboutUs ? true : undefined} onChange={(e) => set('aboutUs', e.target.value)} />
          {errors.aboutUs && <p className="field__error">{errors.aboutUs}</p>}
        </div>
        <CountryField id="profile-country" label={<>Country <span className="field__label-note">(optional)</span></>} value={form.country ?? ''} onChange={(code) => set('country', code)} error={errors.country} />
        <ThemePicker value={form.themeSelected} onChange={(theme: ProfileTheme) => set('themeSelected', theme)} />
      </fieldset>

      <fieldset className="profile-editor__group">
        <legend className="carbon-card__title">Contact and links</legend>
        <p className="carbon-muted">Each item appears on your public page only when "Show publicly" is ticked.</p>
        {FLAGGED.map(({ field, flag, label, type, placeholder }) => (
          <div key={field} className="profile-editor__flagged">
            <TextField id={`profile-${field}`} label={label} type={type} placeholder={placeholder} value={form[field]} error={errors[field]} onChange={(e) => set(field, e.target.value)} />
            <label className="carbon-check">
              <input type="checkbox" checked={Boolean(form[flag])} onChange={(e) => set(flag, e.target.checked as never)} />
              Show publicly
            </label>
          </div>
        ))}
      </fieldset>

      <div className="profile-editor__actions">
        <Button type="submit" loading={saving}>
          Save profile
        </Button>
      </div>
    </form>
  );
}

/** Only the profile's own fields go into the form (a business profile's view carries more). */
function pickFields(view: Form & Record<string, unknown>): Form {
  const { image, imageURL, title, description, aboutUs, country, name, phone, email, twitter, linkedin, instagram, facebook, showName, showPhone, showEmail, showTwitter, showLinkedin, showInstagram, showFacebook, themeSelected } = view;
  return { image, imageURL, title, description, aboutUs, country, name, phone, email, twitter, linkedin, instagram, facebook, showName, showPhone, showEmail, showTwitter, showLinkedin, showInstagram, showFacebook, themeSelected };
}
