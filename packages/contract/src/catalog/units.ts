/**
 * What one unit of a product is, in words (issue 26.10): offsets are sold by the tonne of CO2e
 * (`unit` "tonne CO2e"), goods by the item. Zod-free, for the web and the mails alike.
 */
const TONNE = /^(t|tonnes?)( co2e)?$/i;

/**
 * Up to three decimals, none trailing, thousands grouped ("2.5", "0.001", "1,204"). One formatter
 * made once: `Number.toLocaleString` with options builds a new one per call (~30 µs each on the
 * server, where every order confirmation and cart line label calls it).
 */
const TONNES_FORMAT = new Intl.NumberFormat('en', { maximumFractionDigits: 3 });
export const formatTonnesNumber = (tonnes: number): string => TONNES_FORMAT.format(tonnes);

/** "1 tonne CO₂e", "2.5 tonnes CO₂e": a certificate's or an order's tonnes in a sentence. */
export const tonnesInWords = (tonnes: number): string => `${formatTonnesNumber(tonnes)} ${tonnes === 1 ? 'tonne' : 'tonnes'} CO₂e`;

export const isTonneUnit = (unit: string | null | undefined): boolean => typeof unit === 'string' && TONNE.test(unit.trim());

/** "per tonne CO₂e" beside a price; null for items (a price of an item needs no unit). */
export function pricePerUnit(unit: string | null | undefined): string | null {
  if (!unit || unit === 'item') return null;
  return isTonneUnit(unit) ? 'per tonne CO₂e' : `per ${unit}`;
}

/** A quantity with its unit: "1 t CO₂e", "2.5 t CO₂e"; items stay a bare count ("3"). */
export function quantityWithUnit(quantity: number, unit: string | null | undefined): string {
  if (isTonneUnit(unit)) return `${formatTonnesNumber(quantity)} t CO₂e`;
  if (!unit || unit === 'item') return String(quantity);
  return `${quantity} ${unit}`;
}

/** What a line does for the climate (issue 27.4): an offset line retires its tonnes; goods: nothing claimed. */
export function lineImpact(quantity: number, unit: string | null | undefined): string | null {
  return isTonneUnit(unit) ? `Retires ${quantityWithUnit(quantity, unit)}` : null;
}

/** Tonnes a set of lines retires (offset lines only). */
export function tonnesRetiredBy(lines: readonly { quantity: number; unit: string | null | undefined }[]): number {
  return lines.reduce((sum, line) => sum + (isTonneUnit(line.unit) ? line.quantity : 0), 0);
}

/** The share of a footprint gap (kg CO2e) these tonnes close, 0–1; null without a gap. */
export function gapShareClosed(tonnes: number, gapKg: number | null | undefined): number | null {
  if (!gapKg || gapKg <= 0) return null;
  return Math.min((tonnes * 1000) / gapKg, 1);
}
