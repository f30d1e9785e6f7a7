import { saveProfileBodySchema, type MeResponse } from '@app/contract';
import { Button } from '../../../components/ui/Button.tsx';
import { FormAlert } from '../../../components/form/FormAlert.tsx';
import { CountryField, countryFieldProps } from '../../../components/form/CountryField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { useForm, zodFieldErrors } from '../../../components/form/useForm.ts';
import { useSubmit } from '../../../components/form/useSubmit.ts';
import { successMessage } from '../../../lib/api-error.ts';
import { saveProfile, type ProfileInput } from '../api/account-api.ts';
import { AccountSection } from './AccountSection.tsx';
import { useAccountUpdate } from './useAccountUpdate.ts';

type Field = 'firstName' | 'lastName' | 'phone' | 'selectedCountry';

/** Empty optional boxes mean "remove it", which the API takes as null. */
function toInput(values: Record<Field, string>): ProfileInput {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    phone: values.phone.trim() || null,
    selectedCountry: values.selectedCountry.trim().toUpperCase() || null,
  };
}

const validate = (values: Record<Field, string>) => zodFieldErrors<Field>(saveProfileBodySchema.safeParse(toInput(values)));

/** Name, phone and the country the person shops from (a country may set the currency, level 2). */
export function ProfileSection({ me }: { me: MeResponse }) {
  const form = useForm<Field>(
    { firstName: me.data.firstName, lastName: me.data.lastName, phone: me.data.phone ?? '', selectedCountry: me.selectedCountry ?? '' },
    validate,
  );
  const update = useAccountUpdate();
  const { sending, error, run } = useSubmit();

  const submit = form.handleSubmit((values) =>
    run(() => saveProfile(toInput(values)), {
      success: 'body',
      onSuccess: (response) => {
        const data = response.data.data;
        update.saved(successMessage(response, 'Your profile has been saved'), { firstName: data.firstName, lastName: data.lastName, currency: data.currency });
      },
      applyFields: form.applyServerFields,
    }),
  );

  return (
    <AccountSection id="profile" title="Profile" description="Your name appears on orders and certificates.">
      <form className="form" noValidate onSubmit={submit}>
        <div className="form__row">
          <TextField {...form.field('firstName')} label="First name" autoComplete="given-name" required />
          <TextField {...form.field('lastName')} label="Last name" autoComplete="family-name" required />
        </div>
        <div className="form__row">
          <TextField {...form.field('phone')} label={<>Phone <span className="field__label-note">(optional)</span></>} type="tel" autoComplete="tel" />
          <CountryField
            {...countryFieldProps(form, 'selectedCountry')}
            label={<>Country <span className="field__label-note">(optional)</span></>}
            hint="The country you shop from. It can set your checkout currency."
          />
        </div>
        {error && <FormAlert>{error}</FormAlert>}
        <div className="form__actions">
          <Button type="submit" loading={sending}>
            Save profile
          </Button>
        </div>
      </form>
    </AccountSection>
  );
}
