import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ACCOUNT_DELETION_CONFIRMATION } from '@app/contract';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { FormAlert } from '../../../components/form/FormAlert.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { useToast } from '../../../components/ui/useToast.ts';
import { readApiError } from '../../../lib/api-error.ts';
import { signOut } from '../../session/index.ts';
import { deleteAccount } from '../api/account-api.ts';

type Field = 'password' | 'confirmation';

/**
 * The second step of deleting an account: what happens, the password, the choice for reviews,
 * and the typed confirmation. The delete button stays off until the confirmation is typed.
 */
export default function DeleteAccountDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [reviews, setReviews] = useState<'keep' | 'delete'>('keep');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const confirmed = confirmation.trim().toUpperCase() === ACCOUNT_DELETION_CONFIRMATION;
  const deleted = useRef(false);
  // The dialog lives on the account page: when it unmounts after a deletion, home is showing.
  useEffect(() => () => void (deleted.current && signOut()), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setFieldErrors({ password: 'Enter your password' });
    if (!confirmed) return setFieldErrors({ confirmation: `Type ${ACCOUNT_DELETION_CONFIRMATION} to confirm` });
    setSending(true);
    setError(null);
    setFieldErrors({});
    try {
      const response = await deleteAccount({ password, confirmation, reviews });
      if (response.ok) {
        // Home first, signed out once the account page has gone (the effect below). Signing out
        // here would re-render the account page signed out before the router's navigation (a
        // transition) commits, and its guard would send the person to /login, dropping the toast.
        deleted.current = true;
        toast.success('Your account has been deleted', { carry: true });
        void navigate('/', { replace: true });
        return;
      }
      const problem = readApiError(response, 'Your account could not be deleted. Please try again.');
      const fields = problem.fields ?? {};
      if (fields.password || fields.confirmation) setFieldErrors({ password: fields.password?.[0], confirmation: fields.confirmation?.[0] });
      else setError(problem.message);
    } catch {
      setError('Please try after sometime');
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !sending && onClose()}
      title="Delete your account?"
      description="This cannot be undone. You will be signed out on every device and the email address becomes free to sign up again."
    >
      <form className="form delete-account" noValidate onSubmit={(event) => void submit(event)}>
        <ul className="delete-account__list">
          <li>Your profile, addresses, footprints, wishlist, cart, network, uploads and newsletter subscription are erased.</li>
          <li>Unpaid orders are cancelled. Paid orders stay in our books for as long as the law asks, without your name or address.</li>
          <li>Your certificates stay valid and verifiable; your name stays on them only if you made it public on your profile.</li>
        </ul>
        <fieldset className="delete-account__choice">
          <legend className="field__label">Your reviews</legend>
          <label>
            <input type="radio" name="reviews" value="keep" checked={reviews === 'keep'} onChange={() => setReviews('keep')} /> Keep them, shown as “A former customer”
          </label>
          <label>
            <input type="radio" name="reviews" value="delete" checked={reviews === 'delete'} onChange={() => setReviews('delete')} /> Delete them
          </label>
        </fieldset>
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField id="delete-password" label="Password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={fieldErrors.password} required />
        <TextField
          id="delete-confirmation"
          label={`Type ${ACCOUNT_DELETION_CONFIRMATION} to confirm`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
          error={fieldErrors.confirmation}
          required
        />
        {error && <FormAlert>{error}</FormAlert>}
        <div className="dialog__actions">
          <Button variant="secondary" type="button" onClick={onClose} disabled={sending}>
            Keep my account
          </Button>
          <Button type="submit" className="account-data__delete-confirm" loading={sending} disabled={!confirmed || !password}>
            Delete my account
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
