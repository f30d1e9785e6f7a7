import { resetPasswordBodySchema } from '@app/contract';
import { Button } from '../../../components/ui/Button.tsx';
import { FormAlert } from '../../../components/form/FormAlert.tsx';
import { NewPasswordField } from '../../../components/form/PasswordField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { useForm, zodFieldErrors } from '../../../components/form/useForm.ts';
import { useSubmit } from '../../../components/form/useSubmit.ts';
import { successMessage } from '../../../lib/api-error.ts';
import { resetPassword } from '../api/auth-api.ts';

type Field = 'password' | 'confirmPassword';

function validate(values: Record<Field, string>) {
  const errors = zodFieldErrors<Field>(resetPasswordBodySchema.safeParse(values));
  if (!values.confirmPassword) errors.confirmPassword = 'Confirm the password';
  else if (values.confirmPassword !== values.password) errors.confirmPassword = 'The passwords do not match';
  return errors;
}

export interface ResetPasswordFormProps {
  /** The token from the reset link, or the one a verified reset code was traded for. */
  token: string;
  /** Known in the code flow, so the "not your email" rule can be shown while typing. */
  email?: string;
  onDone: (message: string, email: string | null) => void;
  onInvalidToken: (message: string) => void;
}

/** New password + confirmation for `POST auth/reset-password?tk=` (spec §7), with the live policy. */
export function ResetPasswordForm({ token, email, onDone, onInvalidToken }: ResetPasswordFormProps) {
  const form = useForm<Field>({ password: '', confirmPassword: '' }, validate);
  const { sending, error, run } = useSubmit();

  const submit = form.handleSubmit((values) =>
    run(() => resetPassword(token, values), {
      onSuccess: (response) =>
        onDone(successMessage(response, 'Your password has been reset. You can now log in with it.'), response.data?.data?.email ?? email ?? null),
      onFailure: (failure) => {
        if (failure.code !== 'INVALID_TOKEN') return false;
        onInvalidToken(failure.message);
        return true;
      },
      applyFields: form.applyServerFields,
    }),
  );

  return (
    <form className="form" noValidate onSubmit={submit}>
      <NewPasswordField {...form.field('password')} label="New password" email={email} required />
      <TextField {...form.field('confirmPassword')} label="Confirm password" type="password" autoComplete="new-password" required />
      {error && <FormAlert>{error}</FormAlert>}
      <Button type="submit" size="lg" fullWidth loading={sending}>
        Reset password
      </Button>
    </form>
  );
}
