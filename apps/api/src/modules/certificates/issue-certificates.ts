import type { Tx } from '../cart/cart.repository.ts';
import { certificatesChanged } from '../impact/impact.events.ts';
import { beneficiaryOf, generateSerial, tonnesMilliOf } from './certificate.rules.ts';
import { certificatesRepository as repo, type IssuedCertificate, type NewCertificate, type OffsetLine } from './certificates.repository.ts';

/** Serial collisions (60 random bits a year) are so rare that a fifth in a row means something else is wrong. */
const SERIAL_ATTEMPTS = 5;

/**
 * Issues the retirement certificates of a paid order: one per line of an offset product (goods
 * lines get none), with the project, standard, country, validity, tonnes and beneficiary frozen
 * as they are now. Call it inside the transaction that marks the order paid, after the status
 * is set: it reads the order and its lines through `tx`, so the certificates commit or roll back
 * with the payment. Idempotent: a line that has a certificate keeps it, and a second call (a
 * replayed webhook) adds nothing. Three queries whatever the number of lines (more only on the
 * rare serial collision). Answers the certificates it wrote (none on a repeated call).
 */
export async function issueCertificatesForOrder(tx: Tx, orderId: string): Promise<IssuedCertificate[]> {
  const found = await repo.orderForIssue(tx, orderId);
  if (!found) throw new Error(`issueCertificatesForOrder: no order ${orderId}`);
  // A programming error, not a client's: certificates state a retirement that was paid for.
  if (found.order.status !== 'paid') throw new Error(`issueCertificatesForOrder: order ${orderId} is ${String(found.order.status)}, not paid`);

  const lines = (await repo.offsetLines(tx, orderId)).filter((line) => !line.issued);
  const issued: IssuedCertificate[] = [];
  if (lines.length === 0) return issued;
  const userId = String(found.order.user_id);
  const beneficiary = beneficiaryOf(found.order, found.buyerName);
  const toRow = (line: OffsetLine): NewCertificate => ({
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
    tonnesMilli: tonnesMilliOf(line.quantity),
    beneficiaryType: beneficiary.type,
    beneficiaryName: beneficiary.name,
  });

  let pending = lines;
  for (let attempt = 1; pending.length > 0; attempt++) {
    if (attempt > SERIAL_ATTEMPTS) throw new Error(`issueCertificatesForOrder: no free serial after ${SERIAL_ATTEMPTS} attempts`);
    const rows = await repo.insertNew(tx, pending.map(toRow));
    issued.push(...rows);
    const written = new Set(rows.map((row) => row.orderItemId));
    // Badges and public impact pages drop this buyer's (or business's) total when the payment commits.
    if (written.size > 0) await certificatesChanged(tx, [orderId]);
    const missed = pending.filter((line) => !written.has(line.orderItemId));
    if (missed.length === 0) return issued;
    // Not written: issued meanwhile by a concurrent call (fine), or its serial was taken (retry with a new one).
    const already = new Set(await repo.issuedLines(tx, missed.map((line) => line.orderItemId)));
    pending = missed.filter((line) => !already.has(line.orderItemId));
  }
  return issued;
}
