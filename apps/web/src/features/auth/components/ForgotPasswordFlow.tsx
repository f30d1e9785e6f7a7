import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { emailBodySchema } from '@app/contract';
import { Button, buttonClassName } from '../../../components/ui/Button.tsx';
import { CodeEntry } from '../../../components/form/CodeEntry.tsx';
import { FormAlert } from '../../../components/form/FormAlert.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { useForm, zodFieldErrors } from '../../../components/form/useForm.ts';
import { useSubmit } from '../../../components/form/useSubmit.ts';
import { NETWORK_ERROR_MESSAGE, readApiError, successMessage } from '../../../lib/api-error.ts';
import { sendResetCode, sendResetLink, verifyResetCode } from '../api/auth-api.ts';
import { loginPath } from '../redirects.ts';
import { ResetPasswordForm } from './ResetPasswordForm.tsx';
import './auth.css';

type Step =
  | { name: 'request' }
  | { name: 'link-sent'; message: string }
  | { name: 'code'; message: string }
  | { name: 'password'; token: string }
  | { name: 'done'; message: string }
  | { name: 'invalid'; message: string };

type Method = 'link' | 'code';

const validate = (values: { email: string }) => zodFieldErrors<'email'>(emailBodySchema.safeParse(values));

/**
 * Forgot password: the person chooses a reset link or a 6-digit code. The code path continues
 * here: code → reset token → new password, without leaving the page.
 */
export function ForgotPasswordFlow() {
  const form = useForm<'email'>({ email: '' }, validate);
  const [step, setStep] = useState<Step>({ name: 'request' });
  const { sending, error, setError, run } = useSubmit<Method>();
  const method = useRef<Method>('link');
  const email = form.values.email.trim().toLowerCase();

  const send = form.handleSubmit(() => {
    const chosen = method.current;
    return run(() => (chosen === 'link' ? sendResetLink(email) : sendResetCode(email)), {
      busy: chosen,
      onSuccess: (response) => {
        const message = successMessage(response, 'If an account exists for this email, we have sent it.');
        setStep(chosen === 'link' ? { name: 'link-sent', message } : { name: 'code', message });
      },
      applyFields: form.applyServerFields,
    });
  });

  const checkCode = async (code: string): Promise<string | null> => {
    try {
      const response = await verifyResetCode(email, code);
      if (response.status === 200 && response.data?.data?.resetToken) {
        setStep({ name: 'password', token: response.data.data.resetToken });
        return null;
      }
      return readApiError(response).message;
    } catch {
      return NETWORK_ERROR_MESSAGE;
    }
  };

  const resendCode = async (): Promise<string | null> => {
    try {
      const response = await sendResetCode(email);
      return response.status === 200 ? null : readApiError(response).message;
    } catch {
      return NETWORK_ERROR_MESSAGE;
    }
  };

  const startAgain = () => {
    setError(null);
    setStep({ name: 'request' });
  };

  switch (step.name) {
    case 'link-sent':
      return (
        <div className="flow">
          <FormAlert variant="success">{step.message}</FormAlert>
          <p className="flow__text">The link works once and for one hour. Open it on this device to choose a new password.</p>
          <Button variant="secondary" onClick={startAgain}>
            Use a different email
          </Button>
        </div>
      );
    case 'code':
      return (
        <div className="flow">
          <FormAlert variant="info">{step.message}</FormAlert>
          <p className="flow__text">
            Enter the 6-digit code sent to <strong>{email}</strong>. It is valid for 5 minutes.
          </p>
          <CodeEntry
            label="Reset code"
            onSubmit={checkCode}
            onResend={resendCode}
            extraActions={
              <Button variant="link" size="sm" onClick={startAgain}>
                Use a different email
              </Button>
            }
          />
        </div>
      );
    case 'password':
      return (
        <ResetPasswordForm
          token={step.token}
          email={email}
          onDone={(message) => setStep({ name: 'done', message })}
          onInvalidToken={(message) => setStep({ name: 'invalid', message })}
        />
      );
    case 'done':
      return (
        <div className="flow">
          <FormAlert variant="success">{step.message}</FormAlert>
          <Link to={loginPath({ email })} className={buttonClassName('primary', 'lg', 'btn--full')}>
            Log in
          </Link>
        </div>
      );
    case 'invalid':
      return (
        <div className="flow">
          <FormAlert>{step.message}</FormAlert>
          <Button onClick={startAgain}>Request a new code</Button>
        </div>
      );
    default:
      return (
        <form className="form" noValidate onSubmit={send}>
          <p className="flow__text">Enter the email of your account. We will send you a link or a code to choose a new password.</p>
          <TextField {...form.field('email')} label="Email" type="email" autoComplete="email" inputMode="email" autoCapitalize="none" spellCheck={false} required />
          {error && <FormAlert>{error}</FormAlert>}
          <div className="flow__choices">
            <Button type="submit" size="lg" loading={sending === 'link'} disabled={sending !== false} onClick={() => (method.current = 'link')}>
              Email me a link
            </Button>
            <Button type="submit" size="lg" variant="secondary" loading={sending === 'code'} disabled={sending !== false} onClick={() => (method.current = 'code')}>
              Email me a code
            </Button>
          </div>
          <p className="flow__text flow__text--center">
            Remembered it? <Link to="/login">Log in</Link>
          </p>
        </form>
      );
  }
}
