import type { PGlite } from '@electric-sql/pglite';

/** Opens PGlite: on `dataDir` (undefined: in memory), starting from `template` bytes (a `dumpDataDir` tarball) when given. */
export function startPGlite(dataDir: string | undefined, template: Uint8Array | undefined): Promise<PGlite>;
