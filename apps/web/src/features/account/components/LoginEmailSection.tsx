import { useState } from 'react';
import { primaryEmailBodySchema, type MeResponse } from '@app/contract';
import { Button } from '../../../components/ui/Button.tsx';
import { CodeEntry } from '../../../components/form/CodeEntry.tsx';
import { FormAlert } from '../../../components/form/FormAlert.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { useForm, zodFieldErrors } from '../../../components/form/useForm.ts';
import { useSubmit } from '../../../components/form/useSubmit.ts';
import { NETWORK_ERROR_MESSAGE, readApiError, successMessage } from '../../../lib/api-error.ts';
import { setSession, useSession } from '../../session/session-store.ts';
import { confirmPrimaryEmailCode, confirmPrimaryEmailPassword, requestPrimaryEmail } from '../api/account-api.ts';
import { AccountSection } from './AccountSection.tsx';
import { useAccountUpdate } from './useAccountUpdate.ts';

type Step = { name: 'email' } | { name: 'code'; email: string; message: string; attemptsLeft: number } | { name: 'password'; email: string; token: string };

const validateEmail = (values: { email: string }) => zodFieldErrors<'email'>(primaryEmailBodySchema.safeParse(values));
const validatePassword = (values: { password: string }) => (values.password ? {} : { password: 'Enter your password' });

const attemptsText = (left: number) =>
  left > 0 ? `You can start ${left} more email ${left === 1 ? 'change' : 'changes'} today.` : 'This was your last email change for today.';

/**
 * Change the login email in three steps: a code to the new address, then the code, then the
 * password. The API allows a few changes a day and says how many are left.
 */
export function LoginEmailSection({ me }: { me: MeResponse }) {
  const emailForm = useForm<'email'>({ email: '' }, validateEmail);
  const passwordForm = useForm<'password'>({ password: '' }, validatePassword);
  const update = useAccountUpdate();
  const attemptsLeftToday = useSession((state) => state.isEmailChangeAttemptLeft);
  const [step, setStep] = useState<Step>({ name: 'email' });
  const { sending, error, setError, run } = useSubmit();

  const submitEmail = emailForm.handleSubmit((values) => {
    const email = values.email.trim().toLowerCase();
    return run(() => requestPrimaryEmail(email), {
      success: 'body',
      onSuccess: (response) => {
        const { attemptsLeft, isEmailChangeAttemptLeft } = response.data.data;
        setSession({ isEmailChangeAttemptLeft });
        setStep({ name: 'code', email, attemptsLeft, message: successMessage(response, `We have sent a code to ${email}.`) });
      },
      onFailure: (failure) => {
        if (failure.isEmailChangeAttemptLeft === false) setSession({ isEmailChangeAttemptLeft: false });
        // A taken address is about the box, so its message goes beside it.
        return failure.code === 'EMAIL_TAKEN' && emailForm.applyServerFields({ email: [failure.message] });
      },
      applyFields: emailForm.applyServerFields,
    });
  });

  const checkCode = async (otp: string): Promise<string | null> => {
    if (step.name !== 'code') return null;
    try {
      const response = await confirmPrimaryEmailCode(otp);
      if (response.status !== 200 || !response.data) return readApiError(response).message;
      setStep({ name: 'password', email: step.email, token: response.data.data.tk });
      return null;
    } catch {
      return NETWORK_ERROR_MESSAGE;
    }
  };

  const submitPassword = passwordForm.handleSubmit((values) => {
    if (step.name !== 'password') return;
    return run(() => confirmPrimaryEmailPassword(step.token, values.password), {
      success: 'body',
      onSuccess: (response) => {
        update.saved(successMessage(response, `Your login email is now ${response.data.data.email}.`), { email: response.data.data.email });
        startAgain();
      },
      onFailure: (failure) => {
        if (failure.code !== 'INVALID_TOKEN') return false;
        // The confirmation ran out: back to the first step, saying why.
        startAgain();
        setError(failure.message);
        return true;
      },
      applyFields: passwordForm.applyServerFields,
    });
  });

  function startAgain() {
    setStep({ name: 'email' });
    setError(null);
    emailForm.reset();
    passwordForm.reset();
  }

  return (
    <AccountSection id="login-email" title="Login email" description={<>You log in with <strong>{me.email}</strong>.</>}>
      {step.name === 'code' && (
        <div className="account-steps">
          <FormAlert variant="info">
            <p>{step.message}</p>
            <p>{attemptsText(step.attemptsLeft)}</p>
          </FormAlert>
          <CodeEntry
            label="Login email code"
            onSubmit={checkCode}
            extraActions={
              <Button variant="link" size="sm" onClick={startAgain}>
                Cancel
              </Button>
            }
          />
        </div>
      )}
      {step.name === 'password' && (
        <form className="form" noValidate onSubmit={submitPassword}>
          <p className="account-section__description">
            Enter your password to make <strong>{step.email}</strong> your login email.
          </p>
          <input type="email" name="username" autoComplete="username" value={me.email} readOnly hidden />
          {/* The code step just ended; the password box is where the person continues. */}
          <TextField {...passwordForm.field('password')} label="Password" type="password" autoComplete="current-password" required autoFocus />
          {error && <FormAlert>{error}</FormAlert>}
          <div className="form__actions">
            <Button type="submit" loading={sending}>
              Confirm new email
            </Button>
            <Button variant="ghost" onClick={startAgain}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      {step.name === 'email' && (
        <form className="form" noValidate onSubmit={submitEmail}>
          <TextField {...emailForm.field('email')} label="New login email" type="email" autoComplete="email" inputMode="email" autoCapitalize="none" spellCheck={false} required disabled={!attemptsLeftToday} />
          {!attemptsLeftToday && <FormAlert variant="info">You have used today’s email changes. Please try again tomorrow.</FormAlert>}
          {error && <FormAlert>{error}</FormAlert>}
          <div className="form__actions">
            <Button type="submit" loading={sending} disabled={!attemptsLeftToday}>
              Send code
            </Button>
          </div>
        </form>
      )}
    </AccountSection>
  );
}
