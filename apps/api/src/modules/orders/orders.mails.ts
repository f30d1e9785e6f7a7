import { uuidv7 } from '../../lib/uuid.ts';
import type { UserRow } from '../auth/auth.repository.ts';
import type { IssuedCertificate, NewCertificate } from '../certificates/certificates.repository.ts';
import { giftReceivedEmail } from '../gifts/gift-mail.ts';
import { giftSendAt } from '../gifts/gift.rules.ts';
import { deferredOrderConfirmation, type OrderConfirmationInput } from '../mail/mail.deferred.ts';
import type { MailDispatcher } from '../mail/mail.dispatcher.ts';
import type { OutboxInsert } from '../mail/mail.repository.ts';
import type { OrderItemRow, OrderRow } from './orders.repository.ts';

/** A mail written with an order, as the outbox takes it; the dispatcher is told of it after the commit. */
export type MailWritten = OutboxInsert & { id: string };

export interface OrderMailDeps {
  /** How a mail goes into the outbox: waiting for the sender, or already kept without SMTP (decision 0077). */
  mail: Pick<MailDispatcher, 'writtenAs'>;
  /** What the confirmation says (orders.payment.ts). */
  confirmation: (row: OrderRow, items: OrderItemRow[], issued: IssuedCertificate[]) => OrderConfirmationInput;
  publicUrl: string;
}

/** A person's name as an order or a mail shows it: first and last, empty when neither is known. */
export function buyerName(person: { firstName: string | null; lastName: string | null }): string {
  return `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim();
}

/**
 * The mails an order paid at once writes with it (place_order inserts them): the confirmation to
 * the account's address (decision 0005), written as what it will say and rendered after the commit
 * (decision 0065), and one mail per gifted certificate, held until the day the buyer chose.
 */
export function orderMails(
  deps: OrderMailDeps,
  { user, order, items, issued, issuedRows, at }: { user: UserRow; order: OrderRow; items: OrderItemRow[]; issued: IssuedCertificate[]; issuedRows: { row: NewCertificate; token: string | undefined }[]; at: Date },
): MailWritten[] {
  const fromName = buyerName(order) || buyerName(user);
  const confirmation: MailWritten = { id: uuidv7(), toAddress: user.email, ...deferredOrderConfirmation(deps.confirmation(order, items, issued)), ...deps.mail.writtenAs(at) };
  const gifts = issuedRows
    .filter((entry) => entry.token)
    .map(({ row, token }): MailWritten => {
      const sendAt = giftSendAt(row.giftDeliverOn ?? null, at);
      const email = giftReceivedEmail(
        { serial: row.serial, projectName: row.projectName, tonnesMilli: row.tonnesMilli, standardName: row.standardName ?? null, country: row.country ?? null, recipientName: row.giftName!, fromName, message: row.giftMessage ?? null },
        { publicUrl: deps.publicUrl, token: token! },
      );
      return {
        id: row.giftMailId ?? uuidv7(),
        toAddress: row.giftEmail!,
        template: email.template,
        subject: email.subject,
        html: email.html,
        text: email.text,
        headers: email.headers ?? null,
        nextAttemptAt: sendAt,
        ...deps.mail.writtenAs(at, sendAt),
      };
    });
  return [confirmation, ...gifts];
}
