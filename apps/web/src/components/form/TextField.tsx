import type { InputHTMLAttributes, ReactNode } from 'react';
import './form.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: ReactNode;
  /** Shown in red under the field and linked with aria-describedby. */
  error?: string;
  /** Neutral help under the field. */
  hint?: ReactNode;
  /** Extra content under the field (e.g. the live password policy). */
  children?: ReactNode;
  /** Marks the input invalid when the message is shown elsewhere (e.g. in the policy list). */
  invalid?: boolean;
}

/**
 * A labelled input with its hint and error wired for assistive technology: the label names it,
 * aria-invalid marks it, and aria-describedby reads the hint and the message after the label.
 */
export function TextField({ id, label, error, hint, children, className, invalid, ...input }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId, input['aria-describedby']].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        type="text"
        {...input}
        id={id}
        className="field__input"
        aria-invalid={invalid || error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error && (
        <p id={errorId} className="field__error">
          <ErrorIcon />
          {error}
        </p>
      )}
      {hint && !error && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {children}
    </div>
  );
}

export function ErrorIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" className="field__icon">
      <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M8 4.5v4M8 11h.01" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
