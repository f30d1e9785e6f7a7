import { useId, useState, type ReactNode } from 'react';
import type { OrderCreateBody } from '@app/contract/orders';
import { Button } from '../../../components/ui/Button.tsx';
import { FormAlert } from '../../../components/form/FormAlert.tsx';
import { ErrorIcon, TextField } from '../../../components/form/TextField.tsx';
import { useForm } from '../../../components/form/useForm.ts';
import type { OrderFailedError } from '../api/orders-api.ts';
import { readBusinessOrderSelection, storeBusinessOrderSelection, type BusinessMembership, type BusinessOrderSelection } from '../checkout-storage.ts';
import { formFieldsOf, toOrderBody, validateCheckout, type CheckoutField, type CheckoutValues } from '../checkout-form-values.ts';
import './checkout.css';

export interface CountryOption {
  code: string;
  name: string;
}

export interface CheckoutFormProps {
  initialValues: CheckoutValues;
  userId: string | null;
  /** The business the buyer is a member of; null hides the personal-or-business choice. */
  membership: BusinessMembership | null;
  /** The cart was filled for the membership's business (`PUT /v1/carts/transfer`): a business order is preselected. */
  cartForBusiness?: boolean;
  countries: { options: CountryOption[]; loading: boolean; error: string | null; retry: () => void };
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
export function CheckoutForm({ initialValues, userId, membership, cartForBusiness = false, countries, totalLabel, canPlace, sending, failure, onPlace }: CheckoutFormProps) {
  const form = useForm<CheckoutField>(initialValues, validateCheckout);
  const [selection, setSelection] = useState<BusinessOrderSelection>(() => (membership ? (cartForBusiness ? 'yes' : readBusinessOrderSelection()) : 'no'));
  const choiceName = useId();

  const choose = (next: BusinessOrderSelection) => {
    setSelection(next);
    storeBusinessOrderSelection(next);
  };

  const submit = form.handleSubmit((values) => {
    // Spec §4: a business order only when BusinessOrderSelection is 'yes' (and only for a member).
    const businessOrderFor = membership && selection === 'yes' ? membership : null;
    onPlace(toOrderBody(values, { userId, businessOrderFor }));
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
      {membership && (
        <fieldset className="checkout-form__group">
          <legend className="checkout-form__legend">Who is this order for?</legend>
          <div className="checkout-choice">
            <Choice name={choiceName} checked={selection === 'no'} onChange={() => choose('no')} title="Personal order" detail="Bought for yourself; certificates name you." />
            <Choice
              name={choiceName}
              checked={selection === 'yes'}
              onChange={() => choose('yes')}
              title="Business order"
              detail={`Bought for ${membership.name ?? membership.businessCode}; certificates name the business.`}
            />
          </div>
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
          {countries.error && countries.options.length === 0 ? (
            <TextField
              {...country}
              label="Country code"
              autoComplete="country"
              autoCapitalize="characters"
              maxLength={2}
              hint={
                <>
                  {countries.error}.{' '}
                  <button type="button" className="checkout-form__inline-button" onClick={countries.retry}>
                    Try again
                  </button>{' '}
                  or type the two-letter code, such as GB.
                </>
              }
              required
              onChange={(event) => form.setValue('country', event.target.value.toUpperCase())}
            />
          ) : (
            <SelectField id={country.id} label="Country" error={country.error}>
              <select
                id={country.id}
                name={country.name}
                className="field__input"
                value={country.value}
                onChange={country.onChange}
                onBlur={country.onBlur}
                autoComplete="country"
                required
                aria-invalid={country.error ? true : undefined}
                aria-describedby={country.error ? `${country.id}-error` : undefined}
                aria-busy={countries.loading || undefined}
              >
                <option value="">{countries.loading ? 'Loading countries…' : 'Choose a country'}</option>
                {countries.options.map((option) => (
                  <option key={option.code} value={option.code}>
                    {option.name}
                  </option>
                ))}
              </select>
            </SelectField>
          )}
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

function SelectField({ id, label, error, children }: { id: string; label: ReactNode; error?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="field__error">
          <ErrorIcon />
          {error}
        </p>
      )}
    </div>
  );
}
