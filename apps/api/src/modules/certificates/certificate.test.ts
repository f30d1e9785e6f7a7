import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { PublicCertificate } from '@app/contract/orders';
import { beneficiaryOf } from './certificate.rules.ts';
import { certificateFacts, renderCertificatePdf } from './certificate-pdf.ts';

const certificate: PublicCertificate = {
  serial: 'GMC-2026-7Q4K-9XW2-M3TD',
  status: 'valid',
  projectName: 'Kenya cookstoves',
  productSlug: 'kenya-cookstoves',
  standard: 'Gold Standard',
  country: 'Kenya',
  projectValidUntil: '2030-12-31',
  tonnes: 2.5,
  beneficiary: { type: 'event', name: 'Climate Week' },
  issuedAt: '2026-11-23T08:00:00.000Z',
};
const verifyUrl = 'https://shop.example/certificates/GMC-2026-7Q4K-9XW2-M3TD';

/** The glyph codes pdfkit writes for the standard fonts (hex strings in TJ arrays), back as text. */
function pageText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const streams = [...source.matchAll(/stream\n([\s\S]*?)\nendstream/g)].map((match) => match[1]);
  return streams
    .map((stream) => {
      const raw = Buffer.from(stream, 'latin1');
      const content = /^x/.test(stream) ? inflateSync(raw).toString('latin1') : stream;
      return [...content.matchAll(/<([0-9a-f]+)>/g)].map((hex) => Buffer.from(hex[1], 'hex').toString('latin1')).join('');
    })
    .join('');
}

describe('certificate PDF', () => {
  it('states every fact, labelled, in print order', () => {
    expect(certificateFacts(certificate, verifyUrl)).toEqual([
      ['Serial', 'GMC-2026-7Q4K-9XW2-M3TD'],
      ['Retired', '2.5 tonnes CO2e'],
      ['Project', 'Kenya cookstoves'],
      ['Standard', 'Gold Standard'],
      ['Country', 'Kenya'],
      ['Project valid until', '31 December 2030'],
      ['Beneficiary (event)', 'Climate Week'],
      ['Issued', '23 November 2026 (UTC)'],
      ['Status', 'Valid'],
      ['Verify at', verifyUrl],
    ]);
    const bare = certificateFacts({ ...certificate, standard: null, country: null, projectValidUntil: null, tonnes: 1, status: 'void' }, verifyUrl);
    expect(Object.fromEntries(bare)).toMatchObject({ Retired: '1 tonne CO2e', Standard: 'Not stated', Country: 'Not stated', 'Project valid until': 'Not stated', Status: 'Void' });
  });

  it('draws the title and the facts on one A4 page (read back from the page stream)', async () => {
    for (const compress of [false, true]) {
      const pdf = await renderCertificatePdf(certificate, verifyUrl, { compress });
      const text = pageText(pdf);
      for (const expected of ['Certificate of carbon offset retirement', 'GMC-2026-7Q4K-9XW2-M3TD', '2.5 tonnes CO2e', 'Kenya cookstoves', 'Gold Standard', 'Climate Week', '31 December 2030', '23 November 2026', verifyUrl]) {
        expect(text, `${expected} (compress ${compress})`).toContain(expected);
      }
      expect(pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)).toHaveLength(1);
    }
  });
});

describe('beneficiary', () => {
  it('is the buyer for a personal order, the business or event when the order names one, with fallbacks', () => {
    expect(beneficiaryOf({ business_id: null }, 'Ada Green')).toEqual({ type: 'person', name: 'Ada Green' });
    expect(beneficiaryOf({ kind: 'personal', business_id: null }, 'Ada Green')).toEqual({ type: 'person', name: 'Ada Green' });
    expect(beneficiaryOf({ business_id: 'b1' }, 'Ada Green')).toEqual({ type: 'business', name: 'Ada Green for their business' });
    expect(beneficiaryOf({ business_id: 'b1', business_name: 'Acme Ltd' }, 'Ada Green')).toEqual({ type: 'business', name: 'Acme Ltd' });
    expect(beneficiaryOf({ kind: 'event', conferance_code: 'COP31' }, 'Ada Green')).toEqual({ type: 'event', name: 'Event COP31' });
    expect(beneficiaryOf({ conferance_code: 'COP31', event_name: 'Climate Week' }, 'Ada Green')).toEqual({ type: 'event', name: 'Climate Week' });
    expect(beneficiaryOf({ kind: 'event' }, 'Ada Green')).toEqual({ type: 'event', name: 'Ada Green for an event' });
  });
});
