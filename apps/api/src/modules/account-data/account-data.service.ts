import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { DeleteAccountResponse } from '@app/contract';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { passwordMatches } from '../auth/auth.context.ts';
import type { CatalogHandle } from '../catalog/catalog.events.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import type { Uploads } from '../uploads/uploads.service.ts';
import type { UserRow } from '../users/users.repository.ts';
import { eraseAccount } from './account-deletion.ts';
import { collectAccountExport } from './account-export.ts';
import { sessionCache } from '../../plugins/session-cache.ts';
import { forgetCart } from '../cart/cart.store.ts';

export function createAccountDataService(deps: {
  db: Database;
  catalog: Pick<CatalogHandle, 'changed'>;
  provider: PaymentProvider;
  uploads: Pick<Uploads, 'release'>;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const sessionEnded = () => new AppError('UNAUTHENTICATED', 'Your session is not valid. Please log in again');

  return {
    async exportFor(user: UserRow): Promise<{ body: Buffer; fileName: string }> {
      const at = now();
      const data = await collectAccountExport(deps.db, user, at);
      return { body: Buffer.from(JSON.stringify(data, null, 2)), fileName: `carbonwise-data-${at.toISOString().slice(0, 10)}.json` };
    },

    async deleteAccount(user: UserRow, body: { password: string; reviews: 'keep' | 'delete' }): Promise<DeleteAccountResponse> {
      // 400, not 401: a wrong password must not sign the person out (as a password change).
      if (!(await passwordMatches(user, body.password))) {
        throw new AppError('VALIDATION_FAILED', 'Your password is not correct', { fields: { password: ['Your password is not correct'] } });
      }
      const erased = await deps.db.transaction(async (tx) => {
        // One deletion at a time per account: a second one waits here, then finds the account gone.
        const [row] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
        if (!row || row.deletedAt || row.tokenVersion !== user.tokenVersion || row.signInLockedAt) throw sessionEnded();
        return eraseAccount(tx, row, { reviews: body.reviews, now: now() });
      });

      // After the commit: this process's cached sessions of the account (decision 0053; others
      // lapse within SESSION_CACHE_MS), the catalog's stock and review figures, the closed
      // checkouts, the files.
      sessionCache.forget(user.id);
      forgetCart(user.id);
      const products = [...new Set([...erased.stockProducts, ...erased.reviewProducts])];
      if (erased.reviewProducts.length) await deps.catalog.changed(products);
      else if (erased.stockProducts.length) await deps.catalog.changed(erased.stockProducts, { stockOnly: true });
      for (const reference of erased.paymentReferences) {
        if (!deps.provider.cancelPayment) break;
        await deps.provider.cancelPayment(reference).catch((error: unknown) => deps.log.error({ err: error }, 'account deletion: closing the checkout of a cancelled order failed'));
      }
      await deps.uploads.release(...erased.uploadUrls);

      return {
        success: true,
        message: 'Your account has been deleted',
        data: { cancelledOrders: erased.cancelledOrders, keptOrders: erased.keptOrders, keptReviews: erased.keptReviews, deletedReviews: erased.deletedReviews },
      };
    },
  };
}
export type AccountDataService = ReturnType<typeof createAccountDataService>;
