import { useFieldArray } from 'react-hook-form';
import type { AdminProduct } from '@app/contract/admin';
import { Button } from '../../../../components/ui/Button.tsx';
import { InputField, SelectField, errorAt } from '../../components/form.tsx';
import type { ProductFormApi } from './product-form-values.ts';

const nullIfEmpty = (value: unknown) => (value === '' ? null : value);
const numberOrUndefined = (value: unknown) => (value === '' || value === null || value === undefined ? undefined : Number(value));

/**
 * Colours, each with its sizes and each size with its own stock; a colour may show one of the
 * product's photos. Sizes already saved keep their stock (changed in Stock, with a reason); a new
 * size starts with the stock typed here.
 */
export function ColorsFields({ form, images }: { form: ProductFormApi; images: AdminProduct['images'] }) {
  const colors = useFieldArray({ control: form.control, name: 'colors' });
  const errors = form.formState.errors;
  return (
    <div className="admin-colors">
      {colors.fields.length === 0 && <p className="admin-muted admin-small">No colours: the product has one stock of its own. Add a colour to sell it in colours and sizes.</p>}
      {colors.fields.map((color, index) => (
        <fieldset key={color.id} className="admin-color">
          <legend>Colour {index + 1}</legend>
          <div className="admin-form-grid">
            <InputField label="Name" error={errorAt(errors, `colors.${index}.name`)} {...form.register(`colors.${index}.name`)} />
            <InputField label="Swatch (#RRGGBB)" placeholder="#1F6FEB" error={errorAt(errors, `colors.${index}.hex`)} {...form.register(`colors.${index}.hex`, { setValueAs: nullIfEmpty })} />
            <SelectField
              label="Photo"
              error={errorAt(errors, `colors.${index}.image`)}
              options={[{ value: '', label: "The product's first photo" }, ...images.map((image, position) => ({ value: image.url, label: image.alt || `Photo ${position + 1}` }))]}
              {...form.register(`colors.${index}.image`, { setValueAs: nullIfEmpty })}
            />
          </div>
          <SizesFields form={form} colorIndex={index} />
          <Button size="sm" variant="ghost" className="admin-danger-outline" onClick={() => colors.remove(index)}>
            Remove colour {index + 1}
          </Button>
        </fieldset>
      ))}
      {errorAt(errors, 'colors') && <p className="field__error">{errorAt(errors, 'colors')}</p>}
      <Button size="sm" variant="secondary" onClick={() => colors.append({ name: '', hex: null, image: null, sizes: [{ name: 'One size', stock: 0 }] })}>
        Add a colour
      </Button>
    </div>
  );
}

function SizesFields({ form, colorIndex }: { form: ProductFormApi; colorIndex: number }) {
  const sizes = useFieldArray({ control: form.control, name: `colors.${colorIndex}.sizes` });
  const errors = form.formState.errors;
  return (
    <div className="admin-sizes">
      <p className="field__label">Sizes</p>
      {sizes.fields.map((size, index) => {
        const saved = Boolean(form.getValues(`colors.${colorIndex}.sizes.${index}._id`));
        return (
          <div key={size.id} className="admin-size">
            <InputField label={`Size ${index + 1}`} error={errorAt(errors, `colors.${colorIndex}.sizes.${index}.name`)} {...form.register(`colors.${colorIndex}.sizes.${index}.name`)} />
            {saved ? (
              <p className="admin-muted admin-small admin-size__note">Stock is changed under Stock, with a reason.</p>
            ) : (
              <InputField label="First stock" type="number" min={0} inputMode="numeric" error={errorAt(errors, `colors.${colorIndex}.sizes.${index}.stock`)} {...form.register(`colors.${colorIndex}.sizes.${index}.stock`, { setValueAs: numberOrUndefined })} />
            )}
            <Button size="sm" variant="ghost" aria-label={`Remove size ${index + 1}`} onClick={() => sizes.remove(index)} disabled={sizes.fields.length === 1}>
              Remove
            </Button>
          </div>
        );
      })}
      {errorAt(errors, `colors.${colorIndex}.sizes`) && <p className="field__error">{errorAt(errors, `colors.${colorIndex}.sizes`)}</p>}
      <Button size="sm" variant="link" onClick={() => sizes.append({ name: '', stock: 0 })}>
        Add a size
      </Button>
    </div>
  );
}
