import type { Database } from '../../db/client.ts';
import type { Tx } from '../cart/cart.repository.ts';
import type { createMailRepository } from '../mail/mail.repository.ts';
import { giftVoidedEmail } from './gift-mail.ts';
import { giftsRepository as repo } from './gifts.repository.ts';

export interface GiftVoidDeps {
  mail: ReturnType<typeof createMailRepository>;
  publicUrl: string;
}

/**
 * Tells the recipients of voided gift certificates (a refund voids them, decision 0051). Call it
 * in the transaction that voids the certificates, with their ids (certificates that are not
 * gifts are skipped). A gift whose email is still held for its day is withdrawn instead: its
 * recipient never heard of it, so there is nothing to take back. Every other recipient gets
 * the void notice through the outbox (committed with the void, sent after it). Answers how
 * many were told and how many held emails were withdrawn.
 */
export async function notifyGiftRecipientsOfVoid(tx: Tx | Database, certificateIds: string[], deps: GiftVoidDeps): Promise<{ told: number; withdrawn: number }> {
  const gifts = await repo.giftsAmong(tx, certificateIds);
  if (gifts.length === 0) return { told: 0, withdrawn: 0 };
  const withdrawn = new Set(await repo.withdrawHeldMail(tx, gifts.map((gift) => gift.certificate.giftMailId).filter((id): id is string => Boolean(id))));
  let told = 0;
  for (const { certificate, fromName } of gifts) {
    if (certificate.giftMailId && withdrawn.has(certificate.giftMailId)) continue;
    const email = giftVoidedEmail(
      {
        serial: certificate.serial,
        projectName: certificate.projectName,
        tonnesMilli: certificate.tonnesMilli,
        standardName: certificate.standardName,
        country: certificate.country,
        recipientName: certificate.giftName ?? certificate.beneficiaryName,
        fromName,
        message: null,
      },
      deps.publicUrl,
    );
    await deps.mail.enqueue(tx as unknown as Database, certificate.giftEmail!, email);
    told++;
  }
  return { told, withdrawn: withdrawn.size };
}
