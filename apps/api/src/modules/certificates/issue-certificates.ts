import type { Tx } from '../cart/cart.repository.ts';
import { certificatesChanged } from '../impact/impact.events.ts';
import { uuidv7 } from '../../lib/uuid.ts';
import { giftTokenHash, newGiftToken } from '../gifts/gift.rules.ts';
import { beneficiaryOf, generateSerial, tonnesMilliOf, type Beneficiary } from './certificate.rules.ts';
import { certificatesRepository as repo, type IssuedCertificate, type NewCertificate, type OffsetLine } from './certificates.repository.ts';

/** Serial collisions (60 random bits a year) are so rare that a fifth in a row means something else is wrong. */
const SERIAL_ATTEMPTS = 5;

/** A gift certificate just issued, with the claim token its recipient's email carries (never stored). */
export interface IssuedGift {
  certificate: NewCertificate;
  token: string;
  /** The giver, as the order names the buyer. */
  fromName: string;
}

/**
 * Issues the retirement certificates of a paid order: one per line of an offset product (goods
 * lines get none), with the project, standard, country, validity, tonnes and beneficiary frozen
 * as they are now. Call it inside the transaction that marks the order paid, after the status
 * is set: it reads the order and its lines through `tx`, so the certificates commit or roll back
 * with the payment. Idempotent: a line that has a certificate keeps it, and a second call (a
 * replayed webhook) adds nothing. Three queries whatever the number of lines (more only on the
 * rare serial collision). Answers the certificates it wrote (none on a repeated call).
 */
export async function issueCertificatesWithGifts(tx: Tx, orderId: string): Promise<{ issued: IssuedCertificate[]; gifts: IssuedGift[] }> {
  const found = await repo.orderForIssue(tx, orderId);
  if (!found) throw new Error(`issueCertificatesForOrder: no order ${orderId}`);
  // A programming error, not a client's: certificates state a retirement that was paid for.
  if (found.order.status !== 'paid') throw new Error(`issueCertificatesForOrder: order ${orderId} is ${String(found.order.status)}, not paid`);

  const lines = (await repo.offsetLines(tx, orderId)).filter((line) => !line.issued);
  const issued: IssuedCertificate[] = [];
  const gifts: IssuedGift[] = [];
  if (lines.length === 0) return { issued, gifts };
  const userId = String(found.order.user_id);
  const beneficiary = beneficiaryOf(found.order, found.buyerName);
  const fromName = `${String(found.order.first_name ?? '')} ${String(found.order.last_name ?? '')}`.trim() || found.buyerName;
  // A gift's token is drawn once per line, so a retried insert (serial collision) keeps it.
  const tokens = new Map(lines.filter((line) => line.giftName && line.giftEmail).map((line) => [line.orderItemId, newGiftToken()]));
  const toRow = (line: OffsetLine): NewCertificate => certificateRowFor(line, { orderId, userId, beneficiary, token: tokens.get(line.orderItemId) });

  let pending = lines;
  for (let attempt = 1; pending.length > 0; attempt++) {
    if (attempt > SERIAL_ATTEMPTS) throw new Error(`issueCertificatesForOrder: no free serial after ${SERIAL_ATTEMPTS} attempts`);
    const built = pending.map(toRow);
    const rows = await repo.insertNew(tx, built);
    issued.push(...rows);
    const written = new Set(rows.map((row) => row.orderItemId));
    // Badges and public impact pages drop this buyer's (or business's) total when the payment commits.
    if (written.size > 0) await certificatesChanged(tx, [orderId]);
    for (const row of built) if (written.has(row.orderItemId) && row.giftTokenHash) gifts.push({ certificate: row, token: tokens.get(row.orderItemId)!, fromName });
    const missed = pending.filter((line) => !written.has(line.orderItemId));
    if (missed.length === 0) break;
    // Not written: issued meanwhile by a concurrent call (fine), or its serial was taken (retry with a new one).
    const already = new Set(await repo.issuedLines(tx, orderId, missed.map((line) => line.orderItemId)));
    pending = missed.filter((line) => !already.has(line.orderItemId));
  }
  return { issued, gifts };
}

/** The certificates of a paid order, as `issueCertificatesWithGifts`, answering only those it wrote. */
export async function issueCertificatesForOrder(tx: Tx, orderId: string): Promise<IssuedCertificate[]> {
  return (await issueCertificatesWithGifts(tx, orderId)).issued;
}

/**
 * The certificate of one offset line, frozen as it is now: a new serial, the project's fields,
 * the tonnes and the beneficiary (a gift names its recipient, decision 0051). `token` is the
 * gift's claim token when the line is a gift. Also used by the placement paid at once, which
 * writes its certificates in its one database call (orders.place-at-once.ts).
 */
export function certificateRowFor(line: OffsetLine, context: { orderId: string; userId: string; beneficiary: Beneficiary; token: string | undefined }): NewCertificate {
  const { orderId, userId, beneficiary, token } = context;
  return {
    ...giftFields(line, token),
    serial: generateSerial(),
    orderId,
    orderItemId: line.orderItemId,
    userId,
    productId: line.productId,
    projectName: line.projectName,
    productSlug: line.productSlug,
    standardName: line.standardName,
    country: line.country,
    projectValidUntil: line.projectValidUntil,
    vintage: line.vintage,
    tonnesMilli: tonnesMilliOf(line.quantity),
    // A gift names its recipient as the beneficiary (decision 0051).
    beneficiaryType: token ? 'person' : beneficiary.type,
    beneficiaryName: token ? line.giftName! : beneficiary.name,
  };
}

/** The certificate's gift columns: copied from the order line, with the token's hash and the id its email will have. */
function giftFields(line: OffsetLine, token: string | undefined): Partial<NewCertificate> {
  if (!token) return {};
  return { giftName: line.giftName, giftEmail: line.giftEmail, giftMessage: line.giftMessage, giftDeliverOn: line.giftDeliverOn, giftTokenHash: giftTokenHash(token), giftMailId: uuidv7() };
}
