import type { GiftView } from '@app/contract/orders';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../auth/auth.repository.ts';
import { presentPublic } from '../certificates/certificates.service.ts';
import { impactOwnerChanged } from '../impact/impact.events.ts';
import { giftTokenHash } from './gift.rules.ts';
import { giftsRepository as repo, type GiftRow } from './gifts.repository.ts';

export const NO_GIFT = 'This gift link is not valid. Check that you opened the whole link from the email';

/**
 * Reading and claiming a gift by the token in the recipient's email (decision 0051). The token
 * is the only key: an unknown one answers 404, whoever asks.
 */
export function createGiftsService(deps: { db: Database; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  async function find(token: string): Promise<GiftRow> {
    const found = await repo.findByTokenHash(deps.db, giftTokenHash(token));
    if (!found) throw new AppError('NOT_FOUND', NO_GIFT);
    return found;
  }

  return {
    /** `GET /v1/gifts/{token}`: what was given, before the recipient signs in. */
    async view(token: string): Promise<GiftView> {
      return present(await find(token));
    },

    /**
     * `POST /v1/gifts/claim`: only the account whose verified email is the one the gift was sent
     * to, once, while the certificate is valid. The tonnes then count for the recipient and no
     * longer for the giver (orders/purchases.ts tonnesRetiredBy).
     */
    async claim(user: UserRow, token: string): Promise<{ message: string; data: GiftView }> {
      const gift = await find(token);
      const { certificate } = gift;
      const sameEmail = (certificate.giftEmail ?? '').toLowerCase() === user.email.toLowerCase();
      if (!sameEmail || !user.emailVerifiedAt) {
        throw new AppError('FORBIDDEN', 'This gift was sent to another email address. Sign in with the account that has the address the gift email came to, or create one with it');
      }
      if (certificate.giftClaimedAt) {
        if (certificate.giftClaimedBy === user.id) throw new AppError('CONFLICT', 'You have claimed this gift already');
        throw new AppError('CONFLICT', 'This gift has been claimed already');
      }
      if (certificate.status !== 'valid') throw new AppError('CONFLICT', 'This gift was cancelled: its certificate is void and can no longer be claimed');
      const claimed = await repo.claim(deps.db, giftTokenHash(token), user, now());
      // Lost a race with a concurrent claim (the same account, twice at once) or a void.
      if (!claimed) throw new AppError('CONFLICT', 'This gift has been claimed already');
      // The tonnes move from the giver's public impact to the recipient's (badges and pages).
      await impactOwnerChanged(deps.db, { users: [certificate.userId, user.id] });
      return { message: `Gift claimed: ${claimed.tonnesMilli / 1000} t CO2e now count in your footprint`, data: present({ certificate: claimed, fromName: gift.fromName }) };
    },
  };
}
export type GiftsService = ReturnType<typeof createGiftsService>;

function present({ certificate, fromName }: GiftRow): GiftView {
  const claimed = certificate.giftClaimedAt !== null;
  return {
    certificate: presentPublic(certificate),
    fromName,
    recipientName: certificate.giftName ?? certificate.beneficiaryName,
    recipientEmail: certificate.giftEmail ?? '',
    message: certificate.giftMessage,
    claimed,
    claimable: !claimed && certificate.status === 'valid',
  };
}
