import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { EmailAddress } from '../../../components/ui/EmailAddress.tsx';
import { OtpInput, emptyOtp, type OtpInputHandle } from '../../../components/ui/OtpInput.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useToast } from '../../../components/ui/useToast.ts';
import { FormAlert } from '../../../components/form/FormAlert.tsx';
import { useSubmit } from '../../../components/form/useSubmit.ts';
import { isAlreadyVerified, resendRegistrationCode, verifyRegistrationCode } from '../api/auth-api.ts';
import { countdownMessage, useCountdown } from '../hooks/useCountdown.ts';
import { useCompleteVerification } from '../hooks/useCompleteVerification.ts';
import { choosePasswordPath, loginPath } from '../redirects.ts';
import { forgetSignUpProof, signUpProofFor } from '../sign-up-proof.ts';
import './verification.css';

export const VERIFIED_TOAST = 'Email Verification Successfull!';
export const ALREADY_VERIFIED_TOAST = 'Email Already Verified';

export interface VerificationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
  /** When the code email was sent (ms since epoch): the 5-minute countdown runs from then. */
  sentAt: number | null;
  /** Where to go after verifying when no join code is stored. */
  next?: string | null;
  /** The person came from checkout: a new code's email links back there. */
  checkout?: boolean;
}

/** Spec §2.4 email verification popup. The panel mounts on open, so each opening starts fresh. */
export function VerificationDialog({ open, onOpenChange, ...panel }: VerificationDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Verify your email" size="sm">
      <VerificationPanel {...panel} onClose={() => onOpenChange(false)} />
    </Dialog>
  );
}

function VerificationPanel({ email, sentAt, next, checkout, onClose }: Omit<VerificationDialogProps, 'open' | 'onOpenChange'> & { onClose: () => void }) {
  const navigate = useNavigate();
  const toast = useToast();
  const completeVerification = useCompleteVerification();
  const countdown = useCountdown(sentAt);
  const otp = useRef<OtpInputHandle>(null);
  const [digits, setDigits] = useState(() => emptyOtp());
  const { sending: busy, error, setError, run } = useSubmit<'verify' | 'resend'>();
  const [notice, setNotice] = useState<string | null>(null);
  const [verified, setVerified] = useState(false);

  useEffect(() => {
    otp.current?.focus();
  }, []);

  const startOver = (message: string) => {
    setError(message);
    setDigits(emptyOtp());
    // After the boxes re-render empty, the first one takes focus for the next try.
    setTimeout(() => otp.current?.focus(), 0);
  };

  const alreadyVerified = () => {
    toast.info(ALREADY_VERIFIED_TOAST, { carry: true });
    onClose();
    navigate(loginPath({ email, next }));
  };

  const submit = (code: string) => {
    setNotice(null);
    return run(() => verifyRegistrationCode(email, code, signUpProofFor(email)), {
      busy: 'verify',
      success: 'body',
      keepSending: true, // the popup closes once the session is stored
      onSuccess: async ({ data }) => {
        forgetSignUpProof(email); // used: the account is verified either way
        // Spec §4: status 200 with data.code USER_ALREADY_VERIFIED means it was verified before.
        if (isAlreadyVerified(data)) {
          alreadyVerified();
          return;
        }
        if (!('token' in data)) {
          // Competing sign-ups used this email: it is verified, and the password is chosen next.
          toast.info(data.message, { carry: true });
          onClose();
          navigate(choosePasswordPath(data.data.resetToken), { replace: true });
          return;
        }
        setVerified(true);
        toast.success(VERIFIED_TOAST, { carry: true });
        await completeVerification(data, next);
        onClose();
      },
      onFailure: (failure) => {
        // A code that can no longer work (expired, too many tries) ends the clock so a new one can be asked for.
        if (failure.code === 'OTP_EXPIRED' || failure.code === 'OTP_TOO_MANY_ATTEMPTS') countdown.expire();
        else if (failure.status === 400) countdown.start(); // spec §4: a wrong code resets the timer
        return false;
      },
      // Any message, the network one included, also empties the boxes for the next try.
      showError: startOver,
    });
  };

  const requestNewCode = () => {
    setNotice(null);
    return run(() => resendRegistrationCode(email, checkout), {
      busy: 'resend',
      onSuccess: () => {
        countdown.start();
        setDigits(emptyOtp());
        setNotice(`We have sent a new code to ${email}.`);
        setTimeout(() => otp.current?.focus(), 0);
      },
      onFailure: (failure) => {
        if (failure.code !== 'USER_ALREADY_VERIFIED') return false;
        alreadyVerified();
        return true;
      },
    });
  };

  if (verified) {
    return (
      <div className="verify verify--done" role="status">
        <Spinner size="lg" label="" />
        <p className="verify__done-title">Email verified</p>
        <p className="verify__lead">You are signed in. Taking you onwards…</p>
      </div>
    );
  }

  const errorId = error ? 'verify-error' : undefined;
  return (
    <div className="verify">
      <p className="verify__lead">
        Enter the 6-digit code we sent to <EmailAddress className="verify__email" email={email} />.
      </p>
      <OtpInput
        ref={otp}
        value={digits}
        onChange={(next) => {
          setDigits(next);
          if (error) setError(null);
        }}
        onComplete={(code) => void submit(code)}
        disabled={busy !== false}
        invalid={Boolean(error)}
        describedBy={errorId}
      />
      <div id={errorId}>{error && <FormAlert>{error}</FormAlert>}</div>
      {notice && <FormAlert variant="success">{notice}</FormAlert>}
      <div className="verify__timer">
        <p className="verify__message" aria-live="polite">
          {busy && <Spinner size="sm" label="" />}
          {countdownMessage(countdown.running, busy !== false)}
        </p>
        <span className="verify__clock" role="timer" aria-label={`Time left ${countdown.clock}`}>
          {countdown.clock}
        </span>
      </div>
      <Button variant="secondary" fullWidth disabled={countdown.running || busy !== false} loading={busy === 'resend'} onClick={() => void requestNewCode()}>
        Request new code
      </Button>
      <p className="verify__help">Can’t find the email? Check your spam folder. You can also use the “Verify email” button in that email.</p>
    </div>
  );
}
