/**
 * The verified impact badge: a small SVG in the familiar two-part shape ("verified impact" |
 * "12.5 t CO2e retired"), with the owner's name in its title. Every text is escaped, so a name
 * like `</svg><script>` stays text. Widths are estimated per character (no font metrics on the
 * server): generous enough for digits and the shop's sans-serif at 11 px.
 */
import { formatTonnesNumber } from '@app/contract';

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Tonnes for people: up to three decimals, none trailing ("12.5", "0.001", "1,204"). */
export function formatBadgeTonnes(tonnesMilli: number): string {
  return formatTonnesNumber(tonnesMilli / 1000);
}

const textWidth = (text: string) => Math.ceil(text.length * 6.6 + 14);

export function renderImpactBadge(name: string, tonnesMilli: number): string {
  const label = 'verified impact';
  const value = `${formatBadgeTonnes(tonnesMilli)} t CO₂e retired`;
  const left = textWidth(label);
  const right = textWidth(value);
  const width = left + right;
  const title = escapeXml(`${name}: ${value}, verified by certificates`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="28" role="img" aria-label="${title}">` +
    `<title>${title}</title>` +
    `<rect width="${width}" height="28" rx="5" fill="#14532d"/>` +
    `<rect x="${left}" width="${right}" height="28" rx="5" fill="#16a34a"/>` +
    `<rect x="${left}" width="6" height="28" fill="#16a34a"/>` +
    `<g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle">` +
    `<text x="${left / 2}" y="18">${escapeXml(label)}</text>` +
    `<text x="${left + right / 2}" y="18" font-weight="bold">${escapeXml(value)}</text>` +
    `</g></svg>`
  );
}
