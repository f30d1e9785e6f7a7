import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../ui/Button.tsx';
import { OtpInput, emptyOtp, type OtpInputHandle } from '../ui/OtpInput.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { FormAlert } from './FormAlert.tsx';
import './form.css';

export interface CodeEntryProps {
  /** Checks the code; resolves to an error message to show, or null when it was accepted. */
  onSubmit: (code: string) => Promise<string | null>;
  /** Sends a new code; resolves to an error message, or null when it was sent. */
  onResend?: () => Promise<string | null>;
  label?: string;
  /** Other small actions shown beside "Send a new code" (e.g. "Use a different email"). */
  extraActions?: ReactNode;
}

/**
 * Six-box code entry for the password reset and the account's email changes: it submits by
 * itself when the sixth digit is in, and a rejected code empties the boxes for the next try.
 */
export function CodeEntry({ onSubmit, onResend, label = 'Verification code', extraActions }: CodeEntryProps) {
  const otp = useRef<OtpInputHandle>(null);
  const [digits, setDigits] = useState(() => emptyOtp());
  const [busy, setBusy] = useState<'check' | 'resend' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    otp.current?.focus();
  }, []);

  const restart = () => {
    setDigits(emptyOtp());
    setTimeout(() => otp.current?.focus(), 0);
  };

  const check = async (code: string) => {
    setBusy('check');
    setError(null);
    setNotice(null);
    const problem = await onSubmit(code);
    setBusy(null);
    if (problem) {
      setError(problem);
      restart();
    }
  };

  const resend = async () => {
    if (!onResend) return;
    setBusy('resend');
    setError(null);
    const problem = await onResend();
    setBusy(null);
    if (problem) setError(problem);
    else setNotice('We have sent a new code. It replaces the previous one.');
    restart();
  };

  return (
    <div className="code-entry">
      <OtpInput ref={otp} label={label} value={digits} onChange={setDigits} onComplete={(code) => void check(code)} disabled={busy !== null} invalid={Boolean(error)} />
      {busy === 'check' && (
        <p className="code-entry__busy" aria-live="polite">
          <Spinner size="sm" label="" /> Your request is being processed
        </p>
      )}
      {error && <FormAlert>{error}</FormAlert>}
      {notice && <FormAlert variant="success">{notice}</FormAlert>}
      <div className="code-entry__actions">
        {onResend && (
          <Button variant="link" size="sm" loading={busy === 'resend'} disabled={busy !== null} onClick={() => void resend()}>
            Send a new code
          </Button>
        )}
        {extraActions}
      </div>
    </div>
  );
}
