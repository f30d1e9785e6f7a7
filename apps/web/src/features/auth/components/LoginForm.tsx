import { useState } from 'react';
import { Link } from 'react-router';
// The narrow paths, not the '@app/contract' barrel: its schema modules (carbon, catalog, …) would
// come along into the login page's first load.
import { emailSchema, loginBodySchema } from '@app/contract/auth-schemas';
import { LOGIN_ATTEMPT_WARNING_THRESHOLD } from '@app/contract/constants';
import { Button } from '../../../components/ui/Button.tsx';
import { useToast } from '../../../components/ui/useToast.ts';
import { FormAlert } from '../../../components/form/FormAlert.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { useForm, zodFieldErrors } from '../../../components/form/useForm.ts';
import { attempt, useSubmit } from '../../../components/form/useSubmit.ts';
import { useDisplayCurrency } from '../../currency/currency-store.ts';
import { signIn } from '../../session/sign-in.ts';
import { login, resendRegistrationCode } from '../api/auth-api.ts';
import { HydratedFieldset } from '../../../components/form/HydratedFieldset.tsx';
import '../../../components/form/form.css';

type Field = 'email' | 'password';

const validate = (values: Record<Field, string>) =>
  zodFieldErrors<Field>(loginBodySchema.safeParse({ userId: values.email, password: values.password }), { userId: 'email' });

export interface LoginFormProps {
  initialEmail?: string;
  /** Called once the session is fully stored (spec §4), to navigate onwards. */
  onSignedIn: () => void;
  /** The account exists but is not verified: a code was sent, open the code entry. */
  onVerificationNeeded: (email: string, sentAt: number) => void;
}

/**
 * Log in (spec §4, §8). The display currency goes along as temporaryCheckoutCurrency. Failures:
 * from the 5th counted attempt the message is an error toast; before that it sits under the form.
 * An unverified account gets a button that sends a new code and opens the code entry.
 */
export function LoginForm({ initialEmail = '', onSignedIn, onVerificationNeeded }: LoginFormProps) {
  const toast = useToast();
  const currency = useDisplayCurrency();
  const form = useForm<Field>({ email: initialEmail, password: '' }, validate);
  const { sending, error, setError, run } = useSubmit();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [resending, setResending] = useState(false);

  const submit = form.handleSubmit((values) => {
    setUnverifiedEmail(null);
    const userId = emailSchema.parse(values.email);
    return run(() => login({ userId, password: values.password, temporaryCheckoutCurrency: currency }), {
      success: 'token',
      keepSending: true, // signed in: the page moves on, so the button stays busy until it does
      onSuccess: async (response) => {
        await signIn(response.data);
        onSignedIn();
      },
      onFailure: (failure) => {
        if ((failure.loginAttemptCount ?? 0) >= LOGIN_ATTEMPT_WARNING_THRESHOLD) {
          toast.error(failure.message);
          return true;
        }
        if (failure.code === 'EMAIL_NOT_VERIFIED') setUnverifiedEmail(failure.email ?? userId);
        return false;
      },
      applyFields: (fields) => form.applyServerFields(fields, { userId: 'email' }),
    });
  });

  const resendAndVerify = async () => {
    if (!unverifiedEmail) return;
    setResending(true);
    try {
      const problem = await attempt(() => resendRegistrationCode(unverifiedEmail), {
        onSuccess: () => {
          onVerificationNeeded(unverifiedEmail, Date.now());
          setError(null);
          setUnverifiedEmail(null);
        },
      });
      if (problem !== null) setError(problem);
    } finally {
      setResending(false);
    }
  };

  return (
    <form noValidate onSubmit={submit}>
      <HydratedFieldset>
        <TextField {...form.field('email')} label="Email" type="email" autoComplete="email" inputMode="email" autoCapitalize="none" spellCheck={false} required />
        <TextField {...form.field('password')} label="Password" type="password" autoComplete="current-password" required />
        <div className="auth-form__meta">
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
        {error && (
          <FormAlert>
            <p>{error}</p>
            {unverifiedEmail && (
              <Button variant="secondary" size="sm" loading={resending} onClick={() => void resendAndVerify()}>
                Send a new code and verify
              </Button>
            )}
          </FormAlert>
        )}
        <Button type="submit" size="lg" fullWidth loading={sending}>
          Log in
        </Button>
      </HydratedFieldset>
    </form>
  );
}
