import type { ColorVariation, Product } from '@app/contract';

/** What a shopper has picked on a product page: a color and one of its sizes (ids), and how many. */
export interface VariationChoice {
  colorId?: string;
  sizeId?: string;
}

/** The first size of a color that can be bought, else its first size. */
function defaultSize(color: ColorVariation | undefined) {
  return color?.sizes.find((size) => size.stock > 0) ?? color?.sizes[0];
}

/** The page opens on the first color that has stock (else the first color) and its first size in stock. */
export function initialChoice(product: Pick<Product, 'variation'>): VariationChoice {
  const color = product.variation.find((c) => c.sizes.some((size) => size.stock > 0)) ?? product.variation[0];
  return { colorId: color?._id, sizeId: defaultSize(color)?._id };
}

/** Choosing a color keeps the chosen size's name when that color has it in stock, else takes its first size in stock. */
export function chooseColor(product: Pick<Product, 'variation'>, current: VariationChoice, colorId: string): VariationChoice {
  const color = product.variation.find((c) => c._id === colorId);
  if (!color) return current;
  const currentName = product.variation.flatMap((c) => c.sizes).find((size) => size._id === current.sizeId)?.name;
  const sameName = color.sizes.find((size) => size.name === currentName && size.stock > 0);
  return { colorId, sizeId: (sameName ?? defaultSize(color))?._id };
}

/**
 * Units that can be bought of the current choice: the chosen size's stock when the product has
 * variations, otherwise actualStock. Never more than actualStock (spec §2.6: at 0 or less the
 * product is out of stock whatever the variations say).
 */
export function availableStock(product: Pick<Product, 'variation' | 'actualStock'>, choice: VariationChoice): number {
  if (product.actualStock <= 0) return 0;
  if (product.variation.length === 0) return product.actualStock;
  const color = product.variation.find((c) => c._id === choice.colorId);
  const size = color?.sizes.find((s) => s._id === choice.sizeId);
  if (!size) return 0;
  return Math.min(size.stock, product.actualStock);
}
