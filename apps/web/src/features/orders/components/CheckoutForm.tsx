import { useId, useState } from 'react';
import type { OrderCreateBody } from '@app/contract/orders';
import { Button } from '../../../components/ui/Button.tsx';
import { FormAlert } from '../../../components/form/FormAlert.tsx';
import { CountryField } from '../../../components/form/CountryField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { useForm } from '../../../components/form/useForm.ts';
import type { OrderFailedError } from '../api/orders-api.ts';
import { readBusinessOrderSelection, storeBusinessOrderSelection, type BusinessMembership } from '../checkout-storage.ts';
import { formFieldsOf, toOrderBody, validateCheckout, type CheckoutField, type CheckoutValues } from '../checkout-form-values.ts';
import './checkout.css';

export interface EventTie {
  conferanceCode: string;
  /** The event's name once it has loaded. */
  name: string | null;
}

/** Whom the order is for: the buyer, the buyer's business, or the event the cart is tied to. */
type Beneficiary = 'personal' | 'business' | 'event';

export interface CheckoutFormProps {
  initialValues: CheckoutValues;
  userId: string | null;
  /** The business the buyer is a member of; null hides the personal-or-business choice. */
  membership: BusinessMembership | null;
  /** The cart was filled for the membership's business (`PUT /v1/carts/transfer`): a business order is preselected. */
  cartForBusiness?: boolean;
  /** The event the cart is tied to ("Buy for this event"), preselected; null when it is not tied. */
  eventTie?: EventTie | null;
  /** Removes the cart's tie to the event. */
  onRemoveEventTie?: () => void;
  removingEventTie?: boolean;
  /** The order total as the server priced the cart, for the button. */
  totalLabel: string;
  /** False when the cart cannot be ordered as it is (empty, outside the card range). */
  canPlace: boolean;
  sending: boolean;
  failure: OrderFailedError | null;
  onPlace: (body: OrderCreateBody) => void;
}

const optionalLabel = (text: string) => (
  <>
    {text} <span className="field__label-note">(optional)</span>
  </>
);

/** The checkout form (spec §2 /other/checkout): recipient and address, receipt email, whom the order is for, payment. */
export function CheckoutForm(props: CheckoutFormProps) {
  const { initialValues, userId, membership, cartForBusiness = false, eventTie = null, onRemoveEventTie, removingEventTie = false, totalLabel, canPlace, sending, failure, onPlace } = props;
  const form = useForm<CheckoutField>(initialValues, validateCheckout);
  const [chosen, setChosen] = useState<Beneficiary>(() => initialBeneficiary(membership, cartForBusiness, eventTie));
  const choiceName = useId();
  // A removed tie cannot stay chosen.
  const selection: Beneficiary = chosen === 'event' && !eventTie ? 'personal' : chosen === 'business' && !membership ? 'personal' : chosen;

  const choose = (next: Beneficiary) => {
    setChosen(next);
    if (membership) storeBusinessOrderSelection(next === 'business' ? 'yes' : 'no');
  };

  const submit = form.handleSubmit((values) => {
    // Spec §4: a business order only when BusinessOrderSelection is 'yes' (and only for a member).
    // The event only when chosen here: the choice is sent explicitly and wins over the cart's tie.
    const businessOrderFor = membership && selection === 'business' ? membership : null;
    const eventCode = eventTie && selection === 'event' ? eventTie.conferanceCode : null;
    onPlace(toOrderBody(values, { userId, businessOrderFor, eventCode }));
  });

  const appliedFields = failure?.fields ? formFieldsOf(failure.fields) : undefined;
  const fieldProps = (name: CheckoutField) => {
    const props = form.field(name);
    return { ...props, error: props.error ?? appliedFields?.[name]?.[0] };
  };
  const country = fieldProps('country');

  return (
    <form className="form checkout-form" noValidate onSubmit={submit} aria-labelledby="checkout-form-title">
      <h2 id="checkout-form-title" className="visually-hidden">
        Delivery and payment
      </h2>
      {(membership || eventTie) && (
        <fieldset className="checkout-form__group">
          <legend className="checkout-form__legend">Who is this order for?</legend>
          <div className="checkout-choice">
            <Choice name={choiceName} checked={selection === 'personal'} onChange={() => choose('personal')} title="Personal order" detail="Bought for yourself; certificates name you." />
            {membership && (
              <Choice
                name={choiceName}
                checked={selection === 'business'}
                onChange={() => choose('business')}
                title="Business order"
                detail={`Bought for ${membership.name ?? membership.businessCode}; certificates name the business.`}
              />
            )}
            {eventTie && (
              <Choice
                name={choiceName}
                checked={selection === 'event'}
                onChange={() => choose('event')}
                title="For the event"
                detail={`Bought for ${eventTie.name ?? eventTie.conferanceCode}; certificates name the event.`}
              />
            )}
          </div>
          {eventTie && onRemoveEventTie && (
            <p className="checkout-form__tie" data-testid="event-tie">
              Your cart is tied to <strong>{eventTie.name ?? eventTie.conferanceCode}</strong> (code <code>{eventTie.conferanceCode}</code>) because you chose “Buy for this event”.{' '}
              <button type="button" className="checkout-form__inline-button" onClick={onRemoveEventTie} disabled={removingEventTie}>
                {removingEventTie ? 'Removing…' : 'Remove the event'}
              </button>
            </p>
          )}
        </fieldset>
      )}

      <fieldset className="checkout-form__group">
        <legend className="checkout-form__legend">Address</legend>
        <div className="form__row">
          <TextField {...fieldProps('firstName')} label="First name" autoComplete="given-name" required />
          <TextField {...fieldProps('lastName')} label="Last name" autoComplete="family-name" required />
        </div>
        <TextField {...fieldProps('line1')} label="Street address" autoComplete="address-line1" required />
        <TextField {...fieldProps('line2')} label={optionalLabel('Apartment, suite, etc.')} autoComplete="address-line2" />
        <div className="form__row">
          <TextField {...fieldProps('city')} label="City" autoComplete="address-level2" required />
          <TextField {...fieldProps('postalCode')} label="Postal code" autoComplete="postal-code" required />
        </div>
        <div className="form__row">
          <TextField {...fieldProps('region')} label={optionalLabel('State or region')} autoComplete="address-level1" />
          <CountryField id={country.id} value={country.value} onBlur={country.onBlur} error={country.error} onChange={(code) => form.setValue('country', code)} label="Country" autoComplete="country-name" required />
        </div>
        <TextField {...fieldProps('phone')} label={optionalLabel('Phone')} type="tel" autoComplete="tel" />
      </fieldset>

      <fieldset className="checkout-form__group">
        <legend className="checkout-form__legend">Receipt</legend>
        <TextField {...fieldProps('buyerEmail')} label="Email for the receipt" type="email" autoComplete="email" hint="The order confirmation is sent here." />
      </fieldset>

      <fieldset className="checkout-form__group">
        <legend className="checkout-form__legend">Payment</legend>
        <p className="checkout-form__payment">
          After you place the order you pay by card on the card provider's secure page. A demo shop without a card provider pays with a test payment instead, and
          no card is charged: the confirmation says which it was.
        </p>
      </fieldset>

      {failure && (
        <FormAlert>
          <strong>Your order was not placed.</strong> {failure.reason}
        </FormAlert>
      )}
      <div className="form__actions">
        <Button type="submit" size="lg" fullWidth loading={sending} disabled={!canPlace}>
          {sending ? 'Placing your order…' : `Place order · ${totalLabel}`}
        </Button>
      </div>
    </form>
  );
}

function initialBeneficiary(membership: BusinessMembership | null, cartForBusiness: boolean, eventTie: EventTie | null): Beneficiary {
  if (membership && cartForBusiness) return 'business';
  if (eventTie) return 'event';
  return membership && readBusinessOrderSelection() === 'yes' ? 'business' : 'personal';
}

function Choice({ name, checked, onChange, title, detail }: { name: string; checked: boolean; onChange: () => void; title: string; detail: string }) {
  return (
    <label className={`checkout-choice__option${checked ? ' checkout-choice__option--checked' : ''}`}>
      <input type="radio" name={name} checked={checked} onChange={onChange} className="checkout-choice__radio" />
      <span>
        <span className="checkout-choice__title">{title}</span>
        <span className="checkout-choice__detail">{detail}</span>
      </span>
    </label>
  );
}
