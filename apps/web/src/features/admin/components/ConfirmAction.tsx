import { useId, useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { FormAlert } from '../../../components/form/FormAlert.tsx';

export interface ConfirmActionProps {
  /** The button that opens the question. */
  label: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Destructive actions get the red button. */
  danger?: boolean;
  /** Asks for a reason (hiding a review, locking an account): the confirm button waits for one. */
  reason?: { label: string; placeholder?: string };
  /** Runs the action; a thrown error is shown in the dialog, which stays open. */
  onConfirm: (reason: string) => Promise<unknown>;
  buttonProps?: Omit<ButtonProps, 'onClick' | 'children'>;
}

/**
 * A button that asks first. Everything destructive or hard to undo in the console (archive,
 * remove, hide, lock, send) goes through this: the question names what will happen, Escape or
 * Cancel leaves everything as it was, and the action's own error is shown where it was asked.
 */
export function ConfirmAction({ label, title, description, confirmLabel, danger, reason, onConfirm, buttonProps }: ConfirmActionProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const reasonId = useId();
  const close = () => {
    if (busy) return;
    setOpen(false);
    setError(null);
    setText('');
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm(text.trim());
      setOpen(false);
      setText('');
    } catch (problem) {
      setError(problem instanceof Error ? problem.message : 'That did not work. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  const missingReason = Boolean(reason) && text.trim() === '';
  return (
    <>
      <Button size="sm" variant="secondary" {...buttonProps} className={[danger && 'admin-danger-outline', buttonProps?.className].filter(Boolean).join(' ')} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : close())}
        title={title}
        description={description}
        size="sm"
        actions={
          <>
            <Button variant="secondary" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button className={danger ? 'admin-danger' : undefined} onClick={() => void confirm()} loading={busy} disabled={missingReason}>
              {confirmLabel}
            </Button>
          </>
        }
      >
        {reason && (
          <div className="field">
            <label htmlFor={reasonId} className="field__label">
              {reason.label}
            </label>
            <textarea id={reasonId} className="field__input admin-textarea" rows={3} maxLength={300} value={text} placeholder={reason.placeholder} onChange={(event) => setText(event.target.value)} />
          </div>
        )}
        {error && <FormAlert>{error}</FormAlert>}
      </Dialog>
    </>
  );
}
