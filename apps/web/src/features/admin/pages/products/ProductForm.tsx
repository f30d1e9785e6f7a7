import { Controller } from 'react-hook-form';
import type { AdminProduct, productReferencesSchema } from '@app/contract/admin';
import { PRODUCT_KINDS } from '@app/contract/catalog-query';
import type { z } from 'zod';
import { InputField, SelectField, TextareaField, errorAt } from '../../components/form.tsx';
import { ColorsFields } from './ColorsFields.tsx';
import { PricesFields } from './PricesFields.tsx';
import type { ProductFormApi } from './product-form-values.ts';

export type ProductReferences = z.infer<typeof productReferencesSchema>;

const nullIfEmpty = (value: unknown) => (value === '' || value === undefined ? null : value);
const numberOrNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));
const number = (value: unknown) => (value === '' || value === null || value === undefined ? Number.NaN : Number(value));

/** Every field of a product the storefront shows, in sections; messages come from the contract's schema. */
export function ProductForm({ form, references, product }: { form: ProductFormApi; references: ProductReferences; product?: AdminProduct }) {
  const errors = form.formState.errors;
  const kind = form.watch('kind');
  return (
    <>
      <section className="admin-card" aria-labelledby="product-basics">
        <h2 id="product-basics" className="admin-card__title">
          Basics
        </h2>
        <div className="admin-form">
          <InputField label="Name" error={errorAt(errors, 'name')} {...form.register('name')} />
          <div className="admin-form-grid">
            <InputField label="Address name (slug)" hint={product ? undefined : 'Left empty, it is made from the name.'} error={errorAt(errors, 'slug')} {...form.register('slug', { setValueAs: (value) => (value === '' ? undefined : value) })} />
            <SelectField label="Kind" options={PRODUCT_KINDS.map((value) => ({ value, label: value === 'offset' ? 'Carbon offset' : 'Green product' }))} error={errorAt(errors, 'kind')} {...form.register('kind')} />
            <InputField label="Unit" list="product-units" hint="What one unit of stock is." error={errorAt(errors, 'unit')} {...form.register('unit', { setValueAs: (value) => (value === '' ? undefined : value) })} />
            <datalist id="product-units">
              {references.units.map((unit) => (
                <option key={unit} value={unit} />
              ))}
            </datalist>
          </div>
          <TextareaField label="Short description" rows={3} hint="Each sentence becomes a bullet point on the product page." error={errorAt(errors, 'shortDescription')} {...form.register('shortDescription')} />
          <TextareaField label="Description" rows={8} error={errorAt(errors, 'description')} {...form.register('description')} />
        </div>
      </section>

      <section className="admin-card" aria-labelledby="product-prices">
        <h2 id="product-prices" className="admin-card__title">
          Prices
        </h2>
        <PricesFields form={form} />
      </section>

      <section className="admin-card" aria-labelledby="product-organise">
        <h2 id="product-organise" className="admin-card__title">
          Organisation
        </h2>
        <div className="admin-form">
          <fieldset className="admin-choices">
            <legend className="field__label">Categories</legend>
            {references.categories.length === 0 && <p className="admin-muted admin-small">No categories yet: add them under Categories & tags.</p>}
            {references.categories.map((category) => (
              <label key={category._id} className="admin-check">
                <input type="checkbox" value={category._id} {...form.register('categoryIds')} />
                {category.name}
              </label>
            ))}
            {errorAt(errors, 'categoryIds') && <p className="field__error">{errorAt(errors, 'categoryIds')}</p>}
          </fieldset>
          <Controller
            control={form.control}
            name="tags"
            render={({ field }) => (
              <InputField
                label="Tags"
                hint={`Separated by commas. In use: ${references.tags.slice(0, 8).join(', ') || 'none yet'}`}
                defaultValue={(field.value ?? []).join(', ')}
                onChange={(event) => field.onChange(event.target.value.split(',').map((tag) => tag.trim()).filter(Boolean))}
                onBlur={field.onBlur}
                error={errorAt(errors, 'tags') ?? (Array.isArray(errors.tags) ? errors.tags.find(Boolean)?.message : undefined)}
              />
            )}
          />
          <div className="admin-form-grid">
            <InputField label="Low-stock threshold" type="number" min={0} hint="Listed under Stock when what can be sold falls to this." error={errorAt(errors, 'lowStockThreshold')} {...form.register('lowStockThreshold', { setValueAs: number })} />
            {!product && <InputField label="First stock" type="number" min={0} hint="For a product without colours." error={errorAt(errors, 'stock')} {...form.register('stock', { setValueAs: number })} />}
          </div>
          <div className="admin-choices admin-choices--row">
            <label className="admin-check">
              <input type="checkbox" {...form.register('featured')} />
              Featured on the home page
            </label>
            <label className="admin-check">
              <input type="checkbox" {...form.register('offered')} />
              Special offer
            </label>
          </div>
        </div>
      </section>

      {kind === 'offset' && (
        <section className="admin-card" aria-labelledby="product-offset">
          <h2 id="product-offset" className="admin-card__title">
            Offset project
          </h2>
          <div className="admin-form">
            <div className="admin-form-grid">
              <InputField label="Country (ISO code)" placeholder="KE" maxLength={2} error={errorAt(errors, 'countryCode')} {...form.register('countryCode', { setValueAs: nullIfEmpty })} />
              <InputField label="Project valid until" type="date" error={errorAt(errors, 'projectValidityDate')} {...form.register('projectValidityDate', { setValueAs: nullIfEmpty })} />
              <InputField label="Vintage (year)" type="number" min={1990} max={2100} error={errorAt(errors, 'vintage')} {...form.register('vintage', { setValueAs: numberOrNull })} />
              <InputField label="Registry project id" placeholder="VCS 1234" error={errorAt(errors, 'registryProjectId')} {...form.register('registryProjectId', { setValueAs: nullIfEmpty })} />
            </div>
            <fieldset className="admin-choices">
              <legend className="field__label">Standards</legend>
              {references.standards.map((standard) => (
                <label key={standard._id} className="admin-check">
                  <input type="checkbox" value={standard._id} {...form.register('standardIds')} />
                  {standard.name}
                </label>
              ))}
            </fieldset>
            <Controller
              control={form.control}
              name="sdgs"
              render={({ field }) => (
                <fieldset className="admin-choices admin-choices--sdgs">
                  <legend className="field__label">Sustainable Development Goals</legend>
                  {references.sdgs.map((sdg) => (
                    <label key={sdg.number} className="admin-check" title={sdg.name}>
                      <input
                        type="checkbox"
                        checked={(field.value ?? []).includes(sdg.number)}
                        onChange={(event) => field.onChange(event.target.checked ? [...(field.value ?? []), sdg.number].sort((a, b) => a - b) : (field.value ?? []).filter((n) => n !== sdg.number))}
                      />
                      {sdg.number}. {sdg.name}
                    </label>
                  ))}
                </fieldset>
              )}
            />
          </div>
        </section>
      )}

      <section className="admin-card" aria-labelledby="product-colors">
        <h2 id="product-colors" className="admin-card__title">
          Colours and sizes
        </h2>
        <ColorsFields form={form} images={product?.images ?? []} />
      </section>
    </>
  );
}
