import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName } from '../../components/ui/Button.tsx';
import { ResetPasswordForm } from '../../features/auth/components/ResetPasswordForm.tsx';
import { loginPath } from '../../features/auth/redirects.ts';
import { StatusIcon } from './StatusIcon.tsx';
import './auth-page.css';

type Outcome = { state: 'done'; message: string; email: string | null } | { state: 'invalid'; message: string } | null;

const MISSING_TOKEN = 'This reset link is incomplete. Please request a new one.';

/** /reset-password?tk=…: the page the reset email links to. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('tk');
  // ?choose=1: after competing sign-ups the verifier sets the account's first password here (decision 0005).
  const choosing = params.get('choose') === '1';
  const [outcome, setOutcome] = useState<Outcome>(token ? null : { state: 'invalid', message: MISSING_TOKEN });

  if (outcome) {
    const done = outcome.state === 'done';
    return (
      <div className="container auth-page auth-page--single">
        <title>Reset your password — Carbonwise</title>
        <section className="auth-card auth-card--status">
          <StatusIcon variant={done ? 'success' : 'error'} />
          <h1 className="auth-card__title">{done ? (choosing ? 'Password set' : 'Password reset') : 'This link can’t be used'}</h1>
          <p className="auth-card__lead" role={done ? 'status' : 'alert'}>
            {outcome.message}
          </p>
          {done ? (
            <Link to={loginPath({ email: outcome.email })} className={buttonClassName('primary', 'lg', 'btn--full')}>
              Log in
            </Link>
          ) : (
            <Link to="/forgot-password" className={buttonClassName('primary', 'lg', 'btn--full')}>
              Request a new link
            </Link>
          )}
        </section>
      </div>
    );
  }

  return (
    <div className="container auth-page auth-page--single">
      <title>{choosing ? 'Choose your password' : 'Choose a new password'} — Carbonwise</title>
      <section className="auth-card" aria-labelledby="reset-title">
        <header className="auth-card__header">
          <h1 id="reset-title" className="auth-card__title">
            {choosing ? 'Choose your password' : 'Choose a new password'}
          </h1>
          <p className="auth-card__lead">
            {choosing
              ? 'More than one sign-up used this email, so no password typed at sign-up works. Choose the password for your account; you can add your name on the account page.'
              : 'After this, every device signed in to your account is signed out.'}
          </p>
        </header>
        <ResetPasswordForm
          token={token!}
          onDone={(message, email) => setOutcome({ state: 'done', message, email })}
          onInvalidToken={(message) => setOutcome({ state: 'invalid', message })}
        />
      </section>
    </div>
  );
}
