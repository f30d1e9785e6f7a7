import type { ButtonHTMLAttributes, Ref } from 'react';
import { Spinner } from './Spinner.tsx';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Shows a spinner and disables the button while an action is in flight. */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** Button classes for a link that should look like a button (e.g. a router Link to a page). */
export function buttonClassName(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra?: string): string {
  return ['btn', `btn--${variant}`, `btn--${size}`, extra].filter(Boolean).join(' ');
}

/** The shared button. Defaults to type="button" so it never submits a form by accident. */
export function Button({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  loading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = buttonClassName(variant, size, [fullWidth && 'btn--full', className].filter(Boolean).join(' '));
  return (
    <button type={type} className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading && <Spinner size="sm" label="" />}
      {children}
    </button>
  );
}
