import { useId, useState } from 'react';
import type { Cart, CartLine } from '@app/contract/cart';
import { GIFT_MESSAGE_MAX, GIFT_NAME_MAX, giftDeliveryProblem, utcDay } from '@app/contract/cart-rules';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorIcon, TextField } from '../../../components/form/TextField.tsx';
import { setCartGift, type CartLineGift, type GiftFieldErrors } from '../gift-api.ts';
import './gifts.css';

interface Draft {
  name: string;
  email: string;
  message: string;
  deliverOn: string;
}

const draftOf = (gift: CartLineGift | null | undefined): Draft => ({ name: gift?.name ?? '', email: gift?.email ?? '', message: gift?.message ?? '', deliverOn: gift?.deliverOn ?? '' });

/** The form's own checks, as the server makes them (it checks again). */
export function validateGift(draft: Draft, now = new Date()): GiftFieldErrors {
  const errors: GiftFieldErrors = {};
  if (!draft.name.trim()) errors.name = "Enter the recipient's name";
  else if (draft.name.trim().length > GIFT_NAME_MAX) errors.name = `The name can have at most ${GIFT_NAME_MAX} characters`;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(draft.email.trim())) errors.email = "Enter the recipient's email address";
  if (draft.message.trim().length > GIFT_MESSAGE_MAX) errors.message = `The message can have at most ${GIFT_MESSAGE_MAX} characters`;
  const dateProblem = draft.deliverOn ? giftDeliveryProblem(draft.deliverOn, now) : null;
  if (dateProblem) errors.deliverOn = dateProblem;
  return errors;
}

/**
 * "Give this as a gift" for one offset line at checkout (decision 0051): a checkbox opens the
 * recipient's name, email, an optional message and an optional delivery date; saving writes them
 * on the cart line, which the order copies when it is placed.
 */
export function GiftLineEditor({ line, onSaved }: { line: CartLine; onSaved: (cart: Cart) => void }) {
  const id = useId();
  const saved = line.gift ?? null;
  const [open, setOpen] = useState(Boolean(saved));
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [errors, setErrors] = useState<GiftFieldErrors>({});
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const edit = (field: keyof Draft) => (event: { target: { value: string } }) => {
    setDraft((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function send(gift: CartLineGift | null) {
    setBusy(true);
    setStatus(null);
    const result = await setCartGift(line.cartItemId, gift);
    setBusy(false);
    if (result.ok) {
      setStatus({ kind: 'ok', text: result.message });
      onSaved(result.cart);
      return true;
    }
    setErrors(result.fields);
    setStatus({ kind: 'error', text: result.message });
    return false;
  }

  function toggle(checked: boolean) {
    setOpen(checked);
    setStatus(null);
    if (!checked && saved) void send(null).then((ok) => ok && setDraft(draftOf(null)));
  }

  function save(event: { preventDefault: () => void }) {
    event.preventDefault();
    const found = validateGift(draft);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      setStatus({ kind: 'error', text: 'Check the gift details' });
      return;
    }
    void send({ name: draft.name.trim(), email: draft.email.trim(), message: draft.message.trim() || null, deliverOn: draft.deliverOn || null });
  }

  const messageHint = `${draft.message.length}/${GIFT_MESSAGE_MAX} characters`;
  return (
    <div className="gift-line" data-testid="gift-line">
      <label className="gift-line__toggle">
        <input type="checkbox" checked={open} onChange={(event) => toggle(event.target.checked)} disabled={busy} aria-controls={`${id}-form`} aria-expanded={open} />
        <span>
          Give <strong>{line.product.name}</strong> ({line.quantity} t) as a gift
        </span>
      </label>
      {open && (
        <form id={`${id}-form`} className="gift-line__form" onSubmit={save} noValidate aria-label={`Gift details for ${line.product.name}`}>
          <div className="gift-line__row">
            <TextField id={`${id}-name`} label="Recipient's name" value={draft.name} onChange={edit('name')} error={errors.name} maxLength={GIFT_NAME_MAX} autoComplete="off" required />
            <TextField id={`${id}-email`} label="Recipient's email" type="email" value={draft.email} onChange={edit('email')} error={errors.email} autoComplete="off" required />
          </div>
          <div className="field">
            <label htmlFor={`${id}-message`} className="field__label">
              Message (optional)
            </label>
            <textarea
              id={`${id}-message`}
              className="field__input gift-line__message"
              rows={3}
              value={draft.message}
              onChange={edit('message')}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={errors.message ? `${id}-message-error` : `${id}-message-hint`}
            />
            {errors.message ? (
              <p id={`${id}-message-error`} className="field__error">
                <ErrorIcon />
                {errors.message}
              </p>
            ) : (
              <p id={`${id}-message-hint`} className="field__hint">
                {messageHint}
              </p>
            )}
          </div>
          <TextField
            id={`${id}-date`}
            label="Delivery date (optional)"
            type="date"
            value={draft.deliverOn}
            min={utcDay(new Date())}
            onChange={edit('deliverOn')}
            error={errors.deliverOn}
            hint="The recipient's email goes out on this day (UTC); leave it empty to send it when you pay."
          />
          <div className="gift-line__actions">
            <Button type="submit" variant="secondary" loading={busy}>
              {saved ? 'Update gift' : 'Save gift'}
            </Button>
            {status && (
              <p className={`gift-line__status gift-line__status--${status.kind}`} role={status.kind === 'error' ? 'alert' : 'status'}>
                {status.text}
              </p>
            )}
          </div>
        </form>
      )}
      {!open && status && (
        <p className={`gift-line__status gift-line__status--${status.kind}`} role="status">
          {status.text}
        </p>
      )}
    </div>
  );
}

/** The gift section of the checkout: one editor per offset line; nothing when the cart has none. */
export function CheckoutGifts({ cart, onSaved }: { cart: Cart; onSaved: (cart: Cart) => void }) {
  const offsets = cart.products.filter((line) => line.product.kind === 'offset');
  if (offsets.length === 0) return null;
  return (
    <section className="checkout-form__group gift-section" aria-labelledby="checkout-gifts-title">
      <h2 id="checkout-gifts-title" className="checkout-form__legend">
        Gifts
      </h2>
      <p className="gift-section__intro">Give an offset to someone: their certificate names them, and they get an email with it and a link to count its tonnes in their own footprint.</p>
      {offsets.map((line) => (
        <GiftLineEditor key={line.cartItemId} line={line} onSaved={onSaved} />
      ))}
    </section>
  );
}
