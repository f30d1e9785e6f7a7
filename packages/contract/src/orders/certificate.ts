import { z } from 'zod';

/**
 * Retirement certificates (`GET /v1/users/{id}/certificates`): every paid line of an offset
 * product issues one, with a unique serial. The PDF is `GET /api/v1/certificates/{serial}/pdf`
 * (owner only); `GET /api/v1/certificates/{serial}` is public and answers what a verifier may
 * see; the web's public page `/certificates/{serial}` shows it.
 */

/**
 * The 32 characters a serial's groups are drawn from: digits and capitals without 0/O/1/I,
 * which are misread when a serial is typed from paper. 32 = 2^5, so 5 random bits pick one.
 */
export const CERTIFICATE_SERIAL_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** e.g. GMC-2026-7Q4K-9XW2-M3TD: readable, no 0/O/1/I. */
export const CERTIFICATE_SERIAL_PATTERN = /^GMC-\d{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/;
export const certificateSerialParamsSchema = z.object({
  serial: z.string().trim().toUpperCase().regex(CERTIFICATE_SERIAL_PATTERN, 'This is not a certificate serial'),
});

/** `GET /v1/users/{id}/certificates`: only the caller's own id. */
export const userCertificatesParamsSchema = z.object({ id: z.uuid({ message: 'must be an id' }) });

/** The web page that verifies a serial, and the owner's PDF download (relative to the site). */
export const certificateVerifyPath = (serial: string) => `/certificates/${encodeURIComponent(serial)}`;
export const certificatePdfPath = (serial: string) => `/api/v1/certificates/${encodeURIComponent(serial)}/pdf`;

export const beneficiarySchema = z.object({
  type: z.enum(['person', 'business', 'event']),
  name: z.string(),
});

/** What anyone holding the serial may see. */
export const publicCertificateSchema = z.object({
  serial: z.string(),
  status: z.enum(['valid', 'void']),
  projectName: z.string(),
  productSlug: z.string(),
  standard: z.string().nullable(),
  country: z.string().nullable(),
  /** The project's validity date (ISO), when it has one. */
  projectValidUntil: z.string().nullable(),
  tonnes: z.number(),
  beneficiary: beneficiarySchema,
  issuedAt: z.string(),
  /** Set when void (a refund, decision 0042): when, why, and the certificate for what was left of the line, if any. */
  voidedAt: z.string().nullable().optional(),
  voidReason: z.string().nullable().optional(),
  replacedBySerial: z.string().nullable().optional(),
});
export type PublicCertificate = z.infer<typeof publicCertificateSchema>;

/** What the owner sees in their list. */
export const certificateSchema = publicCertificateSchema.extend({
  _id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  pdfUrl: z.string(),
  verifyUrl: z.string(),
});
export type Certificate = z.infer<typeof certificateSchema>;

export const certificatesEnvelopeSchema = z.object({ success: z.literal(true), data: z.array(certificateSchema) });
export const publicCertificateEnvelopeSchema = z.object({ success: z.literal(true), data: publicCertificateSchema });
