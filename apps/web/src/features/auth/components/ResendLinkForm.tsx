import { useState } from 'react';
import { Link } from 'react-router';
import { emailBodySchema } from '@app/contract';
import { Button } from '../../../components/ui/Button.tsx';
import { FormAlert } from '../../../components/form/FormAlert.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { useForm, zodFieldErrors } from '../../../components/form/useForm.ts';
import { useSubmit } from '../../../components/form/useSubmit.ts';
import { successMessage } from '../../../lib/api-error.ts';
import { resendRegistrationLink } from '../api/auth-api.ts';
import { loginPath } from '../redirects.ts';

const validate = (values: { email: string }) => zodFieldErrors<'email'>(emailBodySchema.safeParse(values));

/** Asks for a fresh verification email when a link was invalid or expired. */
export function ResendLinkForm({ next }: { next?: string | null }) {
  const form = useForm<'email'>({ email: '' }, validate);
  const { sending, error, run } = useSubmit();
  const [notice, setNotice] = useState<{ variant: 'success' | 'info'; message: string; email?: string } | null>(null);
  // One alert at a time: what went wrong, or what happened.
  const result = error !== null ? { variant: 'error' as const, message: error, email: undefined } : notice;

  const submit = form.handleSubmit((values) => {
    const email = values.email.trim().toLowerCase();
    setNotice(null);
    return run(() => resendRegistrationLink(email, next ?? undefined), {
      onSuccess: (response) => setNotice({ variant: 'success', message: successMessage(response, 'We have sent a new verification email.') }),
      onFailure: (failure) => {
        if (failure.code !== 'USER_ALREADY_VERIFIED') return false;
        // Nothing left to verify: say so calmly and offer the way in.
        setNotice({ variant: 'info', message: failure.message, email });
        return true;
      },
      applyFields: form.applyServerFields,
    });
  });

  return (
    <form className="form" noValidate onSubmit={submit}>
      <TextField {...form.field('email')} label="Email" type="email" autoComplete="email" inputMode="email" autoCapitalize="none" spellCheck={false} required />
      {result && (
        <FormAlert variant={result.variant}>
          <p>{result.message}</p>
          {result.email !== undefined && <Link to={loginPath({ email: result.email, next })}>Log in</Link>}
        </FormAlert>
      )}
      <Button type="submit" size="lg" fullWidth loading={sending}>
        Send a new verification email
      </Button>
    </form>
  );
}
