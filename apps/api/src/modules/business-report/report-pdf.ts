import PDFDocument from 'pdfkit';
import { GHG_CATEGORIES, type BusinessReport } from '@app/contract/business-carbon';
import { barChart, columnChart, niceMax } from './report-pdf-charts.ts';

export const REPORT_PDF_TITLE = 'Emissions report';

const GREEN = '#1f6f4a';
const INK = '#1d2621';
const MUTED = '#5b6660';
const RULE = '#c9d3cd';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The PDF standard fonts speak WinAnsi: anything else would print as junk, so it is replaced. */
export const pdfText = (text: string) =>
  text
    .replace(/[\u2212\u2010-\u2013]/g, '-')
    .replace(/\u2014/g, ' - ')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/₂/g, '2')
    .replace(/[^\u0009\u000a\u0020-\u007e\u00a0-\u00ff]/g, '?');

/** "12.35 t" for kg, with thousands separators. */
export const tonnesLabel = (kg: number) => `${(kg / 1000).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} t`;

/**
 * The report as an A4 PDF: a summary page with the category chart, the inventory lines, the
 * retirements with a chart by month and the certificate list, then the method and sources. Each
 * part starts on its own page; every page says whose report it is and its page number. Drawn
 * with the standard fonts and vector shapes only (nothing to load).
 */
export function renderReportPdf(report: BusinessReport, options: { compress?: boolean } = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 72, bottom: 64, left: 56, right: 56 },
    bufferPages: true,
    compress: options.compress ?? true,
    info: { Title: pdfText(`${REPORT_PDF_TITLE} ${report.year}: ${report.businessName}`), Subject: `GHG Protocol scope 3 categories and offsets retired, ${report.year}`, Author: 'Carbonwise' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const heading = (text: string) => doc.font('Helvetica-Bold').fontSize(18).fillColor(INK).text(pdfText(text), left, doc.y, { width });
  const para = (text: string, size = 10, color = INK) => doc.font('Helvetica').fontSize(size).fillColor(color).text(pdfText(text), left, doc.y, { width });
  const ensure = (space: number) => {
    if (doc.y + space > bottom()) doc.addPage();
  };

  // --- Page 1: summary ------------------------------------------------------------------------
  doc.font('Helvetica-Bold').fontSize(11).fillColor(GREEN).text('CARBONWISE', left, doc.y, { width, characterSpacing: 3 });
  doc.moveDown(0.4).font('Helvetica-Bold').fontSize(24).fillColor(INK).text(pdfText(`${REPORT_PDF_TITLE} ${report.year}`), { width });
  doc.font('Helvetica').fontSize(14).text(pdfText(`${report.businessName} (${report.businessCode})`), { width });
  para(`Period ${report.period.from} to ${report.period.to} (UTC). Unit: tonnes of CO2 equivalent (t CO2e). Generated ${report.generatedAt.slice(0, 10)}.`, 10, MUTED);
  doc.moveDown(1);
  const figures: Array<[string, number, boolean]> = [
    ['Scope 3 inventory', report.totals.inventoryKg, false],
    ["Members' shared footprints (memo)", report.totals.membersKg, false],
    ['Gross emissions', report.totals.grossKg, true],
    ['Retired in its name (valid certificates)', report.totals.retiredKg, false],
    ['Net inventory (inventory - retired)', report.totals.netInventoryKg, true],
    ['Net (gross - retired)', report.totals.netKg, true],
  ];
  for (const [label, kg, strong] of figures) {
    const y = doc.y;
    doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(11).fillColor(INK).text(pdfText(label), left, y, { width: width - 140 });
    doc.text(pdfText(tonnesLabel(kg)), left + width - 140, y, { width: 140, align: 'right' });
    doc.moveTo(left, doc.y + 3).lineTo(left + width, doc.y + 3).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.moveDown(0.5);
  }
  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text('Emissions by GHG Protocol category (t CO2e)', left, doc.y, { width });
  doc.moveDown(0.5);
  if (report.categories.length === 0) para('Nothing was recorded for this year: no business calculator inputs, no event footprints and no shared member footprints.', 10, MUTED);
  else barChart(doc, { x: left, y: doc.y, width, bars: report.categories.map((c) => ({ label: pdfText(c.label), value: c.kg / 1000, muted: c.category === 'memo.members' })), unit: 't CO2e' });

  // --- Page 2: inventory ----------------------------------------------------------------------
  doc.addPage();
  heading('Inventory by category');
  para(report.operations.recorded ? `Business calculator inputs for ${report.year} last saved ${report.operations.updatedAt!.slice(0, 10)}.` : `No business calculator inputs were saved for ${report.year}.`, 10, MUTED);
  doc.moveDown(0.6);
  if (report.lines.length === 0) para('No emissions were recorded for this year.', 10, MUTED);
  for (const category of report.categories) {
    ensure(60);
    doc.moveDown(0.4).font('Helvetica-Bold').fontSize(11).fillColor(GREEN).text(pdfText(`${GHG_CATEGORIES[category.category]}: ${tonnesLabel(category.kg)}`), left, doc.y, { width });
    for (const line of report.lines.filter((l) => l.category === category.category)) {
      ensure(40);
      const y = doc.y + 4;
      doc.font('Helvetica').fontSize(10).fillColor(INK).text(pdfText(line.label), left, y, { width: width - 110 });
      doc.text(tonnesLabel(line.kg), left + width - 110, y, { width: 110, align: 'right' });
      const spend = line.usd === undefined ? '' : ` USD ${line.usd.toLocaleString('en-GB', { maximumFractionDigits: 2 })} x ${line.kgPerUsd} kg/USD.`;
      doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(pdfText(`${line.method}.${spend} Source: ${line.factorSource} (${line.factorYear}).`), left, doc.y, { width: width - 110 });
    }
  }
  if (report.members.shared > 0 || report.members.notShared > 0) {
    ensure(60);
    doc.moveDown(1);
    const quiet = report.members.notShared;
    const notCounted = quiet > 0 ? `; ${quiet} ${quiet === 1 ? 'person' : 'people'} saved one without sharing it and ${quiet === 1 ? 'is' : 'are'} not counted` : '';
    para(`${report.members.shared} ${report.members.shared === 1 ? 'person' : 'people'} shared their footprint for this report${notCounted}.`, 9, MUTED);
  }

  // --- Page 3: retirements --------------------------------------------------------------------
  doc.addPage();
  heading('Offsets retired');
  para(`${report.retired.tonnes.toLocaleString('en-GB', { maximumFractionDigits: 3 })} t CO2e on ${report.retired.certificates.length} valid ${report.retired.certificates.length === 1 ? 'certificate' : 'certificates'} issued in ${report.year}.${report.retired.voidExcluded > 0 ? ` ${report.retired.voidExcluded} void (refunded) ${report.retired.voidExcluded === 1 ? 'certificate is' : 'certificates are'} not counted.` : ''}`, 10, MUTED);
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text('Tonnes retired by month (t CO2e)', left, doc.y, { width });
  doc.moveDown(0.4);
  columnChart(doc, { x: left, y: doc.y + 18, width, height: 150, labels: MONTHS, values: report.retired.byMonth, unit: 't CO2e', max: niceMax(Math.max(0, ...report.retired.byMonth)) });
  doc.moveDown(1);
  if (report.retired.certificates.length === 0) para('No certificates were issued in the business\'s name this year.', 10, MUTED);
  for (const c of report.retired.certificates) {
    ensure(52);
    const y = doc.y + 6;
    doc.font('Courier-Bold').fontSize(9).fillColor(INK).text(c.serial, left, y, { width: 170 });
    doc.font('Helvetica-Bold').fontSize(10).text(pdfText(c.projectName), left + 175, y, { width: width - 175 - 90 });
    doc.text(`${c.tonnes.toLocaleString('en-GB', { maximumFractionDigits: 3 })} t`, left + width - 90, y, { width: 90, align: 'right' });
    const facts = [c.standard ?? 'No standard stated', c.country ?? 'No country stated', c.vintage ? `vintage ${c.vintage}` : 'no vintage stated', c.projectValidUntil ? `valid until ${c.projectValidUntil}` : 'no validity date', `for ${c.beneficiaryName}`, `issued ${c.issuedAt.slice(0, 10)}`, 'valid'];
    doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(pdfText(facts.join(' · ').replace(/·/g, '-')), left + 175, doc.y, { width: width - 175 });
  }

  // --- Page 4: method -------------------------------------------------------------------------
  doc.addPage();
  heading('Method and sources');
  doc.moveDown(0.4);
  for (const text of report.method) {
    ensure(40);
    para(text, 9.5);
    doc.moveDown(0.4);
  }
  doc.moveDown(0.4).font('Helvetica-Bold').fontSize(11).fillColor(INK).text('Not covered', left, doc.y, { width });
  for (const text of report.notCovered) para(`- ${text}`, 9.5);
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(11).fillColor(INK).text('Factor sources', left, doc.y, { width });
  if (report.sources.length === 0) para('No factors were used: nothing was recorded.', 9.5, MUTED);
  for (const source of report.sources) para(`- ${source.name} (${source.year})`, 9.5);

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const { margins } = doc.page;
    doc.page.margins = { ...margins, top: 0, bottom: 0 };
    doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(pdfText(`${report.businessName} - ${REPORT_PDF_TITLE} ${report.year}`), left, 36, { width, lineBreak: false });
    doc.text(`Page ${i + 1} of ${range.count}`, left, doc.page.height - 40, { width, align: 'right', lineBreak: false });
    doc.page.margins = margins;
  }
  doc.end();
  return finished;
}
