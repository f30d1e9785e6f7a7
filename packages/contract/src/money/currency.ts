import { z } from 'zod';
import { SUPPORTED_CURRENCIES, type CurrencyStrength } from './currencies.ts';

export * from './currencies.ts';
export * from './derivation.ts';

export const currencySchema = z.enum(SUPPORTED_CURRENCIES);
export const currencyStrengthSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]) satisfies z.ZodType<CurrencyStrength>;
