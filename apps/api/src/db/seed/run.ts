import { count } from 'drizzle-orm';
import { loadConfig } from '../../config.ts';
import { configuredDatabase, openDatabase } from '../client.ts';
import { airports, categories, countries, products, sdgs, standards } from '../schema/index.ts';
import { seedIfEmpty } from './seed.ts';

/** `npm run seed`: migrates the configured database and seeds whatever is still empty. */
async function main() {
  const config = loadConfig();
  const handle = await openDatabase(configuredDatabase(config));
  try {
    await handle.migrate();
    if (!config.seedCatalog) console.log('SEED_CATALOG=false: the product catalog is left alone');
    await seedIfEmpty(handle.db, console.log, { catalog: config.seedCatalog });
    const tables = { products, categories, standards, sdgs, countries, airports };
    for (const [name, table] of Object.entries(tables)) {
      const [row] = await handle.db.select({ n: count() }).from(table);
      console.log(`  ${name.padEnd(11)} ${row.n}`);
    }
  } finally {
    await handle.close();
  }
}

/** Drizzle wraps driver errors ("Failed query: …"); the cause says what actually went wrong. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message || error.cause.name : '';
  return cause ? `${error.message.split('\n')[0]}: ${cause}` : error.message;
}

main().catch((error: unknown) => {
  console.error(`Seeding failed: ${describe(error)}`);
  process.exit(1);
});
