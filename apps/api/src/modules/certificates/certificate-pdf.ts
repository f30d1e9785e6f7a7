import PDFDocument from 'pdfkit';
import { create as createQr } from 'qrcode';
import type { PublicCertificate } from '@app/contract/orders';
import { formatTonnesNumber } from '@app/contract/units';

export const CERTIFICATE_PDF_TITLE = 'Certificate of carbon offset retirement';

const BENEFICIARY_LABEL = { person: 'Beneficiary', business: 'Beneficiary (business)', event: 'Beneficiary (event)' } as const;

// Made once: toLocaleDateString with options builds a new formatter on every call.
const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "1 tonne", "2.5 tonnes", in ASCII for the PDF's standard fonts. */
export const tonnesText = (tonnes: number) => `${formatTonnesNumber(tonnes)} ${tonnes === 1 ? 'tonne' : 'tonnes'} CO2e`;

/** "23 November 2026" for an ISO date or date-time, read in UTC. */
export const dateText = (iso: string) => DATE.format(new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso));

/** What the certificate states, label by label, in the order printed. */
export function certificateFacts(certificate: PublicCertificate, verifyUrl: string): Array<[label: string, value: string]> {
  return [
    ['Serial', certificate.serial],
    ['Retired', tonnesText(certificate.tonnes)],
    ['Project', certificate.projectName],
    ['Standard', certificate.standard ?? 'Not stated'],
    ['Country', certificate.country ?? 'Not stated'],
    ['Project valid until', certificate.projectValidUntil ? dateText(certificate.projectValidUntil) : 'Not stated'],
    [BENEFICIARY_LABEL[certificate.beneficiary.type], certificate.beneficiary.name],
    // A stamped date says its time zone: the reader's page shows their own (issue 26).
    ['Issued', `${dateText(certificate.issuedAt)} (UTC)`],
    ['Status', certificate.status === 'valid' ? 'Valid' : 'Void'],
    ['Verify at', verifyUrl],
  ];
}

const GREEN = '#1f6f4a';
const INK = '#1d2621';
const MUTED = '#5b6660';

/**
 * One A4 page, drawn with the PDF standard fonts (nothing to load; names outside Latin-1 lose
 * their accents). Built in memory: a certificate is a couple of kilobytes, and the whole buffer
 * lets the route send a Content-Length. The serial is in the document's Title and Subject too,
 * readable without inflating the page stream.
 */
export function renderCertificatePdf(certificate: PublicCertificate, verifyUrl: string, options: { compress?: boolean } = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    compress: options.compress ?? true,
    info: { Title: `${CERTIFICATE_PDF_TITLE} ${certificate.serial}`, Subject: `Serial ${certificate.serial}: ${tonnesText(certificate.tonnes)} retired`, Author: 'Carbonwise' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const { width, height } = doc.page;
  const left = 72;
  const contentWidth = width - left * 2;
  doc.lineWidth(2).strokeColor(GREEN).rect(28, 28, width - 56, height - 56).stroke();
  doc.lineWidth(0.5).rect(36, 36, width - 72, height - 72).stroke();

  doc.fillColor(GREEN).font('Helvetica-Bold').fontSize(11).text('CARBONWISE', left, 80, { width: contentWidth, align: 'center', characterSpacing: 3 });
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(24).text(CERTIFICATE_PDF_TITLE, left, 110, { width: contentWidth, align: 'center' });
  doc.moveDown(1.2).font('Helvetica').fontSize(12).fillColor(MUTED).text('This certifies that', { width: contentWidth, align: 'center' });
  doc.moveDown(0.4).font('Helvetica-Bold').fontSize(30).fillColor(GREEN).text(tonnesText(certificate.tonnes), { width: contentWidth, align: 'center' });
  doc.moveDown(0.4).font('Helvetica').fontSize(12).fillColor(MUTED).text(`${certificate.tonnes === 1 ? 'was' : 'were'} retired on behalf of`, { width: contentWidth, align: 'center' });
  doc.moveDown(0.4).font('Helvetica-Bold').fontSize(18).fillColor(INK).text(certificate.beneficiary.name, { width: contentWidth, align: 'center' });

  let y = doc.y + 36;
  doc.moveTo(left, y - 14).lineTo(width - left, y - 14).lineWidth(0.5).strokeColor('#c9d3cd').stroke();
  const labelWidth = 150;
  for (const [label, value] of certificateFacts(certificate, verifyUrl)) {
    doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(label.toUpperCase(), left, y + 2, { width: labelWidth, characterSpacing: 0.5 });
    doc.font(label === 'Serial' ? 'Courier-Bold' : 'Helvetica').fontSize(12).fillColor(INK).text(value, left + labelWidth, y, { width: contentWidth - labelWidth });
    y = Math.max(doc.y, y + 16) + 10;
  }

  // A QR code of the verification address, so a printed certificate can be checked with a phone (issue 26.17).
  drawQrCode(doc, verifyUrl, width / 2 - QR_SIZE / 2, Math.min(y + 4, height - 130 - QR_SIZE - 8));

  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(
    'Scan the code or go to the address above: anyone can check this certificate there; it looks its serial up in the Carbonwise register. The project, standard, country, validity and tonnes were recorded when the order was paid.',
    left,
    height - 130,
    { width: contentWidth, align: 'center' },
  );
  doc.end();
  return finished;
}

const QR_SIZE = 84;

/** The `qrcode` library's module matrix drawn as filled squares (error correction M, four-module quiet zone). */
function drawQrCode(doc: PDFKit.PDFDocument, value: string, x: number, y: number): void {
  const { modules } = createQr(value, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cell = QR_SIZE / (modules.size + quiet * 2);
  doc.save().rect(x, y, QR_SIZE, QR_SIZE).fill('#ffffff');
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(col, row)) doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell, cell);
    }
  }
  doc.fill(INK).restore();
}
