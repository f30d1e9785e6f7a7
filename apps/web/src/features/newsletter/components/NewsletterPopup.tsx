import { useEffect, useRef, useState } from 'react';
import { NEWSLETTER_POPUP_CLOSE_DELAY_MS } from '@app/contract/constants';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { useNewsletterSubscribe, type NewsletterNext } from '../hooks/use-newsletter-subscribe.ts';
import { NewsletterForm, NewsletterStatusLine } from './NewsletterForm.tsx';
import './newsletter.css';

export const NEWSLETTER_POPUP_TITLE = 'Subscribe to our newsletter';
export const NEWSLETTER_INVITATION = 'Be the first one to get cutting-edge insights on Sustainability, delivered to your inbox';

type Step = 'form' | Exclude<NewsletterNext, null>;

/**
 * The newsletter popup (spec §2.1, §2.2, §4): the form; then, for a new subscriber, the verify
 * step ('Verified', 'I'll verify it later', a resend link), or the OK-only step for the
 * already-subscribed outcomes. Every way of closing fades it out over 1 s before it goes.
 * Loaded on demand (NewsletterPopupLauncher), so none of this is in the home page's first load.
 */
export function NewsletterPopup({ onClosed }: { onClosed: () => void }) {
  const { state, subscribe, resend } = useNewsletterSubscribe();
  const [step, setStep] = useState<Step>('form');
  const [closing, setClosing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const close = () => {
    if (closing) return;
    setClosing(true);
    timer.current = setTimeout(onClosed, NEWSLETTER_POPUP_CLOSE_DELAY_MS);
  };

  const submit = async (email: string) => {
    const result = await subscribe(email);
    if (result?.status === 'success' && result.next) setStep(result.next);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && close()}
      title={step === 'form' ? NEWSLETTER_POPUP_TITLE : step === 'verify' ? 'Please verify your email' : 'Newsletter'}
      description={step === 'form' ? NEWSLETTER_INVITATION : undefined}
      size="sm"
    >
      <div className={`newsletter-popup${closing ? ' newsletter-popup--closing' : ''}`} data-closing={closing || undefined}>
        {step === 'form' && <NewsletterForm variant="popup" state={state} onSubmit={(email) => void submit(email)} />}

        {step === 'verify' && (
          <div className="newsletter-popup__step">
            <NewsletterStatusLine state={state} />
            <div className="newsletter-popup__actions">
              <Button onClick={close}>Verified</Button>
              <Button variant="secondary" onClick={close}>
                I&apos;ll verify it later
              </Button>
            </div>
            <p className="newsletter-popup__resend">
              Didn&apos;t get the email?{' '}
              <Button variant="link" onClick={() => void resend()} disabled={state.status === 'sending'}>
                Resend link
              </Button>
            </p>
          </div>
        )}

        {step === 'ok-only' && (
          <div className="newsletter-popup__step">
            <NewsletterStatusLine state={state} />
            <div className="newsletter-popup__actions">
              <Button onClick={close}>OK</Button>
            </div>
          </div>
        )}
      </div>
    </Dialog>
  );
}
