import { changePasswordBodySchema } from '@app/contract';
import { Button } from '../../../components/ui/Button.tsx';
import { FormAlert } from '../../../components/form/FormAlert.tsx';
import { NewPasswordField } from '../../../components/form/PasswordField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { useForm, zodFieldErrors } from '../../../components/form/useForm.ts';
import { useSubmit } from '../../../components/form/useSubmit.ts';
import { successMessage } from '../../../lib/api-error.ts';
import { storeSessionToken } from '../../session/sign-in.ts';
import { changePassword } from '../api/account-api.ts';
import { AccountSection } from './AccountSection.tsx';
import { useAccountUpdate } from './useAccountUpdate.ts';

type Field = 'currentPassword' | 'password' | 'confirmPassword';
const EMPTY: Record<Field, string> = { currentPassword: '', password: '', confirmPassword: '' };

function validate(values: Record<Field, string>) {
  const errors = zodFieldErrors<Field>(changePasswordBodySchema.safeParse(values));
  if (!values.confirmPassword) errors.confirmPassword = 'Confirm the password';
  else if (values.confirmPassword !== values.password) errors.confirmPassword = 'The passwords do not match';
  return errors;
}

/**
 * Change the password. The API ends every other session and answers with a new token; it goes
 * into the JWTToken cookie at once, because the old one stops working.
 */
export function PasswordSection({ email }: { email: string }) {
  const form = useForm<Field>(EMPTY, validate);
  const update = useAccountUpdate();
  const { sending, error, run } = useSubmit();

  const submit = form.handleSubmit((values) =>
    run(() => changePassword(values), {
      success: 'token',
      onSuccess: (response) => {
        storeSessionToken(response.data.token);
        form.reset();
        update.saved(successMessage(response, 'Your password has been changed'));
      },
      applyFields: form.applyServerFields,
    }),
  );

  return (
    <AccountSection id="password" title="Change password" description="Other devices signed in to your account will be signed out.">
      <form className="form" noValidate onSubmit={submit}>
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField {...form.field('currentPassword')} label="Current password" type="password" autoComplete="current-password" required />
        <NewPasswordField {...form.field('password')} label="New password" email={email} required />
        <TextField {...form.field('confirmPassword')} label="Confirm password" type="password" autoComplete="new-password" required />
        {error && <FormAlert>{error}</FormAlert>}
        <div className="form__actions">
          <Button type="submit" loading={sending}>
            Change password
          </Button>
        </div>
      </form>
    </AccountSection>
  );
}
