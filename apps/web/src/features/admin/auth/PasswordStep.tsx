import { useState } from 'react';
import { loginBodySchema } from '@app/contract';
import { Button } from '../../../components/ui/Button.tsx';
import { FormAlert } from '../../../components/form/FormAlert.tsx';
import { login } from '../../auth/api/auth-api.ts';
import { signIn } from '../../session/sign-in.ts';
import { readApiError } from '../../../lib/api-error.ts';
import { InputField, useSchemaForm } from '../components/form.tsx';

/** Step 1: the shop's own sign-in (`POST auth/login`), the same account an operator shops with. */
export function PasswordStep({ onSignedIn }: { onSignedIn: () => void }) {
  const form = useSchemaForm(loginBodySchema, { defaultValues: { userId: '', password: '' } });
  const [problem, setProblem] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    const response = await login({ userId: values.userId, password: values.password });
    if (response.ok && response.data && 'token' in response.data) {
      await signIn(response.data);
      onSignedIn();
      return;
    }
    const error = readApiError(response);
    if (error.fields?.userId?.[0]) form.setError('userId', { message: error.fields.userId[0] });
    else if (error.fields?.password?.[0]) form.setError('password', { message: error.fields.password[0] });
    else setProblem(error.message);
  });

  return (
    <form className="admin-auth__step" onSubmit={(event) => void submit(event)} noValidate>
      <h1 className="admin-auth__title">Sign in to the console</h1>
      <p className="admin-auth__text">Use your Carbonwise account. You will be asked for a code from your authenticator app next.</p>
      <InputField label="Email" type="email" autoComplete="username" error={errors.userId?.message} {...form.register('userId')} />
      <InputField label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...form.register('password')} />
      {problem && <FormAlert>{problem}</FormAlert>}
      <Button type="submit" fullWidth loading={isSubmitting}>
        Continue
      </Button>
      <p className="admin-auth__hint">
        <a href="/forgot-password">Forgot your password?</a>
      </p>
    </form>
  );
}
