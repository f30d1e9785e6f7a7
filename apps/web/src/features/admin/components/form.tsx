import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { useForm, type FieldErrors, type FieldValues, type Path, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ErrorIcon } from '../../../components/form/TextField.tsx';
import { AdminApiError } from '../api/admin-client.ts';

/**
 * The console's forms: react-hook-form holds the values (nested ones too: a product's colours,
 * sizes and seven prices), and the contract's zod schema, the one the API validates the request
 * with, checks them in the browser, so the form and the server refuse the same input with the
 * same words. The shop's own small useForm (components/form/useForm.ts) keeps string fields
 * only, which fits its sign-in forms but not an editor of arrays and numbers (decision 0041).
 */
export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(schema: S, options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {}) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    // A field's message appears once it is left, then follows every keystroke.
    mode: 'onTouched',
    resolver: zodResolver(schema as never) as never,
    ...options,
  });
}

/**
 * Puts an API refusal on the form: each field the server named (`fields` of the error envelope)
 * gets its message beside it; anything else becomes the form's own message. Returns that message.
 */
export function applyServerErrors<T extends FieldValues>(form: UseFormReturn<T, unknown, never> | UseFormReturn<T, unknown, FieldValues>, error: unknown): string | null {
  if (error instanceof AdminApiError && error.fields) {
    let first = true;
    for (const [name, messages] of Object.entries(error.fields)) {
      if (!messages[0]) continue;
      form.setError(name as Path<T>, { type: 'server', message: messages[0] }, { shouldFocus: first });
      first = false;
    }
    if (!first) return null;
  }
  return error instanceof Error ? error.message : 'Something went wrong on our side. Please try again in a moment.';
}

/** The message for a (possibly nested) field name such as `prices.2.price`. */
export function errorAt(errors: FieldErrors, name: string): string | undefined {
  let node: unknown = errors;
  for (const part of name.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

interface FieldFrameProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/** Label, control, hint and error, wired for assistive technology (aria-invalid, aria-describedby). */
export function FieldFrame({ label, error, hint, className, children }: FieldFrameProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={['field', 'admin-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children({ id, describedBy: [errorId, hintId].filter(Boolean).join(' ') || undefined, invalid: Boolean(error) })}
      {error ? (
        <p id={errorId} className="field__error">
          <ErrorIcon />
          {error}
        </p>
      ) : (
        hint && (
          <p id={hintId} className="field__hint">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

type InputProps = InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; error?: string; hint?: ReactNode; fieldClassName?: string };
export function InputField({ label, error, hint, fieldClassName, ...input }: InputProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={fieldClassName}>
      {({ id, describedBy, invalid }) => <input className="field__input" {...input} id={id} aria-invalid={invalid || undefined} aria-describedby={describedBy} />}
    </FieldFrame>
  );
}

type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: ReactNode; error?: string; hint?: ReactNode; fieldClassName?: string };
export function TextareaField({ label, error, hint, fieldClassName, ...textarea }: TextareaProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={fieldClassName}>
      {({ id, describedBy, invalid }) => <textarea className="field__input admin-textarea" rows={4} {...textarea} id={id} aria-invalid={invalid || undefined} aria-describedby={describedBy} />}
    </FieldFrame>
  );
}

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { label: ReactNode; error?: string; hint?: ReactNode; fieldClassName?: string; options: readonly (string | { value: string; label: string })[] };
export function SelectField({ label, error, hint, fieldClassName, options, ...select }: SelectProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={fieldClassName}>
      {({ id, describedBy, invalid }) => (
        <select className="field__input admin-select" {...select} id={id} aria-invalid={invalid || undefined} aria-describedby={describedBy}>
          {options.map((option) => {
            const { value, label: text } = typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <option key={value} value={value}>
                {text}
              </option>
            );
          })}
        </select>
      )}
    </FieldFrame>
  );
}
