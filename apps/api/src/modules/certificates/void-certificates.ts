import { and, eq, inArray } from 'drizzle-orm';
import { certificates, orderItems } from '../../db/schema/index.ts';
import type { Tx } from '../cart/cart.repository.ts';
import { stockLedger } from '../catalog/stock-ledger.ts';
import { certificatesChanged } from '../impact/impact.events.ts';
import { recordEvents } from '../orders/order-state.ts';
import { generateSerial, tonnesOf } from './certificate.rules.ts';
import type { CertificateRow } from './certificates.repository.ts';

/** Serial collisions (60 random bits a year) are so rare that a fifth in a row means something else is wrong. */
const SERIAL_ATTEMPTS = 5;

export interface VoidRequest {
  orderId: string;
  /** The order's readable number, for the stock ledger's note. */
  orderNumber: string;
  currency: string;
  /** Offset lines and how many of their units (tonnes) are no longer retired. Goods lines are skipped. */
  lines: { orderItemId: string; quantity: number }[];
  /** Why, as the verification page shows it after "Void — refunded on …" (the operator's reason). */
  reason: string;
  at: Date;
  /** Who decided it (the stock ledger and the timeline name them). */
  actor: { userId: string | null; email: string | null; kind: 'operator' | 'system' | 'provider' };
}

export interface VoidedCertificateInfo {
  /** The certificate that became void. */
  certificate: CertificateRow;
  /** Tonnes (in thousandths) no longer retired and back in the product's stock. */
  voidedTonnesMilli: number;
  /** The certificate issued for what is left of the line, when only part of it was voided. */
  replacement: CertificateRow | null;
}

/**
 * THE void step of a refund (issue 25, decision 0042), in the caller's transaction: for each
 * offset line, its valid certificate becomes `void` (date and reason); when only some of the
 * line's tonnes go, a new certificate (new serial, same issue date and beneficiary) states what
 * is left. The voided tonnes return to the product's stock (a stock ledger row, reason
 * `return`), and one buyer-facing timeline row lists the serials. Certificates already void are
 * left alone, so a repeated call voids nothing twice.
 *
 * The caller records the line's refunded quantity (order_items.refunded_quantity, which the
 * retired-tonne figures read) and sends mail; hooks such as a gift recipient's notice use the
 * answer, which names every voided certificate, its beneficiary and its replacement.
 */
export async function voidCertificates(tx: Tx, request: VoidRequest): Promise<VoidedCertificateInfo[]> {
  const wanted = new Map(request.lines.filter((line) => line.quantity > 0).map((line) => [line.orderItemId, line.quantity]));
  if (wanted.size === 0) return [];
  const rows = await tx
    .select({ certificate: certificates, productName: orderItems.productName })
    .from(certificates)
    .innerJoin(orderItems, eq(orderItems.id, certificates.orderItemId))
    .where(and(eq(certificates.orderId, request.orderId), inArray(certificates.orderItemId, [...wanted.keys()]), eq(certificates.status, 'valid')))
    .orderBy(certificates.orderItemId)
    .for('update', { of: certificates });

  const voided: VoidedCertificateInfo[] = [];
  for (const { certificate } of rows) {
    const voidedTonnesMilli = Math.min(wanted.get(certificate.orderItemId)! * 1000, certificate.tonnesMilli);
    const leftMilli = certificate.tonnesMilli - voidedTonnesMilli;
    // Void first: the partial unique index allows one valid certificate per line.
    const [gone] = await tx
      .update(certificates)
      .set({ status: 'void', voidedAt: request.at, voidReason: request.reason.slice(0, 500) })
      .where(and(eq(certificates.id, certificate.id), eq(certificates.status, 'valid')))
      .returning();
    if (!gone) continue;
    const replacement = leftMilli > 0 ? await issueReplacement(tx, certificate, leftMilli) : null;
    const final = replacement ? (await tx.update(certificates).set({ replacedBySerial: replacement.serial }).where(eq(certificates.id, gone.id)).returning())[0]! : gone;
    await stockLedger.adjust(tx, { table: 'product', id: certificate.productId }, voidedTonnesMilli / 1000, {
      reason: 'return',
      note: `Refund of order ${request.orderNumber}: certificate ${certificate.serial} void (${tonnesOf(voidedTonnesMilli)} t)`,
      actorUserId: request.actor.userId,
      actorEmail: request.actor.email,
      orderId: request.orderId,
    });
    voided.push({ certificate: final, voidedTonnesMilli, replacement });
  }
  if (voided.length > 0) {
    // Badges and public impact pages drop the voided tonnes when the refund commits.
    await certificatesChanged(tx, [request.orderId]);
    const listed = voided.map((v) => `${v.certificate.serial} (${tonnesOf(v.voidedTonnesMilli)} t${v.replacement ? `; ${tonnesOf(v.replacement.tonnesMilli)} t remain on ${v.replacement.serial}` : ''})`);
    await recordEvents(tx, { id: request.orderId, currency: request.currency }, [
      { actor: request.actor.kind, actorUserId: request.actor.userId, kind: 'certificates_voided', note: `Certificates void: ${listed.join(', ')}` },
    ]);
  }
  return voided;
}

/** A certificate for the tonnes of a line that stay retired: everything as before but the serial and tonnes. */
async function issueReplacement(tx: Tx, old: CertificateRow, tonnesMilli: number): Promise<CertificateRow> {
  // A gift stays a gift for what is left (decision 0051): its claim link and claim move to the new certificate.
  if (old.giftTokenHash) await tx.update(certificates).set({ giftTokenHash: null }).where(eq(certificates.id, old.id));
  for (let attempt = 1; attempt <= SERIAL_ATTEMPTS; attempt++) {
    const [row] = await tx
      .insert(certificates)
      .values({
        serial: generateSerial(),
        orderId: old.orderId,
        orderItemId: old.orderItemId,
        userId: old.userId,
        productId: old.productId,
        projectName: old.projectName,
        productSlug: old.productSlug,
        standardName: old.standardName,
        country: old.country,
        projectValidUntil: old.projectValidUntil,
        vintage: old.vintage,
        tonnesMilli,
        beneficiaryType: old.beneficiaryType,
        beneficiaryName: old.beneficiaryName,
        giftName: old.giftName,
        giftEmail: old.giftEmail,
        giftMessage: old.giftMessage,
        giftDeliverOn: old.giftDeliverOn,
        giftTokenHash: old.giftTokenHash,
        giftMailId: old.giftMailId,
        giftClaimedBy: old.giftClaimedBy,
        giftClaimedAt: old.giftClaimedAt,
        // The retirement happened then: graphs by issue date keep it where it was.
        issuedAt: old.issuedAt,
      })
      .onConflictDoNothing({ target: certificates.serial })
      .returning();
    if (row) return row;
  }
  throw new Error(`voidCertificates: no free serial after ${SERIAL_ATTEMPTS} attempts`);
}
