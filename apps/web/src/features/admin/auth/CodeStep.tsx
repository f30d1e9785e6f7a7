import { useEffect, useRef, useState } from 'react';
import type { AdminSession } from '@app/contract/admin';
import { mfaVerifyBodySchema } from '@app/contract/admin';
import { Button } from '../../../components/ui/Button.tsx';
import { OtpInput, emptyOtp, type OtpInputHandle } from '../../../components/ui/OtpInput.tsx';
import { FormAlert } from '../../../components/form/FormAlert.tsx';
import { InputField, useSchemaForm } from '../components/form.tsx';
import { verifySecondFactor } from './sign-in-api.ts';

/**
 * Step 2 for an enrolled operator: the 6-digit code from the authenticator app (it submits itself
 * when the sixth digit is in), or one of the recovery codes when the phone is not at hand.
 */
export function CodeStep({ onVerified }: { onVerified: (session: AdminSession) => void }) {
  const [useRecovery, setUseRecovery] = useState(false);
  return (
    <div className="admin-auth__step">
      <h1 className="admin-auth__title">{useRecovery ? 'Use a recovery code' : 'Enter your code'}</h1>
      <p className="admin-auth__text">
        {useRecovery ? 'Each recovery code works once. You saved them when you set up your authenticator app.' : 'Open your authenticator app and enter the 6-digit code it shows for Carbonwise.'}
      </p>
      {useRecovery ? <RecoveryCodeForm onVerified={onVerified} /> : <TotpCodeForm onVerified={onVerified} />}
      <button type="button" className="admin-link-button" onClick={() => setUseRecovery((value) => !value)}>
        {useRecovery ? 'Use the code from my app instead' : 'Lost your phone? Use a recovery code'}
      </button>
    </div>
  );
}

export function TotpCodeForm({ onVerified, verify = (code: string) => verifySecondFactor({ code }) }: { onVerified: (session: AdminSession) => void; verify?: (code: string) => Promise<AdminSession> }) {
  const otp = useRef<OtpInputHandle>(null);
  const [digits, setDigits] = useState(() => emptyOtp());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => otp.current?.focus(), []);

  const check = async (code: string) => {
    setBusy(true);
    setError(null);
    try {
      onVerified(await verify(code));
    } catch (problem) {
      setError(problem instanceof Error ? problem.message : 'That code did not work. Try the next one.');
      setDigits(emptyOtp());
      setTimeout(() => otp.current?.focus(), 0);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="admin-code">
      <OtpInput ref={otp} label="6-digit code" value={digits} onChange={setDigits} onComplete={(code) => void check(code)} disabled={busy} invalid={Boolean(error)} />
      {error && <FormAlert>{error}</FormAlert>}
      <Button fullWidth loading={busy} disabled={digits.some((digit) => digit === '')} onClick={() => void check(digits.join(''))}>
        Verify
      </Button>
    </div>
  );
}

function RecoveryCodeForm({ onVerified }: { onVerified: (session: AdminSession) => void }) {
  const form = useSchemaForm(mfaVerifyBodySchema, { defaultValues: { recoveryCode: '' } });
  const [problem, setProblem] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      onVerified(await verifySecondFactor({ recoveryCode: values.recoveryCode }));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'That recovery code did not work.');
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="admin-code">
      <InputField label="Recovery code" autoComplete="off" spellCheck={false} placeholder="ABCDE-23456" error={form.formState.errors.recoveryCode?.message} {...form.register('recoveryCode')} />
      {problem && <FormAlert>{problem}</FormAlert>}
      <Button type="submit" fullWidth loading={form.formState.isSubmitting}>
        Verify
      </Button>
    </form>
  );
}
