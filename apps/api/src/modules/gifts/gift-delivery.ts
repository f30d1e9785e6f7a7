import type { Database } from '../../db/client.ts';
import type { Tx } from '../cart/cart.repository.ts';
import type { IssuedGift } from '../certificates/issue-certificates.ts';
import type { createMailRepository } from '../mail/mail.repository.ts';
import { giftReceivedEmail } from './gift-mail.ts';
import { giftSendAt } from './gift.rules.ts';

/**
 * Puts each new gift's email in the outbox, in the paying transaction, held until its day
 * (`next_attempt_at`): the dispatcher's sweep (every 15 s) sends it once it is due. The row's id
 * is the one the certificate keeps (gift_mail_id), so a void before the day can withdraw it.
 */
export async function enqueueGiftMails(tx: Tx, gifts: IssuedGift[], deps: { mail: ReturnType<typeof createMailRepository>; publicUrl: string; now: Date }): Promise<void> {
  for (const { certificate, token, fromName } of gifts) {
    const email = giftReceivedEmail(
      {
        serial: certificate.serial,
        projectName: certificate.projectName,
        tonnesMilli: certificate.tonnesMilli,
        standardName: certificate.standardName ?? null,
        country: certificate.country ?? null,
        recipientName: certificate.giftName!,
        fromName,
        message: certificate.giftMessage ?? null,
      },
      { publicUrl: deps.publicUrl, token },
    );
    await deps.mail.enqueue(tx as unknown as Database, certificate.giftEmail!, email, { id: certificate.giftMailId ?? undefined, notBefore: giftSendAt(certificate.giftDeliverOn ?? null, deps.now) });
  }
}
