import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { ResendLinkForm } from '../../features/auth/components/ResendLinkForm.tsx';
import { useVerifyAccount } from '../../features/auth/api/use-verify-account.ts';
import { useCompleteVerification } from '../../features/auth/hooks/useCompleteVerification.ts';
import { choosePasswordPath, loginPath, safeNextPath } from '../../features/auth/redirects.ts';
import { StatusIcon } from './StatusIcon.tsx';
import './auth-page.css';

/**
 * /verify-account?tk=…&next=…: the page the "Verify email" button in the email opens. In the
 * browser that signed up (it keeps the sign-up proof) it signs in and moves on as the code popup
 * does; in any other browser the email is verified and the person chooses the password.
 */
export function VerifyAccountPage() {
  const [params] = useSearchParams();
  const token = params.get('tk');
  const next = safeNextPath(params.get('next'));
  const result = useVerifyAccount(token);
  const completeVerification = useCompleteVerification();
  const signedIn = useRef(false);
  const grant = result.data?.state === 'verified' ? result.data.grant : undefined;
  useEffect(() => {
    // Once: the answer is cached for good, and the page may render again while signing in.
    if (!grant || signedIn.current) return;
    signedIn.current = true;
    void completeVerification(grant, next);
  }, [grant, next, completeVerification]);

  let content;
  if (token && result.isPending) {
    content = (
      <>
        <Spinner size="lg" label="" />
        <h1 className="auth-card__title">Verifying your email…</h1>
        <p className="auth-card__lead" role="status">
          This takes a moment.
        </p>
      </>
    );
  } else if (result.data?.state === 'verified') {
    content = (
      <>
        <StatusIcon variant="success" />
        <h1 className="auth-card__title">Email Verification Successfull!</h1>
        <p className="auth-card__lead" role="status">
          <strong>{result.data.email}</strong> is verified and your account is active. Signing you in…
        </p>
      </>
    );
  } else if (result.data?.state === 'choose-password') {
    content = (
      <>
        <StatusIcon variant="success" />
        <h1 className="auth-card__title">Email verified: choose your password</h1>
        <p className="auth-card__lead" role="status">
          {result.data.message}
        </p>
        <p className="auth-card__lead">Only someone who can read this mailbox gets here, so the password you choose now is the one that opens your account.</p>
        <Link to={choosePasswordPath(result.data.resetToken)} className={buttonClassName('primary', 'lg', 'btn--full')}>
          Choose your password
        </Link>
      </>
    );
  } else if (result.data?.state === 'already-verified') {
    content = (
      <>
        <StatusIcon variant="info" />
        <h1 className="auth-card__title">Email Already Verified</h1>
        <p className="auth-card__lead">This account is active already. Log in with your email and password.</p>
        <Link to={loginPath({ next })} className={buttonClassName('primary', 'lg', 'btn--full')}>
          Log in
        </Link>
      </>
    );
  } else {
    const message = result.data?.message ?? (result.isError ? 'We could not reach Carbonwise to check this link.' : 'This verification link is incomplete.');
    content = (
      <>
        <StatusIcon variant="error" />
        <h1 className="auth-card__title">This link can’t be used</h1>
        <p className="auth-card__lead" role="alert">
          {message}
        </p>
        <hr className="auth-card__divider" />
        <p className="auth-card__lead">Enter your email and we will send you a new verification link.</p>
        <ResendLinkForm next={next} />
      </>
    );
  }

  return (
    <div className="container auth-page auth-page--single">
      <title>Verify your email — Carbonwise</title>
      <section className="auth-card auth-card--status" aria-live="polite">
        {content}
      </section>
    </div>
  );
}
