import { useState } from 'react';
import { recoveryEmailBodySchema, type MeResponse } from '@app/contract';
import { Button } from '../../../components/ui/Button.tsx';
import { CodeEntry } from '../../../components/form/CodeEntry.tsx';
import { FormAlert } from '../../../components/form/FormAlert.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { useForm, zodFieldErrors } from '../../../components/form/useForm.ts';
import { attempt, useSubmit, type SubmitHandlers } from '../../../components/form/useSubmit.ts';
import { NETWORK_ERROR_MESSAGE, readApiError, successMessage } from '../../../lib/api-error.ts';
import { confirmRecoveryEmail, requestRecoveryEmail } from '../api/account-api.ts';
import { AccountSection } from './AccountSection.tsx';
import { useAccountUpdate } from './useAccountUpdate.ts';

const validate = (values: { recoveryEmail: string }) => zodFieldErrors<'recoveryEmail'>(recoveryEmailBodySchema.safeParse(values));

/** A second address for account recovery: a code sent to it proves it is theirs before it is saved. */
export function RecoveryEmailSection({ me }: { me: MeResponse }) {
  const form = useForm<'recoveryEmail'>({ recoveryEmail: '' }, validate);
  const update = useAccountUpdate();
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  const { sending, error, run } = useSubmit();

  /** Sending a code, from the form or again from the code step: success opens the code step. */
  const codeSent = (email: string): SubmitHandlers<unknown> => ({
    onSuccess: (response) => setSentTo({ email, message: successMessage(response, `We have sent a code to ${email}.`) }),
    applyFields: form.applyServerFields,
  });

  const submit = form.handleSubmit((values) => {
    const email = values.recoveryEmail.trim().toLowerCase();
    return run(() => requestRecoveryEmail(email), codeSent(email));
  });

  const confirm = async (otp: string): Promise<string | null> => {
    try {
      const response = await confirmRecoveryEmail(otp);
      if (response.status !== 200) return readApiError(response).message;
      update.saved(successMessage(response, 'Your recovery email has been saved.'));
      setSentTo(null);
      form.reset();
      return null;
    } catch {
      return NETWORK_ERROR_MESSAGE;
    }
  };

  const current = me.data.recoveryEmail;
  return (
    <AccountSection
      id="recovery-email"
      title="Recovery email"
      description={current ? <>Recovery email: <strong>{current}</strong></> : 'No recovery email yet. Add one in case you lose access to your login email.'}
    >
      {sentTo ? (
        <div className="account-steps">
          <FormAlert variant="info">{sentTo.message}</FormAlert>
          <CodeEntry
            label="Recovery email code"
            onSubmit={confirm}
            onResend={() => attempt(() => requestRecoveryEmail(sentTo.email), codeSent(sentTo.email))}
            extraActions={
              <Button variant="link" size="sm" onClick={() => setSentTo(null)}>
                Use a different address
              </Button>
            }
          />
        </div>
      ) : (
        <form className="form" noValidate onSubmit={submit}>
          <TextField {...form.field('recoveryEmail')} label={current ? 'New recovery email' : 'Recovery email'} type="email" autoComplete="email" inputMode="email" autoCapitalize="none" spellCheck={false} required />
          {error && <FormAlert>{error}</FormAlert>}
          <div className="form__actions">
            <Button type="submit" loading={sending}>
              Send code
            </Button>
          </div>
        </form>
      )}
    </AccountSection>
  );
}
