import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { AdminProduct, ProductCreateBody, ProductUpdateBody, productCreateBodySchema } from '@app/contract/admin';
import { SUPPORTED_CURRENCIES } from '@app/contract/money';

/**
 * The product form holds the contract's create body as it is (prices in minor units, ids for
 * categories and standards), so `productCreateBodySchema` validates it in the browser exactly as
 * the API does. These turn a product into form values and form values into the PATCH body.
 */
export type ProductFormValues = ProductCreateBody;
export type ProductFormOutput = z.output<typeof productCreateBodySchema>;
export type ProductFormApi = UseFormReturn<ProductFormValues, unknown, ProductFormOutput>;

export function emptyProductValues(): ProductFormValues {
  return {
    name: '',
    slug: '',
    kind: 'offset',
    shortDescription: '',
    description: '',
    unit: 'tonne CO2e',
    countryCode: null,
    featured: false,
    offered: false,
    tags: [],
    categoryIds: [],
    standardIds: [],
    sdgs: [],
    projectValidityDate: null,
    vintage: null,
    registryProjectId: null,
    prices: Object.fromEntries(SUPPORTED_CURRENCIES.map((currency) => [currency, { priceMinor: undefined as unknown as number, oldPriceMinor: null }])) as ProductFormValues['prices'],
    lowStockThreshold: 5,
    colors: [],
    stock: 0,
  };
}

export function productToValues(product: AdminProduct): ProductFormValues {
  const prices = emptyProductValues().prices;
  for (const price of product.prices) prices[price.currency] = { priceMinor: price.priceMinor, oldPriceMinor: price.oldPriceMinor };
  return {
    name: product.name,
    slug: product.slug,
    kind: product.kind,
    shortDescription: product.shortDescription,
    description: product.description,
    unit: product.unit,
    countryCode: product.countryCode,
    featured: product.featured,
    offered: product.offered,
    tags: product.tags,
    categoryIds: product.categories.map((category) => category._id),
    standardIds: product.standards.map((standard) => standard._id),
    sdgs: product.sdgs,
    projectValidityDate: product.projectValidityDate,
    vintage: product.vintage,
    registryProjectId: product.registryProjectId,
    prices,
    lowStockThreshold: product.lowStockThreshold,
    // Existing sizes keep their ids and carry no stock: their stock changes through the ledger.
    colors: product.colors.map((color) => ({ _id: color._id, name: color.name, hex: color.hex, image: color.image, sizes: color.sizes.map((size) => ({ _id: size._id, name: size.name })) })),
    stock: product.stock,
  };
}

/** The PATCH body: every field but the stock (changed through `products/{id}/stock`) and an empty slug. */
export function valuesToUpdate(values: ProductFormOutput): ProductUpdateBody {
  const { stock: _stock, slug, unit, ...rest } = values;
  return { ...rest, ...(slug ? { slug } : {}), ...(unit ? { unit } : {}) } as ProductUpdateBody;
}

/** The create body: an empty slug is left out (the API derives it from the name). */
export function valuesToCreate(values: ProductFormOutput): ProductCreateBody {
  const { slug, ...rest } = values;
  return slug ? values : rest;
}
