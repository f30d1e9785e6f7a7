import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { AdminSession } from '@app/contract/admin';
import { logOut } from '../../session/sign-in.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { storeAdminToken } from '../api/admin-token.ts';
import { LoadingState, ErrorState } from '../components/States.tsx';
import { AdminMark } from '../layout/AdminMark.tsx';
import { readSignInStatus, type SignInStatus } from './sign-in-api.ts';
import { operatorQueryKey } from './use-operator.ts';
import { PasswordStep } from './PasswordStep.tsx';
import { EnrolStep } from './EnrolStep.tsx';
import { CodeStep } from './CodeStep.tsx';
import { RecoveryCodesStep } from './RecoveryCodesStep.tsx';

/** Only a path inside the console is a place to return to (never another site). */
function safeNext(next: string | null): string {
  return next && /^\/admin(\/|$|\?)/.test(next) && !next.startsWith('//') ? next : '/admin';
}

/**
 * Signing in to the console: the shop's own sign-in (email and password) when needed, then the
 * second factor: enrolment with a QR code and recovery codes the first time, a 6-digit code (or a
 * recovery code) after that. The admin session it ends with lasts at most 12 hours.
 */
export function SignInPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [search] = useSearchParams();
  const next = safeNext(search.get('next'));
  const [state, setState] = useState<SignInStatus | { step: 'checking' } | { step: 'recovery'; session: AdminSession } | { step: 'error'; error: Error }>({ step: 'checking' });

  const check = useCallback(() => {
    setState({ step: 'checking' });
    readSignInStatus().then(setState, (error: unknown) => setState({ step: 'error', error: error instanceof Error ? error : new Error(String(error)) }));
  }, []);
  useEffect(check, [check]);

  const finish = (session: AdminSession) => {
    storeAdminToken(session.token, session.expiresAt);
    client.setQueryData(operatorQueryKey, session.operator);
    if (session.recoveryCodes?.length) setState({ step: 'recovery', session });
    else void navigate(next, { replace: true });
  };

  const signOut = async () => {
    await logOut();
    check();
  };

  const operatorEmail = 'status' in state ? state.status.operator.email : null;
  return (
    <div className="admin-auth">
      <title>Sign in · Carbonwise Admin</title>
      <div className="admin-auth__card">
        <div className="admin-auth__brand">
          <AdminMark size={36} />
          <span>
            Carbonwise <span className="admin-sidebar__product">Admin</span>
          </span>
        </div>
        {state.step === 'checking' && <LoadingState label="Checking your sign-in" />}
        {state.step === 'error' && <ErrorState error={state.error} onRetry={check} />}
        {state.step === 'password' && <PasswordStep onSignedIn={check} />}
        {state.step === 'not-operator' && (
          <div className="admin-auth__step">
            <h1 className="admin-auth__title">This account cannot use the console</h1>
            <p className="admin-auth__text">{state.message} An owner can invite you from the console's Operators page.</p>
            <div className="admin-auth__actions">
              <a className="btn btn--secondary btn--md" href="/">
                Back to the shop
              </a>
              <Button variant="ghost" onClick={() => void signOut()}>
                Sign in with another account
              </Button>
            </div>
          </div>
        )}
        {state.step === 'enrol' && <EnrolStep onEnrolled={finish} />}
        {state.step === 'code' && <CodeStep onVerified={finish} />}
        {state.step === 'recovery' && <RecoveryCodesStep codes={state.session.recoveryCodes ?? []} email={state.session.operator.email} onDone={() => void navigate(next, { replace: true })} />}
        {operatorEmail && (
          <p className="admin-auth__who">
            Signed in as {operatorEmail}.{' '}
            <button type="button" className="admin-link-button" onClick={() => void signOut()}>
              Not you?
            </button>
          </p>
        )}
      </div>
    </div>
  );
}
