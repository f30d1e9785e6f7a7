import '../../../components/form/form.css';
import { useState, type FormEvent } from 'react';
import type { OwnBusiness } from '@app/contract/business';
import { Button } from '../../../components/ui/Button.tsx';
import { useToast } from '../../../components/ui/useToast.ts';
import { useSaveSlug } from '../api.ts';

/** The business's address name (slug), used in its public addresses; must be unique. */
export function SlugEditor({ business }: { business: OwnBusiness }) {
  const [slug, setSlug] = useState(business.businessSlug);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSlug(business.id);
  const toast = useToast();
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await save.mutateAsync(slug);
      toast.success('Address name changed');
    } catch (failure) {
      setError((failure as Error).message);
    }
  }
  return (
    <form className="slug-editor" onSubmit={(event) => void submit(event)} noValidate>
      <div className="field">
        <label htmlFor="business-slug" className="field__label">
          Address name
        </label>
        <input id="business-slug" className="field__input" value={slug} maxLength={80} aria-invalid={error ? true : undefined} aria-describedby="business-slug-hint" onChange={(event) => setSlug(event.target.value)} />
        <p id="business-slug-hint" className="business-muted">
          Lowercase letters, digits and dashes, e.g. greenleaf-ltd.
        </p>
        {error && <p className="field__error">{error}</p>}
      </div>
      <Button type="submit" variant="secondary" size="sm" loading={save.isPending} disabled={slug === business.businessSlug}>
        Change address name
      </Button>
    </form>
  );
}
