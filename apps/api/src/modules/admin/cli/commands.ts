import { parseArgs } from 'node:util';
import { operatorRoleSchema } from '@app/contract/admin';
import { emailSchema } from '@app/contract';
import { coupons } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import { createCoupon } from '../../coupons/coupon-admin.ts';
import { COUPON_CREATE_USAGE, parseCouponCreateArgs } from '../../coupons/coupon-cli.ts';
import { createCouponsRepository } from '../../coupons/coupons.repository.ts';
import { toCouponView } from '../../coupons/coupons.service.ts';
import type { AdminContext } from '../admin.context.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { createOperatorsService } from '../operators/operators.service.ts';

export const COMMANDS = `Commands:
  admin:grant <email> --role owner|staff   make an account an operator of the shop (or change its role)
  admin:revoke <email>                     remove an operator (their console sessions end at once)
  admin:list                               list operators
  coupon:create                            create a coupon
  coupon:list                              list coupons and how often each was used

${COUPON_CREATE_USAGE}

They work whether the shop is running or not (decision 0029).`;

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The operator commands of `npm run cli`, run in whichever process holds the database: the
 * running server (over its operator socket, operator-socket.ts) or the command line itself when
 * no server runs. Writes are audited like the console's (source `cli`).
 */
export async function runOperatorCommand(ctx: AdminContext, argv: string[], who: string): Promise<CommandResult> {
  const out: string[] = [];
  const err: string[] = [];
  const done = (code: number): CommandResult => ({ code, stdout: out.join('\n') + (out.length ? '\n' : ''), stderr: err.join('\n') + (err.length ? '\n' : '') });
  const actor: Actor = { userId: null, email: `cli:${who}`.slice(0, 254), source: 'cli', requestId: null };
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'admin:grant': {
        const { values, positionals } = parseArgs({ args: rest, options: { role: { type: 'string' } }, allowPositionals: true });
        const email = emailSchema.safeParse(positionals[0] ?? '');
        const role = operatorRoleSchema.safeParse(values.role);
        if (!email.success || !role.success || positionals.length !== 1) {
          err.push('Usage: npm run cli -- admin:grant <email> --role owner|staff');
          return done(1);
        }
        const result = await createOperatorsService(ctx).grant(actor, email.data, role.data, 'cli');
        out.push(
          `${email.data} ${result.changed ? 'is now' : 'was already'} ${role.data}${result.active ? '' : ' (no verified account has this email yet: the role takes effect when it is verified)'}.`,
          'They sign in at /admin and set up an authenticator app the first time.',
        );
        return done(0);
      }
      case 'admin:revoke': {
        const email = emailSchema.safeParse(rest[0] ?? '');
        if (!email.success || rest.length !== 1) {
          err.push('Usage: npm run cli -- admin:revoke <email>');
          return done(1);
        }
        const removed = await createOperatorsService(ctx).revokeEmail(actor, email.data);
        if (!removed) {
          err.push(`${email.data} is not an operator.`);
          return done(1);
        }
        out.push(`${email.data} is no longer an operator; their console sessions have ended.`);
        return done(0);
      }
      case 'admin:list': {
        const { data } = await createOperatorsService(ctx).list({ page: 1, size: 100, sort: 'email', order: 'asc' });
        for (const op of data) out.push(`${op.email.padEnd(40)} ${op.role.padEnd(6)} ${op.status.padEnd(8)} ${op.mfaEnrolled ? 'authenticator set up' : 'no authenticator yet'}`);
        if (data.length === 0) out.push('No operators yet: npm run cli -- admin:grant <email> --role owner');
        return done(0);
      }
      case 'coupon:list': {
        for (const row of await ctx.db.select().from(coupons).orderBy(coupons.code)) {
          const off = row.kind === 'percent' ? `${row.percentOff}%` : Object.entries(row.amountOffMinor ?? {}).map(([c, v]) => `${c} ${v}`).join(', ') + ' (minor units)';
          out.push(`${row.code.padEnd(16)} ${off.padEnd(40)} used ${row.usedCount}${row.maxUses !== null ? `/${row.maxUses}` : ''}${row.disabledAt ? ' (disabled)' : ''}`);
        }
        return done(0);
      }
      case 'coupon:create': {
        let definition;
        try {
          definition = parseCouponCreateArgs(rest);
        } catch (error) {
          err.push(`${error instanceof Error ? error.message : String(error)}\n\n${COUPON_CREATE_USAGE}`);
          return done(1);
        }
        const created = await ctx.db.transaction(async (tx) => {
          const row = await createCoupon(createCouponsRepository(tx as unknown as AdminContext['db']), definition);
          await recordAudit(tx, actor, { action: 'coupon.create', entity: 'coupon', entityId: row.id, summary: `Created coupon ${row.code} from the command line`, after: toCouponView(row) });
          return row;
        });
        out.push(`Created coupon ${created.code}: ${JSON.stringify(toCouponView(created))}`);
        return done(0);
      }
      default:
        err.push(command && command !== 'help' && command !== '--help' ? `Unknown command ${command}\n\n${COMMANDS}` : COMMANDS);
        return done(command === 'help' || command === '--help' ? 0 : 1);
    }
  } catch (error) {
    if (error instanceof AppError) {
      err.push(error.message);
      return done(1);
    }
    throw error;
  }
}
