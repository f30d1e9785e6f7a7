import { useState } from 'react';
import type { AdminOrderHistory, AdminRefundBody, AdminRefundResult } from '@app/contract/admin';
import { isSupportedCurrency, type Currency } from '@app/contract/money';
import { Button } from '../../../../components/ui/Button.tsx';
import { Dialog } from '../../../../components/ui/Dialog.tsx';
import { FormAlert } from '../../../../components/form/FormAlert.tsx';
import { useToast } from '../../../../components/ui/useToast.ts';
import { admin, AdminApiError } from '../../api/admin-client.ts';
import { useAdminWrite } from '../../api/queries.ts';
import { FieldFrame, TextareaField } from '../../components/form.tsx';
import { MoneyInput } from '../../components/MoneyInput.tsx';
import { money } from '../../components/format.ts';

type Kind = AdminRefundBody['kind'];
const KINDS: { value: Kind; label: string }[] = [
  { value: 'order', label: 'Whole order' },
  { value: 'lines', label: 'Lines and quantities' },
  { value: 'amount', label: 'An amount' },
];

/**
 * Refund a paid order (decision 0042): the whole order, chosen lines and quantities, or an
 * amount, always with a reason. A second step says what will happen (money, voided
 * certificates) before anything is sent; the server's refusals appear beside their fields.
 */
export function RefundDialog({ orderId, orderNumber, history, onClose }: { orderId: string; orderNumber: string; history: AdminOrderHistory; onClose: () => void }) {
  const toast = useToast();
  const currency: Currency = isSupportedCurrency(history.currency) ? history.currency : 'USD';
  const [kind, setKind] = useState<Kind>('order');
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [amountMinor, setAmountMinor] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const refundable = history.lines.filter((line) => line.quantity > line.refundedQuantity);
  const save = useAdminWrite((body: AdminRefundBody) => admin.post<{ data: AdminRefundResult; message?: string }>(`orders/${orderId}/refunds`, body), ['orders']);

  const chosen = refundable.map((line, index) => ({ line, index, quantity: quantities[line._id] ?? 0 })).filter((c) => c.quantity > 0);
  const body = (): AdminRefundBody =>
    kind === 'order' ? { kind, reason: reason.trim() } : kind === 'amount' ? { kind, reason: reason.trim(), amountMinor: amountMinor ?? 0 } : { kind, reason: reason.trim(), lines: chosen.map((c) => ({ lineId: c.line._id, quantity: c.quantity })) };

  /** The browser's own checks, in the server's words; the server checks everything again. */
  function check(): boolean {
    const found: Record<string, string> = {};
    if (!reason.trim()) found.reason = 'Enter your reason';
    if (kind === 'amount' && (!amountMinor || amountMinor < 1)) found.amountMinor = 'amountMinor is at least 1';
    if (kind === 'amount' && amountMinor && amountMinor > history.refundableMinor) found.amountMinor = `At most ${money(history.refundableMinor, currency)} is left to refund`;
    if (kind === 'lines' && chosen.length === 0) found.lines = 'Choose at least one line and a quantity';
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  const estimate = kind === 'order' ? history.refundableMinor : kind === 'amount' ? (amountMinor ?? 0) : null;
  const offsetTonnes = kind === 'lines' ? chosen.filter((c) => c.line.productKind === 'offset').reduce((sum, c) => sum + c.quantity, 0) : kind === 'order' || estimate === history.refundableMinor ? refundable.filter((l) => l.productKind === 'offset').reduce((sum, l) => sum + l.quantity - l.refundedQuantity, 0) : 0;

  async function send() {
    setProblem(null);
    try {
      const answer = await save.mutateAsync(body());
      toast.success(answer.message ?? 'Refund made');
      onClose();
    } catch (error) {
      setConfirming(false);
      if (error instanceof AdminApiError && error.fields) {
        setErrors(Object.fromEntries(Object.entries(error.fields).map(([name, messages]) => [name.startsWith('lines.') ? `line:${refundable[Number(name.split('.')[1])]?._id ?? ''}` : name, messages[0] ?? ''])));
      }
      setProblem(error instanceof Error ? error.message : 'The refund did not go through. Please try again.');
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !save.isPending && onClose()}
      title={confirming ? `Refund order ${orderNumber}?` : `Refund order ${orderNumber}`}
      size="lg"
      actions={
        confirming ? (
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={save.isPending}>
              Back
            </Button>
            <Button className="admin-danger" onClick={() => void send()} loading={save.isPending}>
              Refund now
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => check() && setConfirming(true)}>Review refund</Button>
          </>
        )
      }
    >
      {confirming ? (
        <div className="admin-form">
          <p>
            {estimate !== null ? <strong>{money(estimate, currency)}</strong> : 'The paid price of the chosen units'} goes back to the customer through the payment provider. This cannot be undone.
          </p>
          {offsetTonnes > 0 && <p>The certificates for {offsetTonnes} t of offsets become void, and those tonnes return to stock.</p>}
          <p className="admin-muted">Reason: {reason.trim()}</p>
          {problem && <FormAlert>{problem}</FormAlert>}
        </div>
      ) : (
        <form className="admin-form" noValidate onSubmit={(event) => event.preventDefault()}>
          <p className="admin-muted">
            Paid {money(history.paidMinor, currency)} · refunded {money(history.refundedMinor, currency)} · left {money(history.refundableMinor, currency)}. Staff may refund up to {money(history.staffRefundLimitMinor, currency)} of an order; owners any amount.
          </p>
          <div className="admin-segmented" role="radiogroup" aria-label="What to refund">
            {KINDS.map((option) => (
              <label key={option.value}>
                <input type="radio" name="refund-kind" checked={kind === option.value} onChange={() => setKind(option.value)} /> {option.label}
              </label>
            ))}
          </div>
          {kind === 'lines' && (
            <fieldset className="admin-choices admin-refund-lines">
              <legend className="field__label">Quantities to refund</legend>
              {refundable.map((line) => (
                <FieldFrame key={line._id} label={`${line.productName} (${line.quantity - line.refundedQuantity} of ${line.quantity} left)`} error={errors[`line:${line._id}`]}>
                  {({ id, describedBy, invalid }) => (
                    <input
                      id={id}
                      className="field__input"
                      type="number"
                      min={0}
                      max={line.quantity - line.refundedQuantity}
                      inputMode="numeric"
                      value={quantities[line._id] ?? 0}
                      aria-invalid={invalid || undefined}
                      aria-describedby={describedBy}
                      onChange={(event) => {
                        setQuantities({ ...quantities, [line._id]: Math.max(0, Math.floor(Number(event.target.value) || 0)) });
                        setErrors({ ...errors, lines: '', [`line:${line._id}`]: '' });
                      }}
                    />
                  )}
                </FieldFrame>
              ))}
              {errors.lines && <p className="field__error">{errors.lines}</p>}
            </fieldset>
          )}
          {kind === 'amount' && (
            <FieldFrame label={`Amount in ${currency}`} error={errors.amountMinor}>
              {({ id, describedBy, invalid }) => <MoneyInput id={id} currency={currency} value={amountMinor} onChange={(minor) => {
                setAmountMinor(minor);
                setErrors({ ...errors, amountMinor: '' });
              }} invalid={invalid} describedBy={describedBy} />}
            </FieldFrame>
          )}
          <TextareaField label="Reason (shown to the customer)" rows={2} maxLength={500} value={reason} error={errors.reason} onChange={(event) => {
              setReason(event.target.value);
              if (errors.reason) setErrors({ ...errors, reason: '' });
            }} />
          {problem && <FormAlert>{problem}</FormAlert>}
        </form>
      )}
    </Dialog>
  );
}
