import { certificatePdfPath, certificateVerifyPath, type Certificate, type PublicCertificate } from '@app/contract/orders';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { renderCertificatePdf } from './certificate-pdf.ts';
import { tonnesOf } from './certificate.rules.ts';
import { certificatesRepository as repo, type CertificateRow, type OwnedCertificate } from './certificates.repository.ts';

export const NO_CERTIFICATE = 'No certificate has this serial';

/**
 * Reading certificates: the owner's list and PDF, and the public check of a serial. The public
 * answer carries only what the certificate itself states: never the buyer's email, user id or
 * order.
 */
export function createCertificatesService(deps: { db: Database; publicUrl: string }) {
  const verifyUrl = (serial: string) => `${deps.publicUrl}${certificateVerifyPath(serial)}`;

  return {
    async listOwn(callerId: string, userId: string): Promise<Certificate[]> {
      if (callerId !== userId) throw new AppError('FORBIDDEN', 'You can only see your own certificates');
      const rows = await repo.listByUser(deps.db, userId);
      return rows.map((row) => presentOwned(row, verifyUrl(row.serial)));
    },

    async verify(serial: string): Promise<PublicCertificate> {
      const row = await repo.findBySerial(deps.db, serial);
      if (!row) throw new AppError('NOT_FOUND', NO_CERTIFICATE);
      return presentPublic(row);
    },

    /** The owner's PDF; anyone else is told, as for an unknown serial, that there is none. */
    async pdf(serial: string, callerId: string): Promise<Buffer> {
      const row = await repo.findBySerial(deps.db, serial);
      if (!row || row.userId !== callerId) throw new AppError('NOT_FOUND', NO_CERTIFICATE);
      return renderCertificatePdf(presentPublic(row), verifyUrl(row.serial));
    },
  };
}
export type CertificatesService = ReturnType<typeof createCertificatesService>;

export function presentPublic(row: CertificateRow): PublicCertificate {
  return {
    serial: row.serial,
    status: row.status,
    projectName: row.projectName,
    productSlug: row.productSlug,
    standard: row.standardName,
    country: row.country,
    projectValidUntil: row.projectValidUntil,
    tonnes: tonnesOf(row.tonnesMilli),
    beneficiary: { type: row.beneficiaryType, name: row.beneficiaryName },
    issuedAt: row.issuedAt.toISOString(),
    voidedAt: row.voidedAt?.toISOString() ?? null,
    voidReason: row.voidReason ?? null,
    replacedBySerial: row.replacedBySerial ?? null,
  };
}

function presentOwned(row: OwnedCertificate, verifyUrl: string): Certificate {
  return {
    ...presentPublic(row),
    _id: row.id,
    orderId: row.orderId,
    orderNumber: row.orderNumber ?? provisionalOrderNumber(row.orderId, row.orderCreatedAt),
    pdfUrl: certificatePdfPath(row.serial),
    verifyUrl,
  };
}

/**
 * GM-<yyyymmdd>-<last 6 of the id>, in the contract's order-number form, for orders placed
 * before orders carried their own number (order_number); stable for a given order.
 */
function provisionalOrderNumber(orderId: string, createdAt: Date): string {
  const day = createdAt.toISOString().slice(0, 10).replaceAll('-', '');
  return `GM-${day}-${orderId.replaceAll('-', '').slice(-6).toUpperCase()}`;
}
