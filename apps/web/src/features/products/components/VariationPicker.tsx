import { useId } from 'react';
import type { Product } from '@app/contract';
import type { VariationChoice } from '../variation-choice.ts';

export interface VariationPickerProps {
  product: Pick<Product, 'variation'>;
  choice: VariationChoice;
  onColor: (colorId: string) => void;
  onSize: (sizeId: string) => void;
}

/**
 * Color and size pickers as native radio groups (arrow keys move within a group, labels are
 * read out). A size with no stock stays visible but cannot be picked, and says so.
 */
export function VariationPicker({ product, choice, onColor, onSize }: VariationPickerProps) {
  const name = useId();
  if (product.variation.length === 0) return null;
  const color = product.variation.find((c) => c._id === choice.colorId);
  const sizes = color?.sizes ?? [];
  // A single size called "One size" is no choice: show nothing rather than a lone radio.
  const showSizes = sizes.length > 1 || (sizes.length === 1 && !/^one size$/i.test(sizes[0].name));

  return (
    <div className="variation-picker">
      <fieldset className="variation-picker__group">
        <legend className="variation-picker__legend">
          Color: <span className="variation-picker__value">{color?.name ?? 'choose one'}</span>
        </legend>
        <div className="variation-picker__options">
          {product.variation.map((option) => {
            const soldOut = option.sizes.every((size) => size.stock <= 0);
            return (
              <label key={option._id} className="variation-picker__swatch" data-sold-out={soldOut || undefined}>
                <input
                  type="radio"
                  name={`${name}-color`}
                  value={option._id}
                  checked={option._id === choice.colorId}
                  onChange={() => onColor(option._id)}
                />
                <span className="variation-picker__dot" style={{ background: option.hex ?? 'var(--color-bg-muted)' }} aria-hidden="true" />
                <span className="variation-picker__name">
                  {option.name}
                  {soldOut && <span className="variation-picker__note"> (sold out)</span>}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      {showSizes && (
        <fieldset className="variation-picker__group">
          <legend className="variation-picker__legend">Size</legend>
          <div className="variation-picker__options">
            {sizes.map((size) => (
              <label key={size._id} className="variation-picker__size" data-disabled={size.stock <= 0 || undefined}>
                <input
                  type="radio"
                  name={`${name}-size`}
                  value={size._id}
                  checked={size._id === choice.sizeId}
                  disabled={size.stock <= 0}
                  onChange={() => onSize(size._id)}
                />
                <span>{size.name}</span>
                {size.stock <= 0 && <span className="visually-hidden"> (out of stock)</span>}
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </div>
  );
}
