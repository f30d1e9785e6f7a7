import '../../../components/form/form.css';
import { useState, type FormEvent } from 'react';
import { BUSINESS_SIZES } from '@app/contract/business-rules';
import type { BusinessWriteBody, OwnBusiness } from '@app/contract/business';
import { CountryField } from '../../../components/form/CountryField.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { useToast } from '../../../components/ui/useToast.ts';
import { BusinessCallError, useSaveBusiness } from '../api.ts';

type Values = { name: string; description: string; website: string; logoUrl: string; country: string; industry: string; size: string };

const empty: Values = { name: '', description: '', website: '', logoUrl: '', country: '', industry: '', size: '' };

function valuesOf(business: OwnBusiness | null): Values {
  if (!business) return empty;
  const { name, description, website, logoUrl, country, industry, size } = business;
  return { name, description, website, logoUrl, country, industry, size };
}

const FIELDS: { key: keyof Values; label: string; hint?: string; max: number }[] = [
  { key: 'name', label: 'Business name', max: 120 },
  { key: 'website', label: 'Website', hint: 'https://…', max: 300 },
  { key: 'logoUrl', label: 'Logo address', hint: 'An https:// image address', max: 500 },
  { key: 'industry', label: 'Industry', max: 80 },
];

/** Create (no business yet) or edit the business profile; the server's messages appear under the fields they name. */
export function BusinessForm({ business, onSaved }: { business: OwnBusiness | null; onSaved?: (saved: OwnBusiness) => void }) {
  const [values, setValues] = useState<Values>(() => valuesOf(business));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveBusiness(business?.id ?? null);
  const toast = useToast();

  const set = (key: keyof Values, value: string) => setValues((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setProblem(null);
    if (!values.name.trim()) {
      setErrors({ name: 'Enter your business name' });
      return;
    }
    const body: BusinessWriteBody = { ...values, size: values.size as BusinessWriteBody['size'] };
    try {
      const saved = await save.mutateAsync(body);
      toast.success(business ? 'Business account saved' : 'Business account created');
      onSaved?.(saved.data);
    } catch (error) {
      const failure = error instanceof BusinessCallError ? error.failure : null;
      const fields = Object.fromEntries(Object.entries(failure?.fields ?? {}).map(([key, messages]) => [key, messages[0] ?? '']));
      setErrors(fields);
      setProblem(Object.keys(fields).length ? 'Please check the fields marked below.' : (failure?.message ?? 'Your business could not be saved.'));
    }
  }

  return (
    <form className="business-card business-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="business-form-title">
      <h2 id="business-form-title" className="business-card__title">
        {business ? 'Business profile' : 'Create your business account'}
      </h2>
      {!business && <p className="business-muted">Your team, suppliers and distributors join with the codes you get next. One business per account.</p>}
      {problem && (
        <p className="business-alert" role="alert">
          {problem}
        </p>
      )}
      <div className="business-form__grid">
        {FIELDS.map((field) => (
          <div className="field" key={field.key}>
            <label htmlFor={`business-${field.key}`} className="field__label">
              {field.label}
              {field.key === 'name' && ' *'}
            </label>
            <input
              id={`business-${field.key}`}
              className="field__input"
              value={values[field.key]}
              maxLength={field.max}
              placeholder={field.hint}
              aria-invalid={errors[field.key] ? true : undefined}
              aria-describedby={errors[field.key] ? `business-${field.key}-error` : undefined}
              onChange={(event) => set(field.key, event.target.value)}
            />
            {errors[field.key] && (
              <p id={`business-${field.key}-error`} className="field__error">
                {errors[field.key]}
              </p>
            )}
          </div>
        ))}
        <CountryField id="business-country" label="Country" value={values.country} onChange={(code) => set('country', code)} error={errors.country} />
        <div className="field">
          <label htmlFor="business-size" className="field__label">
            Size
          </label>
          <select id="business-size" className="field__input" value={values.size} onChange={(event) => set('size', event.target.value)}>
            <option value="">Not given</option>
            {BUSINESS_SIZES.map((size) => (
              <option key={size} value={size}>
                {size} people
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor="business-description" className="field__label">
          About the business
        </label>
        <textarea id="business-description" className="field__input" rows={4} maxLength={2000} value={values.description} aria-invalid={errors.description ? true : undefined} onChange={(event) => set('description', event.target.value)} />
        {errors.description && <p className="field__error">{errors.description}</p>}
      </div>
      <div className="business-form__actions">
        <Button type="submit" loading={save.isPending}>
          {business ? 'Save profile' : 'Create business account'}
        </Button>
      </div>
    </form>
  );
}
