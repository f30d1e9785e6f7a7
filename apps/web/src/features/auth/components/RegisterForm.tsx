import { registerBodySchema, type RegisterBody } from '@app/contract/auth-schemas';
import { Button } from '../../../components/ui/Button.tsx';
import { FormAlert } from '../../../components/form/FormAlert.tsx';
import { NewPasswordField } from '../../../components/form/PasswordField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { useForm, zodFieldErrors } from '../../../components/form/useForm.ts';
import { useSubmit } from '../../../components/form/useSubmit.ts';
import { clearStoredSession } from '../../session/sign-in.ts';
import { keepSignUpProof } from '../sign-up-proof.ts';
import { resetClientState } from '../../../lib/client-state.ts';
import { register } from '../api/auth-api.ts';
import { isCheckoutPath, joinPathForEmail, safeNextPath } from '../redirects.ts';
import { HydratedFieldset } from '../../../components/form/HydratedFieldset.tsx';

type Field = 'firstName' | 'lastName' | 'email' | 'password' | 'confirmPassword';

const EMPTY: Record<Field, string> = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };

function validate(values: Record<Field, string>) {
  const errors = zodFieldErrors<Field>(registerBodySchema.safeParse(values));
  // Checked here too: the schema's cross-field rules only run once every field is valid.
  if (!values.confirmPassword) errors.confirmPassword = 'Confirm the password';
  else if (values.confirmPassword !== values.password) errors.confirmPassword = 'The passwords do not match';
  return errors;
}

/** The referral id a visitor arrived with (spec §3 RID / ReferralID), sent with the registration. */
function storedReferralId(): string | undefined {
  try {
    return localStorage.getItem('RID') || localStorage.getItem('ReferralID') || undefined;
  } catch {
    return undefined;
  }
}

export interface RegisterFormProps {
  /** The page the person was heading to; the verification email links back there. */
  next?: string | null;
  onRegistered: (email: string, sentAt: number) => void;
}

/**
 * Create an account (spec §4). Before the call the session and stored values are cleared, keeping
 * only the join codes, referral ids and conference code, exactly as login does. The answer is
 * the same whether or not the email already has an account, so it cannot be used to probe emails.
 */
export function RegisterForm({ next, onRegistered }: RegisterFormProps) {
  const form = useForm<Field>(EMPTY, validate);
  const { sending, error, run } = useSubmit();

  const submit = form.handleSubmit((values) => {
    const parsed = registerBodySchema.parse(values);
    // Read before clearing: RID and ReferralID are among the kept keys, but read them first regardless.
    const referralId = storedReferralId();
    clearStoredSession();
    resetClientState();
    const origin = safeNextPath(next) ?? joinPathForEmail() ?? undefined;
    const body: RegisterBody = {
      ...parsed,
      ...(referralId ? { referralId } : {}),
      ...(origin ? { origin } : {}),
      ...(isCheckoutPath(origin) ? { checkout: true } : {}),
    };
    return run(() => register(body), {
      success: (response) => response.status === 201 || response.status === 200,
      onSuccess: (response) => {
        form.reset();
        const email = response.data?.data?.email ?? parsed.email;
        // Kept after the clearing above; verifying with it keeps this password (sign-up-proof.ts).
        if (response.data?.data?.signUpProof) keepSignUpProof(email, response.data.data.signUpProof);
        onRegistered(email, Date.now());
      },
      applyFields: form.applyServerFields,
    });
  });

  return (
    <form noValidate onSubmit={submit}>
      <HydratedFieldset>
        <div className="form__row">
          <TextField {...form.field('firstName')} label="First name" autoComplete="given-name" required />
          <TextField {...form.field('lastName')} label="Last name" autoComplete="family-name" required />
        </div>
        <TextField {...form.field('email')} label="Email" type="email" autoComplete="email" inputMode="email" autoCapitalize="none" spellCheck={false} required />
        <NewPasswordField {...form.field('password')} label="Password" email={form.values.email} required />
        <TextField {...form.field('confirmPassword')} label="Confirm password" type="password" autoComplete="new-password" required />
        {error && <FormAlert>{error}</FormAlert>}
        <Button type="submit" size="lg" fullWidth loading={sending}>
          Create account
        </Button>
        <p className="auth-form__fine-print">We will email you a code to verify your address before you can log in.</p>
      </HydratedFieldset>
    </form>
  );
}
