import { useId, useState, type FormEvent } from 'react';
import type { NewsletterState } from '../hooks/use-newsletter-subscribe.ts';
import './newsletter.css';

export const NEWSLETTER_PLACEHOLDER = 'Your Email Address *';

export interface NewsletterFormProps {
  variant: 'inline' | 'popup';
  state: NewsletterState;
  onSubmit: (email: string) => void;
  /** Spec §2.1: defaults to 'Your Email Address *'. */
  placeholder?: string;
}

/**
 * The subscribe form of spec §2.1: an email input, a submit control (SUBSCRIBE in the popup, an
 * arrow inline) and a status line (sending, error in red, success in green). The popup labels
 * the field 'Email Address *'; inline the placeholder does it visually and aria-label for
 * screen readers. Validation is ours (noValidate), so the spec's message shows, not the browser's.
 */
export function NewsletterForm({ variant, state, onSubmit, placeholder = NEWSLETTER_PLACEHOLDER }: NewsletterFormProps) {
  const id = useId();
  const [email, setEmail] = useState('');
  const statusId = `${id}-status`;
  const sending = state.status === 'sending';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(email);
  };

  return (
    <form className={`newsletter-form newsletter-form--${variant}`} onSubmit={submit} noValidate>
      {variant === 'popup' && (
        <label className="newsletter-form__label" htmlFor={`${id}-email`}>
          Email Address *
        </label>
      )}
      <div className="newsletter-form__row">
        <input
          id={`${id}-email`}
          className="newsletter-form__input"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={254}
          placeholder={placeholder}
          aria-label={variant === 'inline' ? 'Email address' : undefined}
          // In the popup the field is what the visitor came for; inline it must not steal focus.
          autoFocus={variant === 'popup'}
          aria-invalid={state.invalid || undefined}
          aria-describedby={state.message ? statusId : undefined}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        {variant === 'popup' ? (
          <button type="submit" className="btn btn--primary btn--md newsletter-form__subscribe" disabled={sending} aria-busy={sending || undefined}>
            SUBSCRIBE
          </button>
        ) : (
          <button type="submit" className="newsletter-form__arrow" aria-label="Subscribe" disabled={sending} aria-busy={sending || undefined}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M4 12h15M13 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        )}
      </div>
      <NewsletterStatusLine id={statusId} state={state} />
    </form>
  );
}

/** The status line: always in the page (a live region announces changes), coloured by outcome. */
export function NewsletterStatusLine({ id, state }: { id?: string; state: NewsletterState }) {
  const tone = state.status === 'success' ? 'success' : state.status === 'error' ? 'error' : 'neutral';
  return (
    <p id={id} className={`newsletter-status newsletter-status--${tone}`} role="status" aria-live="polite" data-status={state.status}>
      {state.message}
    </p>
  );
}
