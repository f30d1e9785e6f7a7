import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { AppError } from './lib/app-error.ts';
import { createCoupon } from './modules/coupons/coupon-admin.ts';
import { COUPON_CREATE_USAGE, parseCouponCreateArgs } from './modules/coupons/coupon-cli.ts';
import { toCouponView } from './modules/coupons/coupons.service.ts';
import { createCouponsRepository } from './modules/coupons/coupons.repository.ts';
import { coupons } from './db/schema/index.ts';

/**
 * Operator commands: `npm run cli -- <command> [options]`, on the configured database
 * (DATABASE_URL, or the embedded one in DATA_DIR — stop the server first: PGlite is one process).
 */
const COMMANDS = `Commands:
  coupon:create   create a coupon
  coupon:list     list coupons and how often each was used

${COUPON_CREATE_USAGE}`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(COMMANDS);
    return command ? 0 : 1;
  }
  if (command !== 'coupon:create' && command !== 'coupon:list') {
    console.error(`Unknown command ${command}\n\n${COMMANDS}`);
    return 1;
  }
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await handle.migrate();
    if (command === 'coupon:list') {
      for (const row of await handle.db.select().from(coupons).orderBy(coupons.code)) {
        const off = row.kind === 'percent' ? `${row.percentOff}%` : Object.entries(row.amountOffMinor ?? {}).map(([c, v]) => `${c} ${v}`).join(', ') + ' (minor units)';
        console.log(`${row.code.padEnd(16)} ${off.padEnd(40)} used ${row.usedCount}${row.maxUses !== null ? `/${row.maxUses}` : ''}`);
      }
      return 0;
    }
    let definition;
    try {
      definition = parseCouponCreateArgs(rest);
    } catch (error) {
      console.error(`${error instanceof Error ? error.message : String(error)}\n\n${COUPON_CREATE_USAGE}`);
      return 1;
    }
    const created = await createCoupon(createCouponsRepository(handle.db), definition);
    console.log(`Created coupon ${created.code}:`, JSON.stringify(toCouponView(created)));
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
