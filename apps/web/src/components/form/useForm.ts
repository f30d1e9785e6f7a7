import { useCallback, useId, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';

/**
 * A small form-state hook (no form library is installed). Values are strings; `validate` turns
 * them into one message per field, usually through a contract schema (see zodFieldErrors), so
 * the form and the API reject the same input with the same words.
 *
 * A field shows its client message once it has been left (blur) or after a submit attempt, and
 * then updates on every keystroke. Server messages (`fields` of the error envelope) win until the
 * field is edited again.
 */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export function useForm<F extends string>(initial: Record<F, string>, validate: (values: Record<F, string>) => FieldErrors<F>) {
  const formId = useId();
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors<F>>({});
  const validateRef = useRef(validate);
  validateRef.current = validate;
  const clientErrors = useMemo(() => validateRef.current(values), [values]);

  const idFor = useCallback((name: F) => `${formId}-${name}`, [formId]);

  const errorFor = (name: F): string | undefined => serverErrors[name] ?? (touched[name] ? clientErrors[name] : undefined);

  const setValue = useCallback((name: F, value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setServerErrors((previous) => (previous[name] ? { ...previous, [name]: undefined } : previous));
  }, []);

  /** Props for an <input>: id, name, value, change and blur handlers, and the ARIA error state. */
  const field = (name: F) => ({
    id: idFor(name),
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => setValue(name, event.target.value),
    onBlur: () => setTouched((previous) => (previous[name] ? previous : { ...previous, [name]: true })),
    error: errorFor(name),
  });

  const focusField = (name: F) => document.getElementById(idFor(name))?.focus();

  /** Wraps a submit: on invalid input it shows every message and focuses the first bad field. */
  const handleSubmit = (onValid: (values: Record<F, string>) => void | Promise<void>) => (event: FormEvent) => {
    event.preventDefault();
    const errors = validateRef.current(values);
    const names = Object.keys(values) as F[];
    setTouched(Object.fromEntries(names.map((name) => [name, true])) as Record<F, boolean>);
    const firstBad = names.find((name) => errors[name]);
    if (firstBad) {
      focusField(firstBad);
      return;
    }
    void onValid(values);
  };

  /** Puts the server's `fields` onto the form; `rename` maps API names to form names (userId → email). */
  const applyServerFields = (fields: Record<string, string[]> | undefined, rename: Record<string, F> = {}): boolean => {
    if (!fields) return false;
    const mapped: FieldErrors<F> = {};
    for (const [key, messages] of Object.entries(fields)) {
      const name = (rename[key] ?? key) as F;
      if (name in values && messages[0]) mapped[name] = messages[0];
    }
    const names = Object.keys(mapped) as F[];
    if (names.length === 0) return false;
    setServerErrors(mapped);
    focusField(names[0]!);
    return true;
  };

  const reset = (next: Record<F, string> = initial) => {
    setValues(next);
    setTouched({});
    setServerErrors({});
  };

  return { values, setValue, field, errorFor, handleSubmit, applyServerFields, reset, idFor, focusField };
}

/** The first message per top-level field of a failed zod parse; `rename` maps schema keys to form names. */
export function zodFieldErrors<F extends string>(result: z.ZodSafeParseResult<unknown>, rename: Record<string, F> = {}): FieldErrors<F> {
  if (result.success) return {};
  const errors: FieldErrors<F> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    const name = (rename[key] ?? key) as F;
    if (key && !errors[name]) errors[name] = issue.message;
  }
  return errors;
}

/** Optional text inputs: an empty box means "not given", which the schemas express as undefined. */
export function optional(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}
