/**
 * Newsletter rules shared by the API and the web form, zod-free so the home page can use them
 * without pulling zod into its first load (`@app/contract/mailing-list-rules`).
 */

/** Spec §5: the email must match a standard pattern; otherwise the form says this. */
export const NEWSLETTER_INVALID_EMAIL = 'Please enter a valid email';

/**
 * A standard email pattern: something@domain.tld, no spaces, at most 254 characters. The server
 * additionally runs zod's email check; both reject what a person would call "not an email".
 */
export const NEWSLETTER_EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Trims and lower-cases, as the server stores it: one subscriber per address. */
export const normaliseNewsletterEmail = (value: string) => value.trim().toLowerCase();

export const isNewsletterEmail = (value: string) => {
  const email = normaliseNewsletterEmail(value);
  return email.length <= 254 && NEWSLETTER_EMAIL_PATTERN.test(email);
};

/** A confirmation link is valid this long. */
export const NEWSLETTER_CONFIRM_TTL_DAYS = 7;

/** A second confirmation mail to one address is sent only after this long (until then: 409). */
export const NEWSLETTER_RESEND_AFTER_SECONDS = 60;

/** At most this many confirmation mails to one address per day, so the form cannot mail-bomb anyone. */
export const NEWSLETTER_CONFIRMATIONS_PER_DAY = 5;

export const NEWSLETTER_MESSAGES = {
  confirmationSent: 'Thank you! Please check your inbox and click the link to confirm your subscription.',
  alreadySubscribed: 'You are already subscribed to our newsletter.',
  confirmationPending: 'We have already sent you a confirmation email. Please check your inbox, or try again in a minute.',
  subscribed: 'You are subscribed to our newsletter. Welcome aboard!',
  tooMany: 'Too many confirmation emails were sent to this address today. Please check your inbox or try again tomorrow.',
} as const;
