import { z } from 'zod';

/**
 * The answer of a route that an emailed link opens: a browser (asking for text/html) gets a small
 * page, any other caller JSON. Declared with both content types, so the API document says so.
 */
export const pageOrJson = (description: string, json: z.ZodType) => ({ description, content: { 'text/html': { schema: z.string() }, 'application/json': { schema: json } } });
