import { addressSchema, type Address, type MeResponse } from '@app/contract';
import { Button } from '../../../components/ui/Button.tsx';
import { FormAlert } from '../../../components/form/FormAlert.tsx';
import { CountryField, countryFieldProps } from '../../../components/form/CountryField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { optional, useForm, zodFieldErrors } from '../../../components/form/useForm.ts';
import { useSubmit } from '../../../components/form/useSubmit.ts';
import { successMessage } from '../../../lib/api-error.ts';
import { saveAddress } from '../api/account-api.ts';
import { AccountSection } from './AccountSection.tsx';
import { useAccountUpdate } from './useAccountUpdate.ts';

type Field = 'firstName' | 'lastName' | 'line1' | 'line2' | 'city' | 'state' | 'postalCode' | 'country' | 'phone';

function toAddress(values: Record<Field, string>): Address {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    line1: values.line1.trim(),
    line2: optional(values.line2),
    city: values.city.trim(),
    state: optional(values.state),
    postalCode: values.postalCode.trim(),
    country: values.country.trim().toUpperCase(),
    phone: optional(values.phone),
  };
}

const validate = (values: Record<Field, string>) => zodFieldErrors<Field>(addressSchema.safeParse(toAddress(values)));

/** The API names nested fields "billingAddress.city"; the form knows them as "city". */
function unnest(fields: Record<string, string[]> | undefined) {
  return fields && Object.fromEntries(Object.entries(fields).map(([key, messages]) => [key.replace(/^billingAddress\./, ''), messages]));
}

const optionalLabel = (text: string) => (
  <>
    {text} <span className="field__label-note">(optional)</span>
  </>
);

/** The billing address used at checkout; its country may set the currency (level 1). */
export function AddressSection({ me }: { me: MeResponse }) {
  const saved = me.billingAddress;
  const form = useForm<Field>(
    {
      firstName: saved?.firstName ?? me.data.firstName,
      lastName: saved?.lastName ?? me.data.lastName,
      line1: saved?.line1 ?? '',
      line2: saved?.line2 ?? '',
      city: saved?.city ?? '',
      state: saved?.state ?? '',
      postalCode: saved?.postalCode ?? '',
      country: saved?.country ?? me.selectedCountry ?? '',
      phone: saved?.phone ?? me.data.phone ?? '',
    },
    validate,
  );
  const update = useAccountUpdate();
  const { sending, error, run } = useSubmit();

  const submit = form.handleSubmit((values) =>
    run(() => saveAddress(toAddress(values)), {
      success: 'body',
      onSuccess: (response) => update.saved(successMessage(response, 'Your address has been saved'), { currency: response.data.data.currency }),
      applyFields: (fields) => form.applyServerFields(unnest(fields)),
    }),
  );

  return (
    <AccountSection id="address" title="Billing address" description={saved ? 'Used on invoices and at checkout.' : 'No billing address yet. Add one to check out faster.'}>
      <form className="form" noValidate onSubmit={submit}>
        <div className="form__row">
          <TextField {...form.field('firstName')} label="First name" autoComplete="billing given-name" required />
          <TextField {...form.field('lastName')} label="Last name" autoComplete="billing family-name" required />
        </div>
        <TextField {...form.field('line1')} label="Street address" autoComplete="billing address-line1" required />
        <TextField {...form.field('line2')} label={optionalLabel('Apartment, suite, etc.')} autoComplete="billing address-line2" />
        <div className="form__row">
          <TextField {...form.field('city')} label="City" autoComplete="billing address-level2" required />
          <TextField {...form.field('state')} label={optionalLabel('State or region')} autoComplete="billing address-level1" />
        </div>
        <div className="form__row">
          <TextField {...form.field('postalCode')} label="Postal code" autoComplete="billing postal-code" required />
          <CountryField {...countryFieldProps(form, 'country')} label="Country" autoComplete="billing country-name" required />
        </div>
        <TextField {...form.field('phone')} label={optionalLabel('Phone')} type="tel" autoComplete="billing tel" />
        {error && <FormAlert>{error}</FormAlert>}
        <div className="form__actions">
          <Button type="submit" loading={sending}>
            Save address
          </Button>
        </div>
      </form>
    </AccountSection>
  );
}
