import { useNewsletterSubscribe } from '../hooks/use-newsletter-subscribe.ts';
import { NewsletterForm } from './NewsletterForm.tsx';

/**
 * The inline newsletter block of the home page. Its outcomes are the status line alone: the
 * server's message says what happens next (check the inbox, already subscribed…).
 */
export function NewsletterInline() {
  const { state, subscribe } = useNewsletterSubscribe();
  return (
    <section className="newsletter-inline" aria-labelledby="newsletter-inline-title">
      <div className="container newsletter-inline__inner">
        <div className="newsletter-inline__copy">
          <h2 id="newsletter-inline-title" className="newsletter-inline__title">
            Join our newsletter
          </h2>
          <p className="newsletter-inline__lead">Be the first one to get cutting-edge insights on Sustainability, delivered to your inbox</p>
        </div>
        <NewsletterForm variant="inline" state={state} onSubmit={(email) => void subscribe(email)} />
      </div>
    </section>
  );
}
