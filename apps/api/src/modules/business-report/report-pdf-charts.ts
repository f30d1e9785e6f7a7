const INK = '#1d2621';
const MUTED = '#5b6660';
const GRID = '#dfe6e2';
const BAR = '#1f6f4a';
const BAR_MUTED = '#9bbfad';

/** A round axis maximum: 1, 2, 2.5 or 5 × a power of ten, at least the value (1 for nothing). */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

const tick = (value: number) => value.toLocaleString('en-GB', { maximumFractionDigits: 2 });

/**
 * Horizontal bars with a value axis along the bottom (ticks at fifths of a round maximum), a
 * label above each bar and its value at its end. Vector shapes only.
 */
export function barChart(doc: PDFKit.PDFDocument, chart: { x: number; y: number; width: number; bars: Array<{ label: string; value: number; muted?: boolean }>; unit: string }): void {
  const max = niceMax(Math.max(...chart.bars.map((bar) => bar.value)));
  const rowHeight = 34;
  const plotWidth = chart.width - 70;
  const top = chart.y;
  const plotHeight = chart.bars.length * rowHeight;
  for (let i = 0; i <= 5; i++) {
    const x = chart.x + (plotWidth * i) / 5;
    doc.moveTo(x, top).lineTo(x, top + plotHeight).lineWidth(0.5).strokeColor(GRID).stroke();
    doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(tick((max * i) / 5), x - 20, top + plotHeight + 4, { width: 40, align: 'center', lineBreak: false });
  }
  doc.moveTo(chart.x, top + plotHeight).lineTo(chart.x + plotWidth, top + plotHeight).lineWidth(1).strokeColor(INK).stroke();
  doc.text(chart.unit, chart.x, top + plotHeight + 16, { width: plotWidth, align: 'center', lineBreak: false });
  chart.bars.forEach((bar, i) => {
    const y = top + i * rowHeight;
    doc.font('Helvetica').fontSize(8.5).fillColor(INK).text(bar.label, chart.x + 2, y + 2, { width: plotWidth, lineBreak: false, ellipsis: true });
    const length = Math.max(1, (plotWidth * bar.value) / max);
    doc.rect(chart.x, y + 14, length, 14).fillColor(bar.muted ? BAR_MUTED : BAR).fill();
    doc.font('Helvetica-Bold').fontSize(8.5).fillColor(INK).text(tick(bar.value), chart.x + length + 4, y + 17, { width: 66, lineBreak: false });
  });
  doc.x = chart.x;
  doc.y = top + plotHeight + 32;
}

/** Vertical columns over labelled categories (months), a value axis on the left with gridlines. */
export function columnChart(doc: PDFKit.PDFDocument, chart: { x: number; y: number; width: number; height: number; labels: string[]; values: number[]; unit: string; max: number }): void {
  const axisWidth = 44;
  const plotX = chart.x + axisWidth;
  const plotWidth = chart.width - axisWidth;
  const top = chart.y;
  for (let i = 0; i <= 4; i++) {
    const y = top + chart.height - (chart.height * i) / 4;
    doc.moveTo(plotX, y).lineTo(plotX + plotWidth, y).lineWidth(0.5).strokeColor(i === 0 ? INK : GRID).stroke();
    doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(tick((chart.max * i) / 4), chart.x, y - 4, { width: axisWidth - 6, align: 'right', lineBreak: false });
  }
  doc.moveTo(plotX, top).lineTo(plotX, top + chart.height).lineWidth(1).strokeColor(INK).stroke();
  const slot = plotWidth / chart.labels.length;
  chart.labels.forEach((label, i) => {
    const value = chart.values[i] ?? 0;
    const h = (chart.height * value) / chart.max;
    if (h > 0) doc.rect(plotX + i * slot + slot * 0.2, top + chart.height - h, slot * 0.6, h).fillColor(BAR).fill();
    doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(label, plotX + i * slot, top + chart.height + 4, { width: slot, align: 'center', lineBreak: false });
  });
  doc.text(chart.unit, chart.x, top - 12, { width: axisWidth + 40, lineBreak: false });
  doc.x = chart.x;
  doc.y = top + chart.height + 20;
}
