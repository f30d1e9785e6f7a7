import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { EmailAddress } from '../../../components/ui/EmailAddress.tsx';
import './verification.css';

export const REGISTRATION_SUCCESS_TITLE = 'Registration is successful';

/**
 * Spec §2.3 registration-success popup. OK (or Escape) continues to the code entry: the same
 * email carries both the "Verify email" button and the code.
 */
export function RegistrationSuccessDialog({ email, open, onContinue }: { email: string; open: boolean; onContinue: () => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onContinue();
      }}
      title={REGISTRATION_SUCCESS_TITLE}
      size="sm"
      hideCloseButton
      description={
        <>
          We have sent an email to <EmailAddress className="verify__email" email={email} />. Please click the &apos;Verify email&apos; button in that email to
          verify and activate your account.
        </>
      }
      actions={
        <Button onClick={onContinue} autoFocus>
          OK
        </Button>
      }
    />
  );
}
