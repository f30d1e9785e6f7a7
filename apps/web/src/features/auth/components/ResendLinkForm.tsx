import { useState } from 'react';
import { Link } from 'react-router';
import { emailBodySchema } from '@app/contract';
import { Button } from '../../../components/ui/Button.tsx';
import { FormAlert } from '../../../components/form/FormAlert.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { useForm, zodFieldErrors } from '../../../components/form/useForm.ts';
import { NETWORK_ERROR_MESSAGE, readApiError, successMessage } from '../../../lib/api-error.ts';
import { resendRegistrationLink } from '../api/auth-api.ts';
import { loginPath } from '../redirects.ts';

const validate = (values: { email: string }) => zodFieldErrors<'email'>(emailBodySchema.safeParse(values));

/** Asks for a fresh verification email when a link was invalid or expired. */
export function ResendLinkForm({ next }: { next?: string | null }) {
  const form = useForm<'email'>({ email: '' }, validate);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ variant: 'success' | 'info' | 'error'; message: string; email?: string } | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setSending(true);
    setResult(null);
    try {
      const response = await resendRegistrationLink(values.email.trim().toLowerCase(), next ?? undefined);
      if (response.status === 200) {
        setResult({ variant: 'success', message: successMessage(response, 'We have sent a new verification email.') });
      } else {
        const failure = readApiError(response);
        // Nothing left to verify: say so calmly and offer the way in.
        if (failure.code === 'USER_ALREADY_VERIFIED') setResult({ variant: 'info', message: failure.message, email: values.email.trim().toLowerCase() });
        else if (!form.applyServerFields(failure.fields)) setResult({ variant: 'error', message: failure.message });
      }
    } catch {
      setResult({ variant: 'error', message: NETWORK_ERROR_MESSAGE });
    } finally {
      setSending(false);
    }
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
