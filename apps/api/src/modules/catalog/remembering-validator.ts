import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';

/**
 * Validates with the contract's zod schema once per distinct input and remembers the valid
 * ones (up to 500; then it starts afresh), so repeated catalog reads — almost all of them —
 * skip the zod pass. Invalid input is checked every time and gets the usual 400 envelope.
 */
export const rememberingValidator: FastifySchemaCompiler<FastifySchema> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  const valid = new Map<string, { value: unknown }>();
  return (data: unknown) => {
    const key = JSON.stringify(data);
    const known = valid.get(key);
    if (known) return known;
    const result = validate(data) as { value: unknown; error?: unknown };
    if (!result.error) {
      if (valid.size >= 500) valid.clear();
      valid.set(key, result);
    }
    return result;
  };
};

