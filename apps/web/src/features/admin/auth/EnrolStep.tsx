import { useEffect, useState } from 'react';
import type { AdminSession, MfaEnrolment } from '@app/contract/admin';
import { Button } from '../../../components/ui/Button.tsx';
import { useToast } from '../../../components/ui/useToast.ts';
import { ErrorState, LoadingState } from '../components/States.tsx';
import { QrCode } from '../../../components/QrCode.tsx';
import { TotpCodeForm } from './CodeStep.tsx';
import { confirmEnrolment, startEnrolment } from './sign-in-api.ts';

/** The secret in groups of four, as authenticator apps show it when typed by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Step 2 the first time: set up an authenticator app. The QR code carries the `otpauth://` URI;
 * the same secret is shown for typing in. The first code from the app confirms the enrolment
 * and opens the admin session, with ten recovery codes shown once (RecoveryCodesStep).
 */
export function EnrolStep({ onEnrolled }: { onEnrolled: (session: AdminSession) => void }) {
  const toast = useToast();
  const [enrolment, setEnrolment] = useState<MfaEnrolment | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const begin = () => {
    setError(null);
    setEnrolment(null);
    startEnrolment().then(setEnrolment, (problem: unknown) => setError(problem instanceof Error ? problem : new Error(String(problem))));
  };
  useEffect(begin, []);

  if (error) return <ErrorState error={error} onRetry={begin} />;
  if (!enrolment) return <LoadingState label="Preparing your authenticator set-up" />;
  const copySecret = () =>
    navigator.clipboard?.writeText(enrolment.secret).then(
      () => toast.success('Secret copied'),
      () => toast.error('Copying is not allowed here: select the secret and copy it'),
    );

  return (
    <div className="admin-auth__step">
      <h1 className="admin-auth__title">Set up two-step sign-in</h1>
      <ol className="admin-enrol">
        <li>
          <p>Scan this code with an authenticator app (1Password, Google Authenticator, Microsoft Authenticator, Authy…).</p>
          <div className="admin-enrol__qr">
            <QrCode value={enrolment.otpauthUri} label={`QR code for ${enrolment.label}`} />
          </div>
          <details className="admin-enrol__manual">
            <summary>Can't scan it? Enter the key by hand</summary>
            <p>
              Account <strong>{enrolment.label}</strong>, key:
            </p>
            <code className="admin-enrol__secret" data-testid="mfa-secret">
              {grouped(enrolment.secret)}
            </code>
            <Button size="sm" variant="secondary" onClick={() => void copySecret()}>
              Copy key
            </Button>
            <p className="admin-auth__hint">Time-based, 6 digits, every 30 seconds.</p>
          </details>
        </li>
        <li>
          <p>Enter the 6-digit code the app shows.</p>
          <TotpCodeForm onVerified={onEnrolled} verify={confirmEnrolment} />
        </li>
      </ol>
    </div>
  );
}
