import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { couponCreateBodySchema, type AdminCoupon } from '@app/contract/admin';
import { SUPPORTED_CURRENCIES } from '@app/contract/money';
import { Button } from '../../../../components/ui/Button.tsx';
import { Dialog } from '../../../../components/ui/Dialog.tsx';
import { FormAlert } from '../../../../components/form/FormAlert.tsx';
import { useToast } from '../../../../components/ui/useToast.ts';
import { admin } from '../../api/admin-client.ts';
import { useAdminWrite } from '../../api/queries.ts';
import { InputField, SelectField, TextareaField, applyServerErrors, errorAt, useSchemaForm } from '../../components/form.tsx';
import { MoneyInput, inMajorUnits } from '../../components/MoneyInput.tsx';

const numberOrNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));
/** `<input type="datetime-local">` is local time without a zone: sent as an ISO instant. */
const toInstant = (value: unknown) => (typeof value === 'string' && value ? new Date(value).toISOString() : null);
const toLocalInput = (iso: string | null) => (iso ? new Date(new Date(iso).getTime() - new Date(iso).getTimezoneOffset() * 60_000).toISOString().slice(0, 16) : '');

/**
 * Create or edit a coupon, validated by the contract's create schema (the edit sends the same
 * fields but the code and kind, which never change once orders name them).
 */
export function CouponDialog({ coupon, onClose }: { coupon: AdminCoupon | null; onClose: () => void }) {
  const toast = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useSchemaForm(couponCreateBodySchema, {
    defaultValues: coupon
      ? { ...coupon, startsAt: toLocalInput(coupon.startsAt) as never, endsAt: toLocalInput(coupon.endsAt) as never }
      : { code: '', kind: 'percent', percentOff: null, amountOffMinor: null, minimumOrderMinor: {}, startsAt: null, endsAt: null, maxUses: null, maxUsesPerUser: null, description: '' },
  });
  const save = useAdminWrite((body: Record<string, unknown>) => (coupon ? admin.patch(`coupons/${coupon._id}`, body) : admin.post('coupons', body)), ['coupons']);
  const errors = form.formState.errors;
  const kind = form.watch('kind');

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    const { code, kind: _kind, ...editable } = values;
    try {
      await save.mutateAsync(coupon ? editable : values);
      toast.success(coupon ? `${code} saved` : `${code} created`);
      onClose();
    } catch (error) {
      setProblem(applyServerErrors(form, error));
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={coupon ? `Edit ${coupon.code}` : 'New coupon'}
      size="lg"
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="coupon-form" loading={save.isPending}>
            {coupon ? 'Save coupon' : 'Create coupon'}
          </Button>
        </>
      }
    >
      <form id="coupon-form" className="admin-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="admin-form-grid">
          <InputField label="Code" disabled={Boolean(coupon)} hint={coupon ? 'A code never changes once created.' : 'Letters and digits, e.g. EARTH10.'} error={errorAt(errors, 'code')} {...form.register('code')} />
          <SelectField label="Kind" disabled={Boolean(coupon)} options={[{ value: 'percent', label: 'Percentage off' }, { value: 'amount', label: 'Fixed amount off' }]} error={errorAt(errors, 'kind')} {...form.register('kind')} />
          {kind === 'percent' && <InputField label="Percent off" type="number" min={1} max={100} error={errorAt(errors, 'percentOff')} {...form.register('percentOff', { setValueAs: numberOrNull })} />}
        </div>
        {kind === 'amount' && (
          <fieldset className="admin-choices admin-currency-grid">
            <legend className="field__label">Amount off, per currency (the coupon works in the currencies given)</legend>
            {SUPPORTED_CURRENCIES.map((currency) => (
              <Controller
                key={currency}
                control={form.control}
                name="amountOffMinor"
                render={({ field }) => {
                  // The contract's rule for one currency ("is a whole number of minor units"), said in what was typed.
                  const message = inMajorUnits(errorAt(errors, `amountOffMinor.${currency}`), currency);
                  return (
                    <div>
                      <MoneyInput
                        label={`Amount off in ${currency}`}
                        currency={currency}
                        value={field.value?.[currency] ?? null}
                        invalid={Boolean(message)}
                        describedBy={message ? `amount-off-${currency}-error` : undefined}
                        onChange={(minor) => {
                          const next = { ...(field.value ?? {}) };
                          if (minor === null) delete next[currency];
                          else next[currency] = minor;
                          field.onChange(Object.keys(next).length ? next : null);
                        }}
                      />
                      {message && (
                        <p id={`amount-off-${currency}-error`} className="field__error">
                          {/^[a-z]/.test(message) ? `${currency}: ${message}` : message}
                        </p>
                      )}
                    </div>
                  );
                }}
              />
            ))}
            {errorAt(errors, 'amountOffMinor') && <p className="field__error">{errorAt(errors, 'amountOffMinor')}</p>}
          </fieldset>
        )}
        <div className="admin-form-grid">
          <InputField label="Starts" type="datetime-local" error={errorAt(errors, 'startsAt')} {...form.register('startsAt', { setValueAs: toInstant })} />
          <InputField label="Ends" type="datetime-local" error={errorAt(errors, 'endsAt')} {...form.register('endsAt', { setValueAs: toInstant })} />
          <InputField label="Uses in all" type="number" min={1} hint="Empty: no limit." error={errorAt(errors, 'maxUses')} {...form.register('maxUses', { setValueAs: numberOrNull })} />
          <InputField label="Uses per customer" type="number" min={1} hint="Empty: no limit." error={errorAt(errors, 'maxUsesPerUser')} {...form.register('maxUsesPerUser', { setValueAs: numberOrNull })} />
        </div>
        <TextareaField label="Description (for operators)" rows={2} error={errorAt(errors, 'description')} {...form.register('description')} />
        {problem && <FormAlert>{problem}</FormAlert>}
      </form>
    </Dialog>
  );
}
