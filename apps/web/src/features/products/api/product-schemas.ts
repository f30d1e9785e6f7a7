import { catalogFacetsSchema, dataEnvelope, pageMetaResponseSchema, productSchema } from '@app/contract';
import { z } from 'zod';

/**
 * The zod checks of catalog answers. Loaded on demand by get-products.ts, only when the browser
 * actually fetches: server-rendered pages arrive with their data, so zod stays out of the first load.
 */
export const productListEnvelope = dataEnvelope(z.array(productSchema));
export const productEnvelope = dataEnvelope(productSchema);
export const productPageEnvelope = dataEnvelope(z.array(productSchema)).extend({ meta: pageMetaResponseSchema });
export const catalogFacetsEnvelope = dataEnvelope(catalogFacetsSchema);
