/**
 * zod compiles object parsers with `new Function` unless told not to; under the API's CSP
 * (script-src 'self', no 'unsafe-eval') even its probe is refused and reported as a violation.
 * This is `z.config({ jitless: true })` without loading zod on pages that have no form: zod keeps
 * its configuration in `globalThis.__zod_globalConfig` (one object shared by every copy of zod)
 * and adopts an existing one when it loads, so setting it here, first thing in main.tsx, applies
 * before any schema exists. zod-jitless.test.ts checks that zod sees it.
 */
interface ZodGlobal {
  __zod_globalConfig?: { jitless?: boolean };
}

const holder = globalThis as ZodGlobal;
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
