import type { ReactNode } from 'react';
import './form.css';

/**
 * A message about the whole form (not one field). Errors use role="alert" so they are read out
 * as soon as they appear; notices and successes are polite status messages.
 */
export function FormAlert({ variant = 'error', children }: { variant?: 'error' | 'info' | 'success'; children: ReactNode }) {
  return (
    <div className={`form-alert form-alert--${variant}`} role={variant === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
